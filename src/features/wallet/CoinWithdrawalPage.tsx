import { parseWon, formatUsdt, usdtForWon } from '../../../contract/amounts';
import { useT } from '../../i18n';
import { CoinPrice } from './CoinPrice';
import { AmountField, CashFormFrame, CashOutPassField, TextField } from './formParts';
import { RequestStatus } from './RequestStatus';
import { useCoinCashForm } from './useCashForm';
import { LimitsNote } from './LimitsNote';
import { WalletPage } from './WalletPage';
import { BankMaintenanceNote, HeldMoney } from './WithdrawalPage';

/**
 * /coinExchange: a USDT withdrawal. The member takes won out of held money and receives the USDT it
 * buys at the current price (locked on confirming) at a TRC-20 address, checked before sending.
 */
export function CoinWithdrawalPage() {
  const t = useT();
  const { form, price, priceFailed } = useCoinCashForm('coinOut');
  const won = parseWon(form.form.amount);
  return (
    <WalletPage title={t('front.cash.coinWithdrawalTitle')} side={<RequestStatus direction="withdrawal" />}>
      <CoinPrice price={price} failed={priceFailed} />
      <HeldMoney />
      <CashFormFrame form={form} testId="coin-withdrawal-form" submitLabel={t('front.cash.submitWithdrawal')}>
        <AmountField form={form} />
        <LimitsNote direction="withdrawal" />
        <p className="converted" data-testid="coin-withdrawal-usdt">
          <span>{t('front.cash.usdtForWon')}</span>
          <strong>{won !== null && price ? t('front.cash.usdt', { usdt: formatUsdt(usdtForWon(won, price.priceKrw)) }) : '-'}</strong>
        </p>
        <TextField form={form} field="address" label={t('front.cash.address')} hint={t('front.cash.addressHint')} autoComplete="off" maxLength={64} placeholder="T…" />
        <CashOutPassField form={form} />
      </CashFormFrame>
      <BankMaintenanceNote />
    </WalletPage>
  );
}
