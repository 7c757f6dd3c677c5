import type { CoinPrice as Price } from '../../../contract/wallet';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { DateText } from '../../ui/DateText';

/** The won price of 1 USDT and when it was set. */
export function CoinPrice({ price, failed }: { price: Price | null; failed: boolean }) {
  const t = useT();
  return (
    <div className="coin-price" data-testid="coin-price">
      <span className="coin-price__label">{t('front.cash.price')}</span>
      {price ? (
        <>
          <strong className="coin-price__value" data-testid="coin-price-value">
            {t('front.cash.priceValue', { price: formatNumber(price.priceKrw) })}
          </strong>
          <span className="coin-price__time">
            {t('front.cash.priceSetAt')} <DateText value={price.setAt} format="monthDayTime" />
          </span>
        </>
      ) : (
        <span className="coin-price__time">{t(failed ? 'front.cash.noPrice' : 'front.loading')}</span>
      )}
    </div>
  );
}
