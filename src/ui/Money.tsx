import { formatNumber } from '../i18n/format';
import { useT } from '../i18n';

export interface MoneyProps {
  /** Null while the amount is not known yet: a neutral dash, never a figure. */
  amount: number | null;
  /** Cash in won or points. */
  unit?: 'won' | 'points';
  testId?: string;
  className?: string;
}

/** An integer amount with thousands separators and its unit: 1,000,000원 / 50,000 P (— while not known). */
export function Money({ amount, unit = 'won', testId, className }: MoneyProps) {
  const t = useT();
  const id = unit === 'won' ? 'front.money.won' : 'front.money.points';
  const known = amount !== null;
  return (
    <span className={['money', known ? null : 'money--unknown', className].filter(Boolean).join(' ')} data-testid={testId} aria-busy={known ? undefined : true}>
      {known ? t(id, { amount: formatNumber(amount) }) : '—'}
    </span>
  );
}
