import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { DateRange, type DayRange } from '../../ui/DateRange';

/**
 * The area's list filter: the days (SPEC §9: today by default) and a member of the line by id ('' for all),
 * applied together by the search button; `children` adds a list's own selects. `memIdLabel` names the id field
 * (a partner's id on the list of lower partners).
 */
export function LineFilter({ range, memId, memIdLabel = 'front.partner.filter.memId', busy, onSearch, children }: {
  range: DayRange;
  memId?: string;
  memIdLabel?: string;
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
          aria-label={t(memIdLabel)}
          placeholder={t(memIdLabel)}
          autoComplete="off"
          maxLength={20}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </DateRange>
  );
}
