import type { PartnerMoneyMove } from '../../../contract/partner';
import { useMoneyMoveList, type MoneyMoveFilter } from '../../data/partner';
import { useT } from '../../i18n';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { PartnerSection } from './PartnerSection';

const DIRECTION_LABEL = { give: 'front.partner.move.give', take: 'front.partner.move.take' } as const;
const SUCCESS_LABEL = { Y: 'front.mypage.giveSuccess', N: 'front.mypage.giveFailure' } as const;

/**
 * partnerMoneyMoveList (SPEC §2, §3 money give/take record): each give and take with the member, the amount,
 * the partner's cash and the member's balance after, the time, success and the note.
 */
export function PartnerMoneyMoveListPage() {
  const t = useT();
  const list = useMoneyMoveList({ range: todayRange(), memId: '', direction: '' });
  const columns: Column<PartnerMoneyMove>[] = [
    { label: 'front.partner.col.direction', cell: (row) => <span className={`move-kind move-kind--${row.direction}`} data-testid="move-direction">{t(DIRECTION_LABEL[row.direction])}</span> },
    { label: 'front.partner.col.receivedId', cell: (row) => row.memId },
    { label: 'front.mypage.col.movedAmount', align: 'end', cell: (row) => <Money amount={row.amount} testId="move-amount" /> },
    { label: 'front.partner.col.ownCashAfter', align: 'end', cell: (row) => <Money amount={row.cashAfter} /> },
    { label: 'front.partner.col.balanceAfter', align: 'end', cell: (row) => (row.balanceAfter === null ? t('front.mypage.none') : <Money amount={row.balanceAfter} />) },
    { label: 'front.mypage.col.time', cell: (row) => <DateTimeText value={row.at} /> },
    { label: 'front.mypage.col.success', align: 'center', cell: (row) => t(SUCCESS_LABEL[row.success]) },
    { label: 'front.mypage.col.note', cell: (row) => row.note || t('front.mypage.none') },
  ];
  return (
    <PartnerSection id="partnerMoneyMoveList">
      <LineFilter range={list.filter.range} memId={list.filter.memId} busy={list.state.status === 'loading'} onSearch={(range, memId) => list.search({ ...list.filter, range, memId })}>
        <select
          aria-label={t('front.partner.col.direction')}
          name="direction"
          value={list.filter.direction}
          onChange={(event) => list.search({ ...list.filter, direction: event.target.value as MoneyMoveFilter['direction'] })}
        >
          <option value="">{t('front.partner.filter.allMoves')}</option>
          <option value="give">{t('front.partner.move.give')}</option>
          <option value="take">{t('front.partner.move.take')}</option>
        </select>
      </LineFilter>
      <ListView list={list} columns={columns} rowKey={(row) => row.recordId} emptyId="front.mypage.emptyGive" testId="money-moves" />
    </PartnerSection>
  );
}
