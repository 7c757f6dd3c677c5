/**
 * The virtual games screen (SPEC §1/§2, the category menu's 가상게임; desktop /virtualgame, phone
 * /member/virtualgame): the sportsbook's virtual matches, which the feed plays on wall-clock slots from seeds
 * committed before kick-off. The match in play (score, clock, live prices), the next ones with the time to
 * kick-off, and the finished ones with their result, revealed seed and the browser's check. The markets and
 * the slip are the sportsbook's own; bets settle by themselves when a match ends.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { SportFixtureMarkets } from '../../../contract/sports';
import type { SlipLeg } from '../../../machines/betSlip';
import { useSportRules, useSportSlip, useVirtualBoard } from '../../data/sports';
import { currentLocale, useT } from '../../i18n';
import { formatTime } from '../../i18n/format';
import { Pager } from '../../ui/Pager';
import { sportNameIn } from '../../ui/sportLabels';
import { FixtureRow } from './SportBookPage';
import { SportResultRow } from './SportResultRow';
import { SportSlip } from './SportSlip';
import './sports.css';

/** How many matches before kick-off the screen lists. */
const UPCOMING_SHOWN = 5;

/** "2:05" to a moment, ticking each second (0:00 once it has passed). */
function useCountdown(until: string | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1_000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function Fixtures({ fixtures, chosen, onPick }: { fixtures: SportFixtureMarkets[]; chosen: ReadonlySet<string>; onPick(leg: SlipLeg): void }) {
  return <ul className="sport-fixtures">{fixtures.map((fixture) => <FixtureRow key={fixture.fixtureId} fixture={fixture} chosen={chosen} onPick={onPick} />)}</ul>;
}

export function VirtualGamePage() {
  const t = useT();
  const locale = currentLocale();
  const slip = useSportSlip();
  const rules = useSportRules();
  const [page, setPage] = useState(1);
  const { list, results } = useVirtualBoard(page);
  const legs = useSelector(slip, (snapshot) => snapshot?.context.legs) ?? [];
  const chosen = new Set(legs.map((leg) => leg.selection));
  const onPick = (leg: SlipLeg) => slip?.send({ type: 'slip.pick', leg });
  const fixtures = list.data?.fixtures ?? [];
  const live = fixtures.filter((fixture) => fixture.status === 'live');
  const upcoming = fixtures.filter((fixture) => fixture.status === 'scheduled').slice(0, UPCOMING_SHOWN);
  const next = upcoming[0];
  const countdown = useCountdown(next?.startsAt);
  const league = fixtures[0]?.league.names;
  return (
    <section className="sport-page" data-testid="virtual-page">
      <h1 className="section-title">{t('sport.virtual.title')}</h1>
      <p className="sport-lead">{t('sport.virtual.lead')}</p>
      <div className="sport-play">
        <div className="sport-book">
          {list.status === 'loading' && <p className="sport-empty">{t('sport.loading')}</p>}
          {list.status === 'failed' && <p className="sport-empty">{t('sport.failed')}</p>}
          {list.status === 'ready' && (
            <>
              <section className="sport-league" aria-labelledby="virtual-now" data-testid="virtual-now">
                <h2 className="sport-league__name" id="virtual-now">
                  <span className="sport-icon sport-icon--soccer" aria-hidden="true" />
                  {t('sport.virtual.now')}{league && ` · ${sportNameIn(league, locale)}`}
                </h2>
                {live.length > 0 ? <Fixtures fixtures={live} chosen={chosen} onPick={onPick} /> : <p className="sport-empty">{t('sport.virtual.noneNow')}</p>}
              </section>
              <section className="sport-league" aria-labelledby="virtual-next" data-testid="virtual-next">
                <h2 className="sport-league__name sport-league__name--split" id="virtual-next">
                  <span>{t('sport.virtual.next')}</span>
                  {next && countdown && (
                    <span className="sport-countdown" data-testid="virtual-countdown">
                      {t('sport.virtual.kickoffIn', { time: formatTime(next.startsAt), left: countdown })}
                    </span>
                  )}
                </h2>
                {upcoming.length > 0 ? <Fixtures fixtures={upcoming} chosen={chosen} onPick={onPick} /> : <p className="sport-empty">{t('sport.none')}</p>}
              </section>
            </>
          )}
          <section className="sport-league" aria-labelledby="virtual-results" data-testid="virtual-results">
            <h2 className="sport-league__name" id="virtual-results">{t('sport.virtual.results')}</h2>
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
        </div>
        {slip && <SportSlip actor={slip} rules={rules.data?.rules ?? null} limits={rules.data?.limits ?? null} />}
      </div>
    </section>
  );
}
