import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { Money } from '../../ui/Money';
import { AmountField, CashFormFrame, CashOutPassField } from './formParts';
import { LimitsNote } from './LimitsNote';
import { RequestStatus } from './RequestStatus';
import { useCashForm } from './useCashForm';
import { WalletPage } from './WalletPage';

/** The member's held money, live from the session (CASH pushes, balance checks). */
export function HeldMoney() {
  const t = useT();
  const cash = useSessionSelector((snapshot) => selectMember(snapshot)?.cashAmt ?? 0);
  return (
    <p className="held-money">
      <span className="held-money__label">{t('front.cash.held')}</span>
      <Money amount={cash} testId="held-money" className="money--cash" />
    </p>
  );
}

/** Withdrawals are closed for bank maintenance every night (the server refuses with C217). */
export function BankMaintenanceNote() {
  const t = useT();
  return <p className="wallet-notice">{t('front.cash.bankMaintenance')}</p>;
}

/** /exchange: a won withdrawal request (held money, presets, cash-out password), the open request. */
export function WithdrawalPage() {
  const t = useT();
  const form = useCashForm('out');
  return (
    <WalletPage title={t('front.cash.withdrawalTitle')} side={<RequestStatus direction="withdrawal" />}>
      <HeldMoney />
      <CashFormFrame form={form} testId="withdrawal-form" submitLabel={t('front.cash.submitWithdrawal')}>
        <AmountField form={form} />
        <LimitsNote direction="withdrawal" />
        <CashOutPassField form={form} />
      </CashFormFrame>
      <BankMaintenanceNote />
    </WalletPage>
  );
}
