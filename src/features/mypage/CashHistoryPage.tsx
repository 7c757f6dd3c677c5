import { formatUsdt } from '../../../contract/amounts';
import { CASH_STATUS_NAME, type CashRequest, type CashType } from '../../../contract/wallet';
import { removalOf, type RemovalDraft } from '../../../machines/moneyDrafts';
import { useCashList, type CashFilter } from '../../data/queries';
import { useT } from '../../i18n';
import { DateRange } from '../../ui/DateRange';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { MoneyButton } from '../../ui/MoneyButton';
import { todayRange } from '../../ui/dayRange';
import { CASH_TYPE_LABEL } from '../../ui/historyLabels';
import { HISTORY_TYPES, type HistoryKind } from './cashHistory';
import { MyPageLayout } from './MyPageLayout';

const REMOVAL_CONFIRM = { cancel: 'front.mypage.cancelConfirm', hide: 'front.mypage.hideConfirm' } as const;
const REMOVAL_LABEL = { cancel: 'front.mypage.cancel', hide: 'front.mypage.hide' } as const;

/** Cancel (applied) or hide (processed): the confirmed money action with cash/del; the list reads itself again after. */
function RemoveButton({ request }: { request: CashRequest }) {
  const t = useT();
  const removal = removalOf(request);
  return (
    <MoneyButton<RemovalDraft>
      kind="cashDel"
      draft={removal && { requestId: request.requestId, removal }}
      dialogs={{ confirm: (draft) => ({ messageId: REMOVAL_CONFIRM[draft.removal] }) }}
      variant="ghost"
      testId="cash-remove"
    >
      {removal && t(REMOVAL_LABEL[removal])}
    </MoneyButton>
  );
}

/** Deposit (chargeList) or withdrawal (exchangeList) history: days, type, 10 a page, cancel or hide. */
function CashHistory({ kind }: { kind: HistoryKind }) {
  const t = useT();
  const types = HISTORY_TYPES[kind];
  const list = useCashList({ range: todayRange(), cashType: types[0] } satisfies CashFilter, {
    failureAlertId: 'front.mypage.listError',
  });
  const columns: Column<CashRequest>[] = [
    { label: 'front.mypage.col.type', cell: (row) => t(CASH_TYPE_LABEL[row.cashType]) },
    {
      label: 'front.mypage.col.amount',
      align: 'end',
      cell: (row) => (
        <>
          <Money amount={row.amount} />
          {row.usdtAmount !== null && <small className="list-table__sub">{`${formatUsdt(row.usdtAmount)} USDT`}</small>}
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
          {t(`front.cash.status.${CASH_STATUS_NAME[row.status]}`)}
        </span>
      ),
    },
    { label: 'front.mypage.col.manage', align: 'center', cell: (row) => <RemoveButton request={row} /> },
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
