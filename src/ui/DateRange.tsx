import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { Button } from './Button';
import './DateRange.css';
import type { DayRange } from './dayRange';

export type { DayRange } from './dayRange';

export interface DateRangeProps {
  value: DayRange;
  /** Called with the chosen range when the member searches; a reversed range is put in order first. */
  onSearch(range: DayRange): void;
  busy?: boolean;
  /** Extra filters shown before the search button (e.g. a type select). */
  children?: React.ReactNode;
}

/** From and to days plus a search button, for the history lists. */
export function DateRange({ value, onSearch, busy = false, children }: DateRangeProps) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = draft.startDay <= draft.endDay ? draft : { startDay: draft.endDay, endDay: draft.startDay };
    setDraft(ordered);
    onSearch(ordered);
  };
  return (
    <form className="date-range" onSubmit={submit} data-testid="date-range">
      <label className="date-range__day">
        <span>{t('front.dateRange.from')}</span>
        <input type="date" name="startDay" required value={draft.startDay} onChange={(event) => setDraft({ ...draft, startDay: event.target.value })} />
      </label>
      <span className="date-range__dash" aria-hidden="true">
        ~
      </span>
      <label className="date-range__day">
        <span>{t('front.dateRange.to')}</span>
        <input type="date" name="endDay" required value={draft.endDay} onChange={(event) => setDraft({ ...draft, endDay: event.target.value })} />
      </label>
      {children}
      <Button type="submit" size="sm" disabled={busy || !draft.startDay || !draft.endDay}>
        {t('front.dateRange.search')}
      </Button>
    </form>
  );
}
