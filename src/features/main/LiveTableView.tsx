/**
 * The house vendor's live baccarat table as it plays (its public state, data/liveTable.ts): the round,
 * the countdown to the close of betting, the cards turned over, the result and the last results.
 */
import { useEffect, useState } from 'react';
import type { LiveTableState, MainLiveTable } from '../../../contract/games';
import { useLiveTable } from '../../data/liveTable';
import { currentLocale, useT } from '../../i18n';
import { cardText, isRedCard } from '../../ui/playingCard';

/** Re-renders every quarter second while mounted (the countdown). */
function useTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
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

export function LiveTableView({ live, large = false }: { live: MainLiveTable; large?: boolean }) {
  const t = useT();
  useTick();
  const { state, offset, failed } = useLiveTable(live.stateUrl);
  const locale = currentLocale();
  const name = live.game.names[locale] || live.game.names.ko;
  if (!state) return <p className="panel-note">{t(failed ? 'front.error.loadFailed' : 'front.loading')}</p>;
  const now = Date.now() + offset;
  const left = Math.max(0, Math.ceil((state.round.bettingEndsAt - now) / 1000));
  const { phase } = state.round;
  return (
    <div className={`live-table${large ? ' live-table--large' : ''}`} style={{ background: state.felt }} data-testid="live-table" data-phase={phase}>
      <div className="live-table__head">
        <span className="live-table__name">{name}</span>
        <span className="live-table__round">{t('front.live.round', { round: state.round.roundNo })}</span>
      </div>
      <p className="live-table__status" data-testid="live-status">
        {phase === 'betting' ? t('front.live.betting', { seconds: left })
          : state.result ? t(`front.live.win.${state.result.winner}`) : t('front.live.dealing')}
      </p>
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
      <div className="live-road" aria-label={t('front.live.road')} data-testid="live-road">
        {state.road.length === 0 ? <span className="live-road__empty">{t('front.live.noRoad')}</span>
          : state.road.slice(large ? -20 : -12).map((r) => (
            <span key={r.roundNo} className={`live-bead live-bead--${r.winner}`} title={`${r.playerTotal} : ${r.bankerTotal}`}>{t(`front.live.mark.${r.winner}`)}</span>
          ))}
      </div>
    </div>
  );
}
