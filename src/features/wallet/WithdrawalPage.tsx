import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { useWalletInfo } from '../../data/queries';
import { useT } from '../../i18n';
import { Money } from '../../ui/Money';
import { AmountField, CashFormFrame, CashOutPassField } from './formParts';
import { LimitsNote } from './LimitsNote';
import { RequestStatus } from './RequestStatus';
import { useCashForm } from './useCashForm';
import './wallet.css';

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
  const info = useWalletInfo();
  const limits = info.status === 'ready' ? info.data.limits : null;
  return (
    <div className="wallet-page">
      <section className="wallet-panel wallet-panel--main">
        <h1 className="section-title">{t('front.cash.withdrawalTitle')}</h1>
        <HeldMoney />
        <CashFormFrame form={form} testId="withdrawal-form" submitLabel={t('front.cash.submitWithdrawal')}>
          <AmountField form={form} />
          {limits && <LimitsNote min={limits.withdrawMin} max={limits.withdrawMax} unit={limits.withdrawUnit} />}
          <CashOutPassField form={form} />
        </CashFormFrame>
        <BankMaintenanceNote />
      </section>
      <div className="wallet-page__side">
        <RequestStatus direction="withdrawal" />
      </div>
    </div>
  );
}
