import { useState } from 'react';
import type { LineMember } from '../../../contract/partner';
import type { MoveDraft } from '../../../machines/partnerDrafts';
import { useLineMemberList, type MemberFilter } from '../../data/partner';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateTimeText } from '../../ui/DateTimeText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { LineFilter } from './LineFilter';
import { LEVEL_LABEL, MEMBER_STATUS_LABEL } from './names';
import { MoneyMoveDialog, type MoveTarget } from './MoneyMoveDialog';
import { PartnerSection } from './PartnerSection';

/**
 * partnerMemberList (SPEC §2): the members of the line who joined on the days asked (today by default, SPEC §9)
 * with their cash, points and last login, and the give and take buttons; searched by id, the whole line or only
 * the members the partner recommended.
 */
export function PartnerMemberListPage() {
  const t = useT();
  const list = useLineMemberList({ range: todayRange(), memId: '', scope: 'all', withPartners: 'N' });
  const [move, setMove] = useState<{ direction: MoveDraft['direction']; target: MoveTarget } | null>(null);
  const columns: Column<LineMember>[] = [
    { label: 'front.partner.col.member', cell: (row) => <span data-testid="line-member-id">{`${row.memNick} (${row.memId})`}</span> },
    { label: 'front.partner.col.level', cell: (row) => t(LEVEL_LABEL[row.level]) },
    { label: 'front.partner.col.partnerOf', cell: (row) => row.partnerMemId },
    { label: 'front.partner.col.cash', align: 'end', cell: (row) => <Money amount={row.cashAmt} testId="line-member-cash" /> },
    { label: 'front.partner.col.points', align: 'end', cell: (row) => <Money amount={row.pointAmt} unit="points" /> },
    { label: 'front.partner.col.lastLogin', cell: (row) => <DateTimeText value={row.lastLoginAt} /> },
    { label: 'front.partner.col.status', align: 'center', cell: (row) => <span className={`member-status member-status--${row.status}`}>{t(MEMBER_STATUS_LABEL[row.status])}</span> },
    {
      label: 'front.partner.col.manage',
      align: 'center',
      cell: (row) => (
        <span className="row-actions">
          <Button size="sm" onClick={() => setMove({ direction: 'give', target: row })} data-testid="member-give-open">{t('front.partner.move.give')}</Button>
          <Button size="sm" variant="ghost" onClick={() => setMove({ direction: 'take', target: row })} data-testid="member-take-open">{t('front.partner.move.take')}</Button>
        </span>
      ),
    },
  ];
  return (
    <PartnerSection id="partnerMemberList">
      <LineFilter range={list.filter.range} memId={list.filter.memId} busy={list.state.status === 'loading'} onSearch={(range, memId) => list.search({ ...list.filter, range, memId })}>
        <select name="scope" aria-label={t('front.partner.filter.scope')} value={list.filter.scope} onChange={(event) => list.search({ ...list.filter, scope: event.target.value as MemberFilter['scope'] })}>
          <option value="all">{t('front.partner.filter.scopeAll')}</option>
          <option value="direct">{t('front.partner.filter.scopeDirect')}</option>
        </select>
        <label className="line-filter__check">
          <input type="checkbox" name="withPartners" checked={list.filter.withPartners === 'Y'} onChange={(event) => list.search({ ...list.filter, withPartners: event.target.checked ? 'Y' : 'N' })} />
          {t('front.partner.filter.withPartners')}
        </label>
      </LineFilter>
      <ListView list={list} columns={columns} rowKey={(row) => row.memId} emptyId="front.partner.empty.members" testId="line-members" />
      {move && <MoneyMoveDialog direction={move.direction} target={move.target} onClose={() => setMove(null)} />}
    </PartnerSection>
  );
}
