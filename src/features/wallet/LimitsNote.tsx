import type { WalletLimits } from '../../../contract/wallet';
import { useWalletInfo } from '../../data/queries';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import type { Direction } from './directions';

/** The site's limits once the wallet info has loaded, else null. */
export function useWalletLimits(): WalletLimits | null {
  const info = useWalletInfo();
  return info.status === 'ready' ? info.data.limits : null;
}

/**
 * The site's limits for one direction, once loaded (an empty line of its height before); `withUnit={false}` where the unit does not apply
 * (a USDT deposit's won value follows the price).
 */
export function LimitsNote({ direction, withUnit = true }: { direction: Direction; withUnit?: boolean }) {
  const t = useT();
  const limits = useWalletLimits();
  // Its line is kept while the limits load, so the form below does not move when they come.
  if (!limits) return <p className="limits-note limits-note--pending" aria-hidden="true" />;
  const [min, max, unit] =
    direction === 'deposit'
      ? [limits.depositMin, limits.depositMax, limits.depositUnit]
      : [limits.withdrawMin, limits.withdrawMax, limits.withdrawUnit];
  const range = { min: formatNumber(min), max: formatNumber(max) };
  return (
    <p className="limits-note" data-testid="cash-limits">
      {withUnit ? t('front.cash.limits', { ...range, unit: formatNumber(unit) }) : t('front.cash.limitsRange', range)}
    </p>
  );
}
