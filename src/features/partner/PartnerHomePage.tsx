import { Link } from '@tanstack/react-router';
import type { PartnerSummary } from '../../../contract/partner';
import { usePartnerSummary } from '../../data/partner';
import { requestMerge } from '../../prompts/mergePrompt';
import { useT } from '../../i18n';
import { MenuSection } from '../../routes/MenuSection';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { Facts } from '../../ui/Facts';
import { Money } from '../../ui/Money';
import { ReadNote } from '../../ui/ReadNote';
import { LEVEL_LABEL } from './names';
import { PartnerSection } from './PartnerSection';
import { RateTableView } from './RateTable';

/**
 * The partner's own summary (SPEC §2 /stributor, my page's stributor_mypage): level and line, rates, today's
 * and the month's commissions, and the settled commission, which the merge modal's partner variant moves
 * into cash.
 */
function SummaryView({ summary }: { summary: PartnerSummary }) {
  const t = useT();
  const tree = useTree();
  return (
    <div className="partner-summary" data-testid="partner-summary">
      <Facts
        className="stat-grid"
        itemClassName="stat"
        rows={[
          { label: t('front.partner.summary.partner'), value: `${summary.memNick} (${summary.memId})`, testId: 'summary-partner' },
          { label: t('front.partner.summary.level'), value: t(LEVEL_LABEL[summary.level]), testId: 'summary-level' },
          { label: t('front.partner.summary.parent'), value: summary.parentMemId ?? t('front.partner.summary.top') },
          { label: t('front.partner.summary.line'), value: t('front.partner.summary.lineCount', { partners: summary.lowerPartnerCount, members: summary.memberCount }), testId: 'summary-line' },
          { label: t('front.header.cash'), value: <Money amount={summary.cashAmt} />, testId: 'summary-cash' },
        ]}
      />
      <h2 className="partner-subtitle">{t('front.partner.summary.commissions')}</h2>
      <Facts
        className="stat-grid"
        itemClassName="stat"
        rows={[
          { label: t('front.partner.summary.todayRolling'), value: <Money amount={summary.today.rolling} />, testId: 'summary-today-rolling' },
          { label: t('front.partner.summary.todayLosing'), value: <Money amount={summary.today.losing} />, testId: 'summary-today-losing' },
          { label: t('front.partner.summary.monthRolling'), value: <Money amount={summary.month.rolling} />, testId: 'summary-month-rolling' },
          { label: t('front.partner.summary.monthLosing'), value: <Money amount={summary.month.losing} />, testId: 'summary-month-losing' },
        ]}
      />
      <div className="commission-box">
        <div>
          <span className="commission-box__label">{t('front.partner.commissionBalance')}</span>
          <Money amount={summary.commissionBalance} className="commission-box__amount" testId="summary-commission" />
        </div>
        <Button onClick={() => requestMerge({ variant: 'partner' })} disabled={summary.commissionBalance <= 0} data-testid="commission-merge">
          {t('front.merge.title.partner')}
        </Button>
      </div>
      <h2 className="partner-subtitle">{t('front.partner.summary.rates')}</h2>
      <RateTableView rates={summary.rates} pending={summary.pendingRates} pendingFrom={summary.pendingFrom} testId="summary-rates" />
      {summary.canCreateLower && (
        <Link {...screenLink(tree, 'striNew')} className="btn btn--ghost btn--md" data-testid="summary-stri-new">
          {t('front.partner.striNew.title')}
        </Link>
      )}
    </div>
  );
}

function Summary() {
  const read = usePartnerSummary();
  return read.status === 'ready' ? <SummaryView summary={read.data} /> : <ReadNote read={read} />;
}

/** /partner (the area's first page) and a phone's /member/stributor. */
export function PartnerHomePage() {
  return (
    <PartnerSection id="partnerHome">
      <Summary />
    </PartnerSection>
  );
}

/** My page's stributor_mypage (desktop): the same summary among the my-page tabs. */
export function StributorMypagePage() {
  return (
    <MenuSection menu="myPageTabs" current="stributorMypage" title="front.partner.mypage.title" testId="mypage-stributorMypage">
      <Summary />
    </MenuSection>
  );
}
