import { formatUsdt, parseUsdt, wonForUsdt } from '../../../contract/amounts';
import { useCoinPrice, useWalletInfo } from '../../data/queries';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { showAlert } from '../../ui/alerts';
import { CoinPrice } from './CoinPrice';
import { CashFormFrame, TextField } from './formParts';
import { RequestStatus } from './RequestStatus';
import { useCashForm } from './useCashForm';
import { LimitsNote } from './LimitsNote';
import './wallet.css';

/** Copies with the Clipboard API, or the selection fallback where it is missing (plain http). */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  await showAlert({ messageId: 'front.cash.copied', level: 'agreeart' });
}

/**
 * /coinCharge: a USDT deposit. The member types USDT (read as micro-units), sees the won it is worth
 * at the current price, and pays into the site's address; confirming locks that price.
 */
export function CoinDepositPage() {
  const t = useT();
  const coin = useCoinPrice();
  const price = coin.data;
  const form = useCashForm('coinIn', price?.priceKrw ?? null);
  const micro = parseUsdt(form.form.usdt);
  const won = micro !== null && price ? wonForUsdt(micro, price.priceKrw) : null;
  const info = useWalletInfo();
  const limits = info.status === 'ready' ? info.data.limits : null;
  return (
    <div className="wallet-page">
      <section className="wallet-panel wallet-panel--main">
        <h1 className="section-title">{t('front.cash.coinDepositTitle')}</h1>
        <CoinPrice price={price} failed={coin.status === 'failed'} />
        <CashFormFrame form={form} testId="coin-deposit-form" submitLabel={t('front.cash.submitDeposit')}>
          <TextField form={form} field="usdt" label={t('front.cash.usdtAmount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />
          <p className="converted" data-testid="coin-deposit-won">
            <span>{t('front.cash.wonAtPrice')}</span>
            {micro !== null && won !== null ? (
              <>
                <span className="converted__usdt">{t('front.cash.usdt', { usdt: formatUsdt(micro) })} =</span>
                <Money amount={won} className="money--cash" />
              </>
            ) : (
              <span>-</span>
            )}
          </p>
          {/* The won it is worth must fit the deposit limits and unit. */}
          {limits && <LimitsNote min={limits.depositMin} max={limits.depositMax} />}
        </CashFormFrame>
      </section>
      <div className="wallet-page__side">
        <section className="wallet-panel" aria-labelledby="coin-address-title">
          <h2 className="wallet-panel__title" id="coin-address-title">{t('front.cash.depositAddress')}</h2>
          {price?.depositAddress ? (
            <div className="address-box">
              <code className="address-box__text" data-testid="coin-deposit-address">{price.depositAddress}</code>
              <Button variant="ghost" size="sm" data-testid="copy-address" onClick={() => void copyText(price.depositAddress)}>
                {t('front.cash.copy')}
              </Button>
            </div>
          ) : (
            <p className="wallet-panel__note">{t('front.cash.noAddress')}</p>
          )}
        </section>
        <RequestStatus direction="deposit" />
      </div>
    </div>
  );
}
