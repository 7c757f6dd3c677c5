import { useState } from 'react';
import { useWinLose } from '../../data/queries';
import { useT } from '../../i18n';
import { DateRange, type DayRange } from '../../ui/DateRange';
import { Money } from '../../ui/Money';
import { formatDate } from '../../i18n/format';
import { BET_GROUP_LABEL } from '../../ui/historyLabels';
import { MyPageLayout } from './MyPageLayout';
import './betting.css';

const WEEK_MS = 6 * 24 * 60 * 60_000;

/** The last seven Seoul days, today included. */
function lastWeek(now = new Date()): DayRange {
  return { startDay: formatDate(new Date(now.getTime() - WEEK_MS)), endDay: formatDate(now) };
}

/** The member's net result (winnings − stakes) per Seoul day and product, with the total of the range. */
export function WinLosePage() {
  const t = useT();
  const [range, setRange] = useState<DayRange>(lastWeek);
  const rows = useWinLose(range);
  const total = rows.status === 'ready' ? rows.data.reduce((sum, row) => sum + row.resultCash, 0) : 0;
  return (
    <MyPageLayout section="winLose">
      <DateRange value={range} busy={rows.status === 'loading'} onSearch={setRange} />
      <div className="list-view" data-testid="win-lose">
        <table className="list-table">
          <thead>
            <tr>
              <th>{t('front.bet.col.day')}</th>
              <th>{t('front.bet.col.product')}</th>
              <th className="is-end">{t('front.bet.col.count')}</th>
              <th className="is-end">{t('front.bet.col.cash')}</th>
              <th className="is-end">{t('front.bet.col.winCash')}</th>
              <th className="is-end">{t('front.bet.col.resultCash')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.status === 'ready' &&
              rows.data.map((row) => (
                <tr key={`${row.date}:${row.groupKey}`} data-testid="win-lose-row">
                  <td data-label={t('front.bet.col.day')}>{row.date}</td>
                  <td data-label={t('front.bet.col.product')}>{t(BET_GROUP_LABEL[row.groupKey])}</td>
                  <td data-label={t('front.bet.col.count')} className="is-end">{row.count}</td>
                  <td data-label={t('front.bet.col.cash')} className="is-end"><Money amount={row.cash} /></td>
                  <td data-label={t('front.bet.col.winCash')} className="is-end"><Money amount={row.winCash} /></td>
                  <td data-label={t('front.bet.col.resultCash')} className="is-end">
                    <Money amount={row.resultCash} className={row.resultCash >= 0 ? 'money--plus' : 'money--minus'} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
        {rows.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
        {rows.status === 'failed' && <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>}
        {rows.status === 'ready' && rows.data.length === 0 && <p className="panel-note">{t('front.bet.empty')}</p>}
        {rows.status === 'ready' && rows.data.length > 0 && (
          <p className="win-lose__total" data-testid="win-lose-total">
            {t('front.bet.total')} <Money amount={total} className={total >= 0 ? 'money--plus' : 'money--minus'} />
          </p>
        )}
      </div>
    </MyPageLayout>
  );
}
