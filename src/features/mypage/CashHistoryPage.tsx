import type { AnswerOf } from '../../../contract/calls';
import type { CashRequest, CashType } from '../../../contract/wallet';
import { callApi } from '../../api/client';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateRange, type DayRange } from '../../ui/DateRange';
import { Money } from '../../ui/Money';
import { CASH_STATUS_LABEL, CASH_TYPE_LABEL, HISTORY_TYPES, removalOf, usdtText, type HistoryKind } from './cashHistory';
import { todayRange, rangePayload } from './dayRange';
import { DateTimeText } from './DateTimeText';
import { ListView, type Column } from './ListView';
import { MyPageLayout } from './MyPageLayout';
import { useMoneyAction } from './useMoneyAction';
import { usePagedList } from './usePagedList';

interface HistoryFilter {
  range: DayRange;
  cashType: CashType;
}

function loadHistory({ range, cashType }: HistoryFilter, page: number) {
  return callApi('cashList', { page, cashType, ...rangePayload(range) });
}

const REMOVAL_CONFIRM = { cancel: 'front.mypage.cancelConfirm', hide: 'front.mypage.hideConfirm' } as const;
const REMOVAL_LABEL = { cancel: 'front.mypage.cancel', hide: 'front.mypage.hide' } as const;

function RemoveButton({ request, onRemoved }: { request: CashRequest; onRemoved(): void }) {
  const t = useT();
  const removal = removalOf(request);
  const action = useMoneyAction<CashRequest, AnswerOf<'cashDel'>>({
    confirm: () => ({ messageId: REMOVAL_CONFIRM[removal ?? 'hide'] }),
    send: ({ requestId }) => callApi('cashDel', { requestId }),
    onDone: onRemoved,
  });
  if (!removal) return null;
  return (
    <Button variant="ghost" size="sm" disabled={action.submitting} data-testid="cash-remove" onClick={() => void action.submit(request)}>
      {t(REMOVAL_LABEL[removal])}
    </Button>
  );
}

/** Deposit (chargeList) or withdrawal (exchangeList) history: days, type, 10 a page, cancel or hide. */
function CashHistory({ kind }: { kind: HistoryKind }) {
  const t = useT();
  const types = HISTORY_TYPES[kind];
  const list = usePagedList(loadHistory, { range: todayRange(), cashType: types[0] }, { failureAlertId: 'front.mypage.listError' });
  const columns: Column<CashRequest>[] = [
    { label: 'front.mypage.col.type', cell: (row) => t(CASH_TYPE_LABEL[row.cashType]) },
    {
      label: 'front.mypage.col.amount',
      align: 'end',
      cell: (row) => (
        <>
          <Money amount={row.amount} />
          {row.usdtAmount !== null && <small className="mypage-table__sub">{`${usdtText(row.usdtAmount)} USDT`}</small>}
        </>
      ),
    },
    { label: 'front.mypage.col.bonus', align: 'end', cell: (row) => <Money amount={row.bonusAmount} /> },
    { label: 'front.mypage.col.appliedAt', cell: (row) => <DateTimeText value={row.createdAt} /> },
    { label: 'front.mypage.col.processedAt', cell: (row) => <DateTimeText value={row.processedAt} /> },
    {
      label: 'front.mypage.col.status',
      align: 'center',
      cell: (row) => (
        <span className={`cash-status cash-status--${row.status}`} data-testid="cash-status">
          {t(CASH_STATUS_LABEL[row.status])}
        </span>
      ),
    },
    { label: 'front.mypage.col.manage', align: 'center', cell: (row) => <RemoveButton request={row} onRemoved={list.reload} /> },
  ];
  return (
    <>
      <DateRange value={list.filter.range} busy={list.state.status === 'loading'} onSearch={(range) => list.search({ ...list.filter, range })}>
        <select
          aria-label={t('front.mypage.col.type')}
          name="cashType"
          value={list.filter.cashType}
          onChange={(event) => list.search({ ...list.filter, cashType: event.target.value as CashType })}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {t(CASH_TYPE_LABEL[type])}
            </option>
          ))}
        </select>
      </DateRange>
      <ListView list={list} columns={columns} rowKey={(row) => row.requestId} emptyId="front.mypage.emptyHistory" testId="cash-history" />
    </>
  );
}

export function ChargeListPage() {
  return (
    <MyPageLayout section="chargeList">
      <CashHistory kind="charge" />
    </MyPageLayout>
  );
}

export function ExchangeListPage() {
  return (
    <MyPageLayout section="exchangeList">
      <CashHistory kind="exchange" />
    </MyPageLayout>
  );
}
