import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** The site's limits; `unit` is left out where it does not apply (a USDT deposit's won value follows the price). */
export function LimitsNote({ min, max, unit }: { min: number; max: number; unit?: number }) {
  const t = useT();
  const range = { min: formatNumber(min), max: formatNumber(max) };
  return (
    <p className="limits-note" data-testid="cash-limits">
      {unit === undefined ? t('front.cash.limitsRange', range) : t('front.cash.limits', { ...range, unit: formatNumber(unit) })}
    </p>
  );
}
