import { betResult, type BetGroup } from '../../../contract/betting';
import type { LineBetItem } from '../../../contract/partner';
import { useLineBettingList } from '../../data/partner';
import { currentLocale, useT } from '../../i18n';
import { useTree } from '../../routes/useTree';
import { BET_GROUP_FILTER, BET_GROUP_LABEL, BET_RESULT_LABEL, namesIn } from '../../ui/historyLabels';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { PartnerSection } from './PartnerSection';

/**
 * bettingList (SPEC §2): the bets of the line's members by days, product and member, each with the rolling and
 * losing it earned this partner (0 while it waits, and for void and tied bets).
 */
export function PartnerBettingListPage() {
  const t = useT();
  const tree = useTree();
  const locale = currentLocale();
  const list = useLineBettingList({ range: todayRange(), memId: '', groupKey: '' });
  const status = (row: LineBetItem) => {
    const result = betResult(row);
    return <span className={`bet-status bet-status--${result}`}>{t(BET_RESULT_LABEL[result])}</span>;
  };
  const result = (row: LineBetItem) => <Money amount={row.resultCash} className={row.resultCash >= 0 ? 'money--plus' : 'money--minus'} />;
  const commission = (row: LineBetItem) => (
    <span className="commission-pair" data-testid="line-bet-commission">
      <Money amount={row.rolling} /> / <Money amount={row.losing} />
    </span>
  );
  // A phone shows each bet as a card of three lines: who and what with its result, the money, when and what it earned.
  const columns: Column<LineBetItem>[] = tree === 'phone' ? [
    { label: 'front.bet.col.game', cell: (row) => <span className="bet-card__line"><span>{`${row.memId} · ${namesIn(row.gameName, locale)}`}</span>{status(row)}</span> },
    { label: 'front.bet.col.money', cell: (row) => <span className="bet-card__line"><span><Money amount={row.cash} /> → <Money amount={row.winCash} /></span>{result(row)}</span> },
    { label: 'front.partner.col.commission', cell: (row) => <span className="bet-card__line"><DateTimeText value={row.date} />{commission(row)}</span> },
  ] : [
    { label: 'front.bet.col.date', cell: (row) => <DateTimeText value={row.date} /> },
    { label: 'front.partner.col.member', cell: (row) => <span data-testid="line-bet-member">{row.memId}</span> },
    { label: 'front.bet.col.game', cell: (row) => `${namesIn(row.company, locale)} · ${namesIn(row.gameName, locale)}` },
    { label: 'front.bet.col.cash', align: 'end', cell: (row) => <Money amount={row.cash} /> },
    { label: 'front.bet.col.winCash', align: 'end', cell: (row) => <Money amount={row.winCash} /> },
    { label: 'front.bet.col.resultCash', align: 'end', cell: result },
    { label: 'front.bet.col.status', align: 'center', cell: status },
    { label: 'front.partner.col.commission', align: 'end', cell: commission },
  ];
  return (
    <PartnerSection id="partnerBettingList">
      <LineFilter range={list.filter.range} memId={list.filter.memId} busy={list.state.status === 'loading'} onSearch={(range, memId) => list.search({ ...list.filter, range, memId })}>
        <select
          aria-label={t('front.bet.col.product')}
          name="groupKey"
          value={list.filter.groupKey}
          onChange={(event) => list.search({ ...list.filter, groupKey: event.target.value as BetGroup | '' })}
        >
          {BET_GROUP_FILTER.map((group) => <option key={group} value={group}>{t(BET_GROUP_LABEL[group])}</option>)}
        </select>
      </LineFilter>
      <ListView list={list} columns={columns} rowKey={(row) => row.betId} emptyId="front.bet.empty" testId="line-bets" />
    </PartnerSection>
  );
}
