import { formatNumber } from '../i18n/format';
import { useT } from '../i18n';

export interface MoneyProps {
  amount: number;
  /** Cash in won or points. */
  unit?: 'won' | 'points';
  testId?: string;
  className?: string;
}

/** An integer amount with thousands separators and its unit: 1,000,000원 / 50,000 P. */
export function Money({ amount, unit = 'won', testId, className }: MoneyProps) {
  const t = useT();
  const id = unit === 'won' ? 'front.money.won' : 'front.money.points';
  return (
    <span className={['money', className].filter(Boolean).join(' ')} data-testid={testId}>
      {t(id, { amount: formatNumber(amount) })}
    </span>
  );
}
