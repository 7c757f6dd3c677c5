import { parseWon, formatUsdt, usdtForWon } from '../../../contract/amounts';
import { useCoinPrice, useWalletInfo } from '../../data/queries';
import { useT } from '../../i18n';
import { CoinPrice } from './CoinPrice';
import { AmountField, CashFormFrame, CashOutPassField, TextField } from './formParts';
import { RequestStatus } from './RequestStatus';
import { useCashForm } from './useCashForm';
import { LimitsNote } from './LimitsNote';
import { BankMaintenanceNote, HeldMoney } from './WithdrawalPage';
import './wallet.css';

/**
 * /coinExchange: a USDT withdrawal. The member takes won out of held money and receives the USDT it
 * buys at the current price (locked on confirming) at a TRC-20 address, checked before sending.
 */
export function CoinWithdrawalPage() {
  const t = useT();
  const coin = useCoinPrice();
  const price = coin.data;
  const form = useCashForm('coinOut', price?.priceKrw ?? null);
  const won = parseWon(form.form.amount);
  const info = useWalletInfo();
  const limits = info.status === 'ready' ? info.data.limits : null;
  return (
    <div className="wallet-page">
      <section className="wallet-panel wallet-panel--main">
        <h1 className="section-title">{t('front.cash.coinWithdrawalTitle')}</h1>
        <CoinPrice price={price} failed={coin.status === 'failed'} />
        <HeldMoney />
        <CashFormFrame form={form} testId="coin-withdrawal-form" submitLabel={t('front.cash.submitWithdrawal')}>
          <AmountField form={form} />
          {limits && <LimitsNote min={limits.withdrawMin} max={limits.withdrawMax} unit={limits.withdrawUnit} />}
          <p className="converted" data-testid="coin-withdrawal-usdt">
            <span>{t('front.cash.usdtForWon')}</span>
            <strong>{won !== null && price ? t('front.cash.usdt', { usdt: formatUsdt(usdtForWon(won, price.priceKrw)) }) : '-'}</strong>
          </p>
          <TextField form={form} field="address" label={t('front.cash.address')} hint={t('front.cash.addressHint')} autoComplete="off" maxLength={64} placeholder="T…" />
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
