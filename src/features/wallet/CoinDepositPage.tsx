import { formatUsdt, parseUsdt, wonForUsdt } from '../../../contract/amounts';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { showAlert } from '../../ui/alerts';
import { CoinPrice } from './CoinPrice';
import { CashFormFrame, TextField } from './formParts';
import { RequestStatus } from './RequestStatus';
import { useCoinCashForm } from './useCashForm';
import { LimitsNote } from './LimitsNote';
import { WalletPage } from './WalletPage';

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

/** The site's USDT address to pay into, with a copy button. */
function DepositAddress({ address }: { address: string | undefined }) {
  const t = useT();
  return (
    <section className="wallet-panel" aria-labelledby="coin-address-title">
      <h2 className="wallet-panel__title" id="coin-address-title">{t('front.cash.depositAddress')}</h2>
      {address ? (
        <div className="address-box">
          <code className="address-box__text" data-testid="coin-deposit-address">{address}</code>
          <Button variant="ghost" size="sm" data-testid="copy-address" onClick={() => void copyText(address)}>
            {t('front.cash.copy')}
          </Button>
        </div>
      ) : (
        <p className="wallet-panel__note">{t('front.cash.noAddress')}</p>
      )}
    </section>
  );
}

/**
 * /coinCharge: a USDT deposit. The member types USDT (read as micro-units), sees the won it is worth
 * at the current price, and pays into the site's address; confirming locks that price.
 */
export function CoinDepositPage() {
  const t = useT();
  const { form, price, priceFailed } = useCoinCashForm('coinIn');
  const micro = parseUsdt(form.form.usdt);
  const won = micro !== null && price ? wonForUsdt(micro, price.priceKrw) : null;
  return (
    <WalletPage
      title={t('front.cash.coinDepositTitle')}
      side={
        <>
          <DepositAddress address={price?.depositAddress} />
          <RequestStatus direction="deposit" />
        </>
      }
    >
      <CoinPrice price={price} failed={priceFailed} />
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
        <LimitsNote direction="deposit" withUnit={false} />
      </CashFormFrame>
    </WalletPage>
  );
}
