/**
 * The sportsbook's lists (SPEC §2 /sport, /sport/livebetting, /sport/combinationbetting, /sport/special and
 * /esport; on a phone under /member): the view tabs, the sport filter (SPEC §3's order), the leagues, and
 * each fixture with its main prices as buttons that put the selection on the slip; a fixture opens to all
 * its markets. In play: the score and the clock, prices that flash when they move, stopped markets locked.
 * Prices follow the topics (src/data/sports.ts), never a read per price.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { SPORTS, type Sport, type SportFixtureMarkets, type SportMarket, type SportSelection, type SportView } from '../../../contract/sports';
import type { SlipLeg } from '../../../machines/betSlip';
import { useSportFixture, useSportList, useSportRules, useSportSlip, type SportSlipActor } from '../../data/sports';
import { currentLocale, useT } from '../../i18n';
import { formatMonthDay, formatTime } from '../../i18n/format';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { clockText, formatSportOdds, marketName, selectionShort, selectionName, sportLabelId, sportNameIn } from '../../ui/sportLabels';
import { EsportLinks } from './EsportLinks';
import { SportSlip } from './SportSlip';
import './sports.css';

/** The sportsbook's view tabs and their screens. */
const VIEW_TABS = [
  ['prematch', 'sportPrematch', 'sport.view.prematch'],
  ['live', 'sportLive', 'sport.view.live'],
  ['combination', 'sportCombination', 'sport.view.combination'],
  ['special', 'sportSpecial', 'sport.view.special'],
] as const satisfies readonly (readonly [SportView, ScreenId, string])[];

/** The leg a price button puts on the slip. */
export function legOf(fixture: SportFixtureMarkets, market: SportMarket, selection: SportSelection): SlipLeg {
  return {
    market: market.marketId,
    selection: selection.selectionId,
    oddsCents: selection.oddsCents,
    sport: {
      fixtureId: fixture.fixtureId, sport: fixture.sport, league: fixture.league.names, home: fixture.home.names, away: fixture.away.names,
      startsAt: fixture.startsAt, kind: market.kind, period: market.period, line: market.line, key: selection.key, live: market.live,
      version: market.version, stopped: market.status !== 'open', moved: null,
    },
  };
}

/** The price's last move, shown for a moment after it happens. */
function useMove(oddsCents: number): 'up' | 'down' | null {
  const last = useRef(oddsCents);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (oddsCents === last.current) return undefined;
    setMove(oddsCents > last.current ? 'up' : 'down');
    last.current = oddsCents;
    const timer = setTimeout(() => setMove(null), 2_000);
    return () => clearTimeout(timer);
  }, [oddsCents]);
  return move;
}

function PriceButton({ fixture, market, selection, chosen, open, onPick, full }: {
  fixture: SportFixtureMarkets; market: SportMarket; selection: SportSelection; chosen: boolean; open: boolean; onPick(leg: SlipLeg): void; full: boolean;
}) {
  const t = useT();
  const move = useMove(selection.oddsCents);
  const locked = !open || market.status !== 'open';
  const name = full ? selectionName(t, market, selection.key) : selectionShort(t, market, selection.key);
  return (
    <button
      type="button"
      className={`sport-price${chosen ? ' sport-price--chosen' : ''}${move ? ` sport-price--${move}` : ''}${locked ? ' sport-price--locked' : ''}`}
      aria-pressed={chosen}
      disabled={locked}
      data-testid={`price-${selection.selectionId}`}
      data-move={move ?? undefined}
      onClick={() => onPick(legOf(fixture, market, selection))}
    >
      <span className="sport-price__name">{name}</span>
      <span className="sport-price__odds">{locked ? <span className="sport-price__lock">{t('sport.locked')}</span> : formatSportOdds(selection.oddsCents)}</span>
    </button>
  );
}

function MarketGroup({ fixture, market, chosen, open, onPick, full }: {
  fixture: SportFixtureMarkets; market: SportMarket; chosen: ReadonlySet<string>; open: boolean; onPick(leg: SlipLeg): void; full: boolean;
}) {
  const t = useT();
  return (
    <div className={`sport-market sport-market--${market.selections.length}`} data-testid={`market-${market.marketId}`}>
      <span className="sport-market__name">{marketName(t, fixture.sport, market)}</span>
      <div className="sport-market__prices">
        {market.selections.map((selection) => (
          <PriceButton key={selection.selectionId} fixture={fixture} market={market} selection={selection} chosen={chosen.has(selection.selectionId)} open={open} onPick={onPick} full={full} />
        ))}
      </div>
    </div>
  );
}

/** A fixture opened: every market of it, from the fixture's own read and topic. */
function FixtureMarkets({ fixtureId, chosen, onPick }: { fixtureId: string; chosen: ReadonlySet<string>; onPick(leg: SlipLeg): void }) {
  const t = useT();
  const read = useSportFixture(fixtureId);
  if (read.status !== 'ready') return <p className="sport-empty">{t(read.status === 'failed' ? 'sport.failed' : 'sport.loading')}</p>;
  const { fixture } = read.data;
  const open = fixture.status === 'scheduled' || fixture.status === 'live';
  return (
    <div className="sport-fixture__all" data-testid={`fixture-markets-${fixtureId}`}>
      {fixture.markets.map((market) => <MarketGroup key={market.marketId} fixture={fixture} market={market} chosen={chosen} open={open} onPick={onPick} full />)}
    </div>
  );
}

export function FixtureRow({ fixture, chosen, onPick }: { fixture: SportFixtureMarkets; chosen: ReadonlySet<string>; onPick(leg: SlipLeg): void }) {
  const t = useT();
  const locale = currentLocale();
  const [expanded, setExpanded] = useState(false);
  const live = fixture.status === 'live';
  const open = fixture.status === 'scheduled' || live;
  return (
    <li className={`sport-fixture${live ? ' sport-fixture--live' : ''}`} data-testid={`fixture-${fixture.fixtureId}`}>
      <div className="sport-fixture__head">
        <div className="sport-fixture__when">
          {live ? (
            <>
              <span className="sport-live-tag">{t('sport.live')}</span>
              <span className="sport-fixture__clock" data-testid="fixture-clock">{clockText(t, fixture.sport, fixture.score)}</span>
            </>
          ) : fixture.status === 'scheduled' ? (
            <><span>{formatMonthDay(fixture.startsAt)}</span><strong>{formatTime(fixture.startsAt)}</strong></>
          ) : <span className="sport-fixture__status">{t(`sport.status.${fixture.status}`)}</span>}
        </div>
        <div className="sport-fixture__teams">
          <span className="sport-fixture__team">{sportNameIn(fixture.home.names, locale)}</span>
          {fixture.score ? (
            <strong className="sport-fixture__score" data-testid="fixture-score">{fixture.score.home} : {fixture.score.away}</strong>
          ) : <span className="sport-fixture__vs">vs</span>}
          <span className="sport-fixture__team">{sportNameIn(fixture.away.names, locale)}</span>
        </div>
        <button type="button" className="sport-fixture__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid={`fixture-more-${fixture.fixtureId}`}>
          {expanded ? t('sport.fixture.less') : t('sport.fixture.more')}
        </button>
      </div>
      {!expanded && (
        <div className="sport-fixture__main">
          {fixture.markets.map((market) => <MarketGroup key={market.marketId} fixture={fixture} market={market} chosen={chosen} open={open} onPick={onPick} full={false} />)}
          {fixture.markets.length === 0 && <p className="sport-empty">{t('sport.noMarkets')}</p>}
        </div>
      )}
      {expanded && <FixtureMarkets fixtureId={fixture.fixtureId} chosen={chosen} onPick={onPick} />}
    </li>
  );
}

/** The fixtures of one league under its name. */
function LeagueBlock({ fixtures, chosen, onPick }: { fixtures: SportFixtureMarkets[]; chosen: ReadonlySet<string>; onPick(leg: SlipLeg): void }) {
  const t = useT();
  const first = fixtures[0]!;
  return (
    <section className="sport-league" aria-label={sportNameIn(first.league.names, currentLocale())}>
      <h2 className="sport-league__name">
        <span className={`sport-icon sport-icon--${first.sport}`} aria-hidden="true" />
        {t(sportLabelId(first.sport))} · {sportNameIn(first.league.names, currentLocale())}
      </h2>
      <ul className="sport-fixtures">{fixtures.map((fixture) => <FixtureRow key={fixture.fixtureId} fixture={fixture} chosen={chosen} onPick={onPick} />)}</ul>
    </section>
  );
}

function byLeague(fixtures: readonly SportFixtureMarkets[]): SportFixtureMarkets[][] {
  const groups = new Map<string, SportFixtureMarkets[]>();
  for (const fixture of fixtures) groups.set(fixture.league.leagueId, [...(groups.get(fixture.league.leagueId) ?? []), fixture]);
  return [...groups.values()];
}

function Book({ view, slip }: { view: SportView; slip: SportSlipActor | undefined }) {
  const t = useT();
  const locale = currentLocale();
  const [sport, setSport] = useState<Sport | ''>(view === 'esport' ? 'esport' : '');
  const [leagueId, setLeagueId] = useState('');
  const list = useSportList({ view, sport, leagueId });
  const legs = useSelector(slip, (snapshot) => snapshot?.context.legs) ?? [];
  const chosen = new Set(legs.map((leg) => leg.selection));
  const onPick = (leg: SlipLeg) => slip?.send({ type: 'slip.pick', leg });
  const filters: (Sport | '')[] = ['', ...SPORTS.filter((one) => one !== 'esport')];
  return (
    <div className="sport-book">
      {view !== 'esport' && (
        <div className="sport-filter" role="tablist" aria-label={t('sport.filter')}>
          {filters.map((one) => (
            <button
              key={one || 'all'} type="button" role="tab" aria-selected={one === sport} data-testid={`sport-tab-${one || 'all'}`}
              className={one === sport ? 'sport-filter__tab sport-filter__tab--current' : 'sport-filter__tab'}
              onClick={() => { setSport(one); setLeagueId(''); }}
            >
              {one ? t(sportLabelId(one)) : t('sport.all')}
            </button>
          ))}
        </div>
      )}
      {list.status === 'ready' && list.data.leagues.length > 0 && (
        <div className="sport-leagues" aria-label={t('sport.leagues')}>
          <button type="button" className={leagueId === '' ? 'sport-chip sport-chip--current' : 'sport-chip'} onClick={() => setLeagueId('')}>{t('sport.allLeagues')}</button>
          {list.data.leagues.map((league) => (
            <button
              key={league.leagueId} type="button" data-testid={`league-${league.leagueId}`}
              className={league.leagueId === leagueId ? 'sport-chip sport-chip--current' : 'sport-chip'} onClick={() => setLeagueId(league.leagueId)}
            >
              {sportNameIn(league.names, locale)} <span className="sport-chip__count">{league.count}</span>
            </button>
          ))}
        </div>
      )}
      {list.status === 'loading' && <p className="sport-empty">{t('sport.loading')}</p>}
      {list.status === 'failed' && <p className="sport-empty">{t('sport.failed')}</p>}
      {list.status === 'ready' && (list.data.fixtures.length === 0
        ? <p className="sport-empty" data-testid="sport-none">{t(view === 'live' ? 'sport.noneLive' : 'sport.none')}</p>
        : byLeague(list.data.fixtures).map((fixtures) => <LeagueBlock key={fixtures[0]!.league.leagueId} fixtures={fixtures} chosen={chosen} onPick={onPick} />))}
    </div>
  );
}

function SportBookPage({ view, title }: { view: SportView; title: string }) {
  const t = useT();
  const tree = useTree();
  const slip = useSportSlip();
  const rules = useSportRules();
  return (
    <section className="sport-page" data-testid={`sport-page-${view}`}>
      {view !== 'esport' && (
        <nav className="sport-views" aria-label={t('sport.title')}>
          {VIEW_TABS.map(([id, screenId, label]) => (
            <MenuEntry key={id} link={screenLink(tree, screenId)} className={id === view ? 'sport-views__tab sport-views__tab--current' : 'sport-views__tab'} testId={`sport-view-${id}`}>
              {t(label)}
            </MenuEntry>
          ))}
        </nav>
      )}
      <h1 className="section-title">{t(title)}</h1>
      {view === 'esport' && <EsportLinks />}
      <div className="sport-play">
        <Book view={view} slip={slip} />
        {slip && <SportSlip actor={slip} rules={rules.data?.rules ?? null} limits={rules.data?.limits ?? null} />}
      </div>
    </section>
  );
}

export const SportPrematchPage = () => <SportBookPage view="prematch" title="sport.title" />;
export const SportLivePage = () => <SportBookPage view="live" title="sport.view.live" />;
export const SportCombinationPage = () => <SportBookPage view="combination" title="sport.view.combination" />;
export const SportSpecialPage = () => <SportBookPage view="special" title="sport.view.special" />;
export const EsportPage = () => <SportBookPage view="esport" title="sport.esport.title" />;
