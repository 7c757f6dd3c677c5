import { PARTNER_PRODUCTS, type MemberCommission, type PartnerProduct, type SettlementLine } from '../../../contract/partner';
import { useCalculationList, useCalculationUserList, usePartnerSummary } from '../../data/partner';
import { requestMerge } from '../../prompts/mergePrompt';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { DateRange } from '../../ui/DateRange';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { PRODUCT_LABEL } from './names';
import { PartnerSection } from './PartnerSection';

/** The settled commission not yet merged, and the merge modal's partner variant that moves it into cash. */
function CommissionMerge() {
  const t = useT();
  const summary = usePartnerSummary();
  const balance = summary.data?.commissionBalance ?? null;
  return (
    <div className="commission-box commission-box--inline">
      <span className="commission-box__label">{t('front.partner.commissionBalance')}</span>
      <Money amount={balance} className="commission-box__amount" testId="calculation-commission" />
      <Button size="sm" disabled={!balance} onClick={() => requestMerge({ variant: 'partner' })} data-testid="calculation-merge">
        {t('front.merge.title.partner')}
      </Button>
    </div>
  );
}

/**
 * partnerCalculationList (SPEC §2): the daily settlement lines by Seoul day and product, each written once; a
 * day's negative losing is carried to later days, and a line the operator reversed no longer counts.
 */
export function PartnerCalculationListPage() {
  const t = useT();
  const list = useCalculationList({ range: todayRange(), product: '' });
  const columns: Column<SettlementLine>[] = [
    { label: 'front.partner.col.day', cell: (row) => <time dateTime={row.day}>{row.day}</time> },
    { label: 'front.partner.col.product', cell: (row) => t(PRODUCT_LABEL[row.product]) },
    { label: 'front.partner.col.betCount', align: 'end', cell: (row) => formatNumber(row.betCount) },
    { label: 'front.partner.col.stake', align: 'end', cell: (row) => <Money amount={row.stakeTotal} /> },
    { label: 'front.partner.col.win', align: 'end', cell: (row) => <Money amount={row.winTotal} /> },
    { label: 'front.partner.kind.rolling', align: 'end', cell: (row) => <Money amount={row.rolling} /> },
    { label: 'front.partner.kind.losing', align: 'end', cell: (row) => <Money amount={row.losing} /> },
    { label: 'front.partner.col.carried', align: 'end', cell: (row) => <><Money amount={row.carriedIn} /> / <Money amount={row.carriedOut} /></> },
    {
      label: 'front.partner.col.settled',
      align: 'end',
      cell: (row) => (
        <span className={row.status === 'reversed' ? 'settlement settlement--reversed' : 'settlement'} data-testid="settlement-amount">
          <Money amount={row.amount} />
          {row.status === 'reversed' && <span className="tag">{t('front.partner.settlement.reversed')}</span>}
        </span>
      ),
    },
  ];
  return (
    <PartnerSection id="partnerCalculationList" actions={<CommissionMerge />}>
      <DateRange value={list.filter.range} busy={list.state.status === 'loading'} onSearch={(range) => list.search({ ...list.filter, range })}>
        <select
          aria-label={t('front.partner.col.product')}
          name="product"
          value={list.filter.product}
          onChange={(event) => list.search({ ...list.filter, product: event.target.value as PartnerProduct | '' })}
        >
          <option value="">{t('front.partner.filter.allProducts')}</option>
          {PARTNER_PRODUCTS.map((product) => <option key={product} value={product}>{t(PRODUCT_LABEL[product])}</option>)}
        </select>
      </DateRange>
      <ListView list={list} columns={columns} rowKey={(row) => row.lineId} emptyId="front.partner.empty.settlements" testId="settlements" />
    </PartnerSection>
  );
}

/** partnerCalculationUserList (SPEC §2): what each member's bets of the period earned this partner. */
export function PartnerCalculationUserListPage() {
  const list = useCalculationUserList({ range: todayRange(), memId: '' });
  const columns: Column<MemberCommission>[] = [
    { label: 'front.partner.col.member', cell: (row) => <span data-testid="member-commission-id">{`${row.memNick} (${row.memId})`}</span> },
    { label: 'front.partner.col.partnerOf', cell: (row) => row.partnerMemId },
    { label: 'front.partner.col.betCount', align: 'end', cell: (row) => formatNumber(row.betCount) },
    { label: 'front.partner.col.stake', align: 'end', cell: (row) => <Money amount={row.stakeTotal} /> },
    { label: 'front.partner.col.win', align: 'end', cell: (row) => <Money amount={row.winTotal} /> },
    { label: 'front.partner.kind.rolling', align: 'end', cell: (row) => <Money amount={row.rolling} testId="member-commission-rolling" /> },
    { label: 'front.partner.kind.losing', align: 'end', cell: (row) => <Money amount={row.losing} /> },
  ];
  return (
    <PartnerSection id="partnerCalculationUserList">
      <LineFilter range={list.filter.range} memId={list.filter.memId} busy={list.state.status === 'loading'} onSearch={(range, memId) => list.search({ range, memId })} />
      <ListView list={list} columns={columns} rowKey={(row) => row.memId} emptyId="front.partner.empty.commissions" testId="member-commissions" />
    </PartnerSection>
  );
}
