/**
 * The house vendor's live baccarat table as it plays (its public state, data/liveTable.ts): the round,
 * the countdown of its phase, the cards turned over, the result and the bead road; large (on /live) it
 * also lists the last results.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { LiveTableState, MainLiveTable } from '../../../contract/games';
import { useLiveTable } from '../../data/liveTable';
import { currentLocale, useT } from '../../i18n';
import { cardText, isRedCard } from '../../ui/playingCard';

const WINNERS = ['player', 'banker', 'tie'] as const;
/** A bead road's column is six results high; the large road shows ten columns. */
const ROAD_ROWS = 6;
const ROAD_COLUMNS = 10;

/** Re-renders every quarter second while mounted (the countdown). */
function useTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
}

/** The round as every screen shows it: the vendor's round number, unchanged. */
function RoundNo({ roundNo }: { roundNo: number }) {
  const t = useT();
  return <>{t('front.live.round', { round: roundNo })}</>;
}

function Cards({ state, side }: { state: LiveTableState; side: 'player' | 'banker' }) {
  return (
    <span className="live-cards">
      {state.cards.filter((card) => card.side === side).map((card, i) => (
        <span key={i} className={`live-card${isRedCard(card) ? ' live-card--red' : ''}`}>{cardText(card)}</span>
      ))}
    </span>
  );
}

/** The time left to bet (the status line says the seconds), then until the next round. */
function Countdown({ state, now }: { state: LiveTableState; now: number }) {
  const t = useT();
  const { phase, startsAt, bettingEndsAt, nextRoundAt } = state.round;
  const [from, to] = phase === 'betting' ? [startsAt, bettingEndsAt] : [bettingEndsAt, nextRoundAt];
  const seconds = Math.max(0, Math.ceil((to - now) / 1000));
  const left = Math.min(1, Math.max(0, (to - now) / Math.max(1, to - from)));
  return (
    <div className={`live-countdown live-countdown--${phase === 'betting' ? 'betting' : 'next'}${phase === 'betting' && seconds <= 5 ? ' live-countdown--late' : ''}`}
      data-testid="live-countdown" data-seconds={seconds}>
      <span className="live-countdown__bar"><span style={{ width: `${(left * 100).toFixed(1)}%` }} /></span>
      {phase !== 'betting' && <span className="live-countdown__text">{t('front.live.nextRound', { seconds })}</span>}
    </div>
  );
}

/** The bead road: each result a bead, filled down then across, six to a column (large: on a grid of ten columns). */
function Road({ road, large }: { road: LiveTableState['road']; large: boolean }) {
  const t = useT();
  const cells = large ? ROAD_ROWS * ROAD_COLUMNS : 12;
  const shown = road.slice(-cells);
  if (!large && shown.length === 0) {
    return <div className="live-road" data-testid="live-road"><span className="live-road__empty">{t('front.live.noRoad')}</span></div>;
  }
  return (
    <div className={`live-road${large ? ' live-road--grid' : ''}`} role="list" aria-label={t('front.live.road')} data-testid="live-road">
      {shown.map((r) => (
        <span key={r.roundNo} role="listitem" className={`live-bead live-bead--${r.winner}`} title={`${r.playerTotal} : ${r.bankerTotal}`} data-testid="live-bead">
          {t(`front.live.mark.${r.winner}`)}
        </span>
      ))}
      {large && Array.from({ length: cells - shown.length }, (_, i) => <span key={`empty-${i}`} className="live-bead live-bead--empty" />)}
    </div>
  );
}

/** The last results, newest first, with their rounds and totals. */
function LastResults({ road }: { road: LiveTableState['road'] }) {
  const t = useT();
  const tally = Object.fromEntries(WINNERS.map((winner) => [winner, road.filter((r) => r.winner === winner).length]));
  return (
    <section className="live-panel" data-testid="live-results">
      <h2 className="live-panel__title">{t('front.live.lastResults')}</h2>
      {road.length === 0 ? <p className="panel-note">{t('front.live.noRoad')}</p> : (
        <>
          <p className="live-tally">{t('front.live.tally', { count: road.length, ...tally })}</p>
          <table className="live-results">
            <thead>
              <tr><th>{t('front.live.col.round')}</th><th>{t('front.live.col.result')}</th><th>{t('front.live.col.score')}</th></tr>
            </thead>
            <tbody>
              {road.slice(-10).reverse().map((r) => (
                <tr key={r.roundNo} data-testid="live-result">
                  <td><RoundNo roundNo={r.roundNo} /></td>
                  <td><span className={`live-result live-result--${r.winner}`}>{t(`front.live.win.${r.winner}`)}</span></td>
                  <td>{r.playerTotal} : {r.bankerTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

export function LiveTableView({ live, large = false, actions }: { live: MainLiveTable; large?: boolean; actions?: ReactNode }) {
  const t = useT();
  useTick();
  const { state, offset, failed } = useLiveTable(live.stateUrl);
  const locale = currentLocale();
  const name = live.game.names[locale] || live.game.names.ko;
  if (!state) return <p className="panel-note">{t(failed ? 'front.error.loadFailed' : 'front.loading')}</p>;
  const now = Date.now() + offset;
  const left = Math.max(0, Math.ceil((state.round.bettingEndsAt - now) / 1000));
  const { phase } = state.round;
  const table = (
    <div className={`live-table${large ? ' live-table--large' : ''}`} style={{ background: state.felt }} data-testid="live-table" data-phase={phase} data-game-key={state.gameKey}>
      <div className="live-table__head">
        <span className="live-table__name">{name}</span>
        <span className="live-table__round"><RoundNo roundNo={state.round.roundNo} /></span>
      </div>
      <p className="live-table__status" data-testid="live-status">
        {phase === 'betting' ? t('front.live.betting', { seconds: left })
          : state.result ? t(`front.live.win.${state.result.winner}`) : t('front.live.dealing')}
      </p>
      <Countdown state={state} now={now} />
      <div className="live-table__hands">
        <div className="live-hand live-hand--player">
          <span className="live-hand__label">{t('front.live.player')}{state.result && ` ${state.result.playerTotal}`}</span>
          <Cards state={state} side="player" />
        </div>
        <div className="live-hand live-hand--banker">
          <span className="live-hand__label">{t('front.live.banker')}{state.result && ` ${state.result.bankerTotal}`}</span>
          <Cards state={state} side="banker" />
        </div>
      </div>
      {!large && <Road road={state.road} large={false} />}
    </div>
  );
  if (!large) return table;
  return (
    <div className="live-large">
      <div className="live-large__main">
        {table}
        {actions}
      </div>
      <div className="live-large__side">
        <section className="live-panel">
          <h2 className="live-panel__title">{t('front.live.roadTitle')}</h2>
          <Road road={state.road} large />
        </section>
        <LastResults road={state.road} />
      </div>
    </div>
  );
}
