import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** The site's minimum, maximum and unit for one kind of request. */
export function LimitsNote({ min, max, unit }: { min: number; max: number; unit: number }) {
  const t = useT();
  return (
    <p className="limits-note" data-testid="cash-limits">
      {t('front.cash.limits', { min: formatNumber(min), max: formatNumber(max), unit: formatNumber(unit) })}
    </p>
  );
}
