/**
 * SPEC §2 /result/sport (/result opens it; phone /member/result/sport, /member/result opens it): finished
 * fixtures with their score and each settled market's winning selection, by the five tabs winloose, handy,
 * underover, special and all, filtered by sport and paged. The mini games' results are one tab away.
 */
import { useState } from 'react';
import { RESULT_TABS, SPORTS, type ResultTab, type Sport, type SportResultItem, type SportResultMarket } from '../../../contract/sports';
import { useSportResults } from '../../data/sports';
import { currentLocale, useT } from '../../i18n';
import { formatDate, formatTime } from '../../i18n/format';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Pager } from '../../ui/Pager';
import { marketName, periodName, selectionName, sportLabelId, sportNameIn } from '../../ui/sportLabels';
import { Tabs } from '../../ui/Tabs';
import './sports.css';

const TAB_LABELS = Object.fromEntries(RESULT_TABS.map((tab) => [tab, `sport.result.${tab}`])) as Record<ResultTab, string>;

function MarketResult({ sport, market }: { sport: Sport; market: SportResultMarket }) {
  const t = useT();
  const entries = Object.entries(market.outcomes);
  const winners = entries.filter(([, outcome]) => outcome === 'win').map(([key]) => selectionName(t, market, key));
  const voided = entries.length > 0 && entries.every(([, outcome]) => outcome === 'void');
  return (
    <li className="sport-result__market" data-testid="result-market">
      <span>{marketName(t, sport, market)}</span>
      {voided ? <strong className="sport-outcome--void">{t('sport.outcome.void')}</strong> : <strong className="sport-outcome--win">{winners.join(', ') || '-'}</strong>}
    </li>
  );
}

function ResultRow({ item }: { item: SportResultItem }) {
  const t = useT();
  const locale = currentLocale();
  const { fixture } = item;
  const score = fixture.score;
  return (
    <li className="sport-result" data-testid="sport-result">
      <div className="sport-result__head">
        <span>{t(sportLabelId(fixture.sport))} · {sportNameIn(fixture.league.names, locale)}</span>
        <span>{formatDate(fixture.startsAt)} {formatTime(fixture.startsAt)}</span>
        <span className="sport-result__match">{sportNameIn(fixture.home.names, locale)} vs {sportNameIn(fixture.away.names, locale)}</span>
        {score && <strong className="sport-result__score">{score.home} : {score.away}</strong>}
        {score && score.periods.length > 1 && (
          <span>({score.periods.map((period, n) => `${periodName(t, fixture.sport, n + 1)} ${period.home}:${period.away}`).join(', ')})</span>
        )}
        {fixture.status !== 'ended' && <span className="sport-outcome--void">{t(`sport.status.${fixture.status}`)}</span>}
      </div>
      <ul className="sport-result__markets">{item.markets.map((market) => <MarketResult key={market.marketId} sport={fixture.sport} market={market} />)}</ul>
    </li>
  );
}

export function SportResultsPage() {
  const t = useT();
  const tree = useTree();
  const [tab, setTab] = useState<ResultTab>('winloose');
  const [sport, setSport] = useState<Sport | ''>('');
  const [page, setPage] = useState(1);
  const results = useSportResults(tab, sport, page);
  return (
    <section className="sport-page" data-testid="sport-results">
      <nav className="sport-views" aria-label={t('sport.result.title')}>
        <MenuEntry link={screenLink(tree, 'sportResults')} className="sport-views__tab sport-views__tab--current">{t('sport.result.sport')}</MenuEntry>
        <MenuEntry link={screenLink(tree, 'miniResults')} className="sport-views__tab" testId="results-mini">{t('mini.results.title')}</MenuEntry>
      </nav>
      <h1 className="section-title">{t('sport.result.title')}</h1>
      <Tabs tabs={RESULT_TABS} labels={TAB_LABELS} current={tab} onChange={(next) => { setTab(next); setPage(1); }} />
      <label className="sport-slip__label">
        {t('sport.filter')}{' '}
        <select value={sport} onChange={(event) => { setSport(event.target.value as Sport | ''); setPage(1); }} data-testid="results-sport">
          <option value="">{t('sport.all')}</option>
          {SPORTS.map((one) => <option key={one} value={one}>{t(sportLabelId(one))}</option>)}
        </select>
      </label>
      {results.status === 'loading' && <p className="sport-empty">{t('sport.loading')}</p>}
      {results.status === 'failed' && <p className="sport-empty">{t('sport.failed')}</p>}
      {results.status === 'ready' && (
        <>
          {results.data.list.length === 0
            ? <p className="sport-empty">{t('sport.result.none')}</p>
            : <ul className="sport-results">{results.data.list.map((item) => <ResultRow key={item.fixture.fixtureId} item={item} />)}</ul>}
          <Pager pageInfo={results.data.pageInfo} onPage={setPage} />
        </>
      )}
    </section>
  );
}
