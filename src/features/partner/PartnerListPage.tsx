import { useState } from 'react';
import type { LowerPartner } from '../../../contract/partner';
import { useLowerPartnerList } from '../../data/partner';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { LEVEL_LABEL, MEMBER_STATUS_LABEL, rateText } from './names';
import { MoneyMoveDialog, type MoveTarget } from './MoneyMoveDialog';
import { PartnerSection } from './PartnerSection';
import { RateEditor } from './RateEditor';
import type { MoveDraft } from '../../../machines/partnerDrafts';

/** The lead rates of a partner in one line: casino and slot rolling, the products most members play. */
function LeadRates({ partner }: { partner: LowerPartner }) {
  const t = useT();
  return (
    <span className="rate-brief">
      {`${t('front.partner.product.casino')} ${rateText(partner.rates.casino.rolling)} · ${t('front.partner.product.slot')} ${rateText(partner.rates.slot.rolling)}`}
      {partner.pendingRates && <span className="tag" data-testid="partner-rate-pending">{t('front.partner.rate.pendingTag')}</span>}
    </span>
  );
}

/**
 * partnerList (SPEC §2): the lower partners of the line at every depth who joined on the days asked (today by
 * default, SPEC §9), with their level, members, rates and status; a direct lower partner's rates are changed
 * here (RateEditor), and money given or taken back.
 */
export function PartnerListPage() {
  const t = useT();
  const list = useLowerPartnerList({ range: todayRange(), memId: '' });
  const [rates, setRates] = useState<LowerPartner | null>(null);
  const [move, setMove] = useState<{ direction: MoveDraft['direction']; target: MoveTarget } | null>(null);
  const columns: Column<LowerPartner>[] = [
    { label: 'front.partner.col.partner', cell: (row) => <span data-testid="lower-partner-id">{`${row.memNick} (${row.memId})`}</span> },
    { label: 'front.partner.col.level', cell: (row) => t(LEVEL_LABEL[row.level]) },
    { label: 'front.partner.col.parent', cell: (row) => row.parentMemId },
    { label: 'front.partner.col.members', align: 'end', cell: (row) => t('front.partner.memberCounts', { direct: row.directMemberCount, all: row.memberCount }) },
    { label: 'front.partner.col.cash', align: 'end', cell: (row) => <Money amount={row.cashAmt} /> },
    { label: 'front.partner.col.rates', cell: (row) => <LeadRates partner={row} /> },
    { label: 'front.partner.col.status', align: 'center', cell: (row) => <span className={`member-status member-status--${row.status}`}>{t(MEMBER_STATUS_LABEL[row.status])}</span> },
    {
      label: 'front.partner.col.manage',
      align: 'center',
      cell: (row) => (
        <span className="row-actions">
          <Button size="sm" variant="ghost" onClick={() => setRates(row)} data-testid="partner-rates-open">
            {t(row.depth === 1 ? 'front.partner.rate.change' : 'front.partner.rate.view')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMove({ direction: 'give', target: row })} data-testid="partner-give-open">{t('front.partner.move.give')}</Button>
          <Button size="sm" variant="ghost" onClick={() => setMove({ direction: 'take', target: row })} data-testid="partner-take-open">{t('front.partner.move.take')}</Button>
        </span>
      ),
    },
  ];
  return (
    <PartnerSection id="partnerList">
      <LineFilter
        range={list.filter.range}
        memId={list.filter.memId}
        memIdLabel="front.partner.filter.partnerId"
        busy={list.state.status === 'loading'}
        onSearch={(range, memId) => list.search({ range, memId })}
      />
      <ListView list={list} columns={columns} rowKey={(row) => row.memId} emptyId="front.partner.empty.partners" testId="lower-partners" />
      {rates && <RateEditor partner={rates} onClose={() => setRates(null)} />}
      {move && <MoneyMoveDialog direction={move.direction} target={move.target} onClose={() => setMove(null)} />}
    </PartnerSection>
  );
}
