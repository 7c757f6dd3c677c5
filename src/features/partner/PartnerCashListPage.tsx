import { CASH_STATUS_NAME, CASH_TYPES, type CashType } from '../../../contract/wallet';
import type { LineCashItem } from '../../../contract/partner';
import { useLineCashList } from '../../data/partner';
import { useT } from '../../i18n';
import { CASH_TYPE_LABEL } from '../../ui/historyLabels';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { PartnerSection } from './PartnerSection';

/** cashList (SPEC §2): the deposits and withdrawals of the line's members, by days, type and member. */
export function PartnerCashListPage() {
  const t = useT();
  const list = useLineCashList({ range: todayRange(), memId: '', cashType: '' });
  const columns: Column<LineCashItem>[] = [
    { label: 'front.partner.col.member', cell: (row) => `${row.memNick} (${row.memId})` },
    { label: 'front.mypage.col.type', cell: (row) => t(CASH_TYPE_LABEL[row.cashType]) },
    { label: 'front.mypage.col.amount', align: 'end', cell: (row) => <Money amount={row.amount} /> },
    { label: 'front.mypage.col.bonus', align: 'end', cell: (row) => <Money amount={row.bonusAmount} /> },
    { label: 'front.mypage.col.appliedAt', cell: (row) => <DateTimeText value={row.createdAt} /> },
    { label: 'front.mypage.col.processedAt', cell: (row) => <DateTimeText value={row.processedAt} /> },
    {
      label: 'front.mypage.col.status',
      align: 'center',
      cell: (row) => <span className={`cash-status cash-status--${row.status}`}>{t(`front.cash.status.${CASH_STATUS_NAME[row.status]}`)}</span>,
    },
  ];
  return (
    <PartnerSection id="partnerCashList">
      <LineFilter range={list.filter.range} memId={list.filter.memId} busy={list.state.status === 'loading'} onSearch={(range, memId) => list.search({ ...list.filter, range, memId })}>
        <select
          aria-label={t('front.mypage.col.type')}
          name="cashType"
          value={list.filter.cashType}
          onChange={(event) => list.search({ ...list.filter, cashType: event.target.value as CashType | '' })}
        >
          <option value="">{t('front.partner.filter.allTypes')}</option>
          {CASH_TYPES.map((type) => <option key={type} value={type}>{t(CASH_TYPE_LABEL[type])}</option>)}
        </select>
      </LineFilter>
      <ListView list={list} columns={columns} rowKey={(row) => row.requestId} emptyId="front.mypage.emptyHistory" testId="line-cash" />
    </PartnerSection>
  );
}
