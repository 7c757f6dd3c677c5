import { useState } from 'react';
import { betResult, type BetGroup, type BetItem } from '../../../contract/betting';
import { useBetList } from '../../data/queries';
import { currentLocale, useT } from '../../i18n';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { DateRange } from '../../ui/DateRange';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { BetDetailModal } from './BetDetailModal';
import { BET_GROUP_FILTER, BET_GROUP_LABEL, BET_RESULT_LABEL, namesIn } from '../../ui/historyLabels';
import { MyPageLayout } from './MyPageLayout';
import './betting.css';

/** SPEC §3 bet list: the member's bets of every product by day (today by default) and product, 10 a page. */
export function BettingListPage() {
  const t = useT();
  const locale = currentLocale();
  const tree = useTree();
  const [detail, setDetail] = useState<string | null>(null);
  const list = useBetList({ range: todayRange(), groupKey: '' }, {
    failureAlertId: 'front.mypage.listError',
  });
  const name = (row: BetItem) => `${namesIn(row.company, locale)} · ${namesIn(row.gameName, locale)}`;
  const status = (row: BetItem) => {
    const result = betResult(row);
    return <span className={`bet-status bet-status--${result}`} data-testid="bet-status">{t(BET_RESULT_LABEL[result])}</span>;
  };
  const resultMoney = (row: BetItem) => (
    <Money amount={row.resultCash} className={row.resultCash >= 0 ? 'money--plus' : 'money--minus'} testId="bet-result-cash" />
  );
  const open = (row: BetItem) => (
    <Button variant="ghost" size="sm" onClick={() => setDetail(row.betId)} data-testid="bet-detail-open">
      {t('front.bet.detail')}
    </Button>
  );
  // A phone shows each bet as a card of three lines: what and its result, the money, when and the detail.
  const columns: Column<BetItem>[] = tree === 'phone' ? [
    { label: 'front.bet.col.game', cell: (row) => <span className="bet-card__line"><span>{name(row)}</span>{status(row)}</span> },
    {
      label: 'front.bet.col.money',
      cell: (row) => <span className="bet-card__line"><span><Money amount={row.cash} /> → <Money amount={row.winCash} /></span>{resultMoney(row)}</span>,
    },
    { label: 'front.bet.col.date', cell: (row) => <span className="bet-card__line"><DateTimeText value={row.date} />{open(row)}</span> },
  ] : [
    { label: 'front.bet.col.date', cell: (row) => <DateTimeText value={row.date} /> },
    { label: 'front.bet.col.company', cell: (row) => namesIn(row.company, locale) },
    { label: 'front.bet.col.game', cell: (row) => namesIn(row.gameName, locale) },
    { label: 'front.bet.col.cash', align: 'end', cell: (row) => <Money amount={row.cash} /> },
    { label: 'front.bet.col.winCash', align: 'end', cell: (row) => <Money amount={row.winCash} /> },
    { label: 'front.bet.col.resultCash', align: 'end', cell: resultMoney },
    { label: 'front.bet.col.status', align: 'center', cell: status },
    { label: 'front.bet.col.detail', align: 'center', cell: open },
  ];
  return (
    <MyPageLayout section="bettingList">
      <DateRange value={list.filter.range} busy={list.state.status === 'loading'} onSearch={(range) => list.search({ ...list.filter, range })}>
        <select
          aria-label={t('front.bet.col.product')}
          name="groupKey"
          value={list.filter.groupKey}
          onChange={(event) => list.search({ ...list.filter, groupKey: event.target.value as BetGroup | '' })}
        >
          {BET_GROUP_FILTER.map((group) => (
            <option key={group} value={group}>
              {t(BET_GROUP_LABEL[group])}
            </option>
          ))}
        </select>
      </DateRange>
      <ListView list={list} columns={columns} rowKey={(row) => row.betId} emptyId="front.bet.empty" testId="bet-list" />
      {detail && <BetDetailModal betId={detail} onClose={() => setDetail(null)} />}
    </MyPageLayout>
  );
}
