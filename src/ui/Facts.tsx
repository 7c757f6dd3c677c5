import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** data-testid of the value. */
  testId?: string;
}

/**
 * Labelled values in a list: a form's facts above its fields (`mypage-facts`), or the stat tiles
 * (`stat-grid`, each a `stat`).
 */
export function Facts({ rows, className = 'mypage-facts', itemClassName, testId }: {
  rows: Fact[];
  className?: string;
  itemClassName?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(({ label, value, testId: valueTestId }) => (
        <div key={label} className={itemClassName}>
          <dt>{label}</dt>
          <dd data-testid={valueTestId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
