/**
 * SPEC §2 /result/sport (/result opens it; phone /member/result/sport, /member/result opens it): finished
 * fixtures with their score and each settled market's winning selection, by the five tabs winloose, handy,
 * underover, special and all, filtered by sport and paged, each with its fairness proof and the browser's
 * check. The mini games' results are one tab away.
 */
import { useState } from 'react';
import { RESULT_TABS, SPORTS, type ResultTab, type Sport } from '../../../contract/sports';
import { useSportResults } from '../../data/sports';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Pager } from '../../ui/Pager';
import { sportLabelId } from '../../ui/sportLabels';
import { Tabs } from '../../ui/Tabs';
import { SportResultRow } from './SportResultRow';
import './sports.css';

const TAB_LABELS = Object.fromEntries(RESULT_TABS.map((tab) => [tab, `sport.result.${tab}`])) as Record<ResultTab, string>;

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
            : <ul className="sport-results">{results.data.list.map((item) => <SportResultRow key={item.fixture.fixtureId} item={item} />)}</ul>}
          <Pager pageInfo={results.data.pageInfo} onPage={setPage} />
        </>
      )}
    </section>
  );
}
