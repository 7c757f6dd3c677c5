import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { DateRange, type DayRange } from '../../ui/DateRange';

/**
 * The area's list filter: the days (SPEC §9: today by default) and a member of the line by id ('' for all),
 * applied together by the search button; `children` adds a list's own selects.
 */
export function LineFilter({ range, memId, busy, onSearch, children }: {
  range: DayRange;
  memId?: string;
  busy: boolean;
  onSearch(range: DayRange, memId: string): void;
  children?: ReactNode;
}) {
  const t = useT();
  const [typed, setTyped] = useState(memId ?? '');
  return (
    <DateRange value={range} busy={busy} onSearch={(next) => onSearch(next, typed.trim())}>
      {children}
      {memId !== undefined && (
        <input
          className="line-filter__member"
          name="memId"
          aria-label={t('front.partner.filter.memId')}
          placeholder={t('front.partner.filter.memId')}
          autoComplete="off"
          maxLength={20}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </DateRange>
  );
}
