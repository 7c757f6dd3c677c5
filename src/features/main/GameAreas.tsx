/**
 * The main page's game areas (SPEC §2), from the games' data (/api/main/games): the slot jackpot, the
 * house vendor's live table, the newest and the most played games, and the biggest wins of the week.
 * Loaded after the first paint (MainPage); a member's play buttons bring the launcher (MemberPlay), a
 * guest's say front.error.afterSignin (SPEC §5) without it.
 */
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import type { MainGame, MainGames } from '../../../contract/games';
import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useMainGames } from '../../data/siteReads';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { showAlert } from '../../ui/alerts';
import { LiveTableView } from './LiveTableView';
import { PlayContext } from './playContext';
import './gameAreas.css';

const MemberPlay = lazy(() => import('./MemberPlay').then((m) => ({ default: m.MemberPlay })));

const guestPlay = () => void showAlert({ messageId: 'front.error.afterSignin' });

export function PlayButton({ game, name }: { game: MainGame; name: string }) {
  const t = useT();
  const play = useContext(PlayContext);
  return (
    <Button size="sm" disabled={!play} onClick={() => play?.(game)} aria-label={t('front.game.playNamed', { name })} data-testid="main-game-play">
      {t(game.category === 'live' ? 'front.game.enter' : 'front.game.play')}
    </Button>
  );
}

function GameCard({ game, note }: { game: MainGame; note?: string }) {
  const name = game.names[currentLocale()] || game.names.ko;
  return (
    <li className="main-game" data-testid="main-game">
      <img className="main-game__art" src={game.image} alt="" loading="lazy" width={240} height={180} />
      <span className="main-game__name">{name}</span>
      {note && <span className="main-game__note">{note}</span>}
      <PlayButton game={game} name={name} />
    </li>
  );
}

function Shelf({ titleId, testId, children, empty }: { titleId: string; testId: string; children: React.ReactNode; empty: boolean }) {
  const t = useT();
  return (
    <section className="main-card main-shelf" data-testid={testId}>
      <h2 className="section-title">{t(titleId)}</h2>
      {empty ? <p className="panel-note">{t('front.main.noRecords')}</p> : <ul className="main-games">{children}</ul>}
    </section>
  );
}

const COUNT_MS = 1_800;

/** Counts up to `target` (from where it stands, or from 97% of it on first show); at once if motion is reduced. */
function useCountUp(target: number): number {
  const [shown, setShown] = useState(() => Math.floor(target * 0.97));
  const from = useRef(shown);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      setShown(target);
      return undefined;
    }
    const start = performance.now();
    const begin = from.current;
    let frame = 0;
    const step = (at: number) => {
      const progress = Math.min(1, (at - start) / COUNT_MS);
      const value = Math.round(begin + (target - begin) * (1 - (1 - progress) ** 3));
      from.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

function Jackpot({ amount }: { amount: number }) {
  const t = useT();
  const shown = useCountUp(amount);
  return (
    <section className="main-jackpot" data-testid="main-jackpot" aria-label={t('front.mainGames.jackpot')}>
      <span className="main-jackpot__label">{t('front.mainGames.jackpot')}</span>
      <span className="main-jackpot__amount" data-testid="main-jackpot-amount" data-amount={amount} aria-live="off">
        {t('front.money.won', { amount: formatNumber(shown) })}
      </span>
    </section>
  );
}

function Areas({ games }: { games: MainGames }) {
  const t = useT();
  const tree = useTree();
  return (
    <div className="main-game-areas" data-testid="main-game-areas">
      <Jackpot amount={games.jackpot.amount} />
      <Shelf titleId="front.mainGames.new" testId="main-new-games" empty={games.newGames.length === 0}>
        {games.newGames.map((game) => <GameCard key={game.key} game={game} />)}
      </Shelf>
      <Shelf titleId="front.mainGames.popular" testId="main-popular-games" empty={games.popular.length === 0}>
        {games.popular.map((game) => <GameCard key={game.key} game={game} note={t('front.mainGames.rounds', { count: formatNumber(game.rounds) })} />)}
      </Shelf>
      {games.live && (
        <section className="main-card main-live" data-testid="main-live">
          <h2 className="section-title">{t('front.live.title')}</h2>
          <LiveTableView live={games.live} />
          <div className="main-live__actions">
            <MenuEntry link={screenLink(tree, 'live')} className="btn btn--ghost btn--sm" testId="main-live-more">{t('front.live.watchLarge')}</MenuEntry>
            <PlayButton game={games.live.game} name={games.live.game.names[currentLocale()] || games.live.game.names.ko} />
          </div>
        </section>
      )}
      <section className="main-card" data-testid="main-game-ranking">
        <h2 className="section-title">{t('front.mainGames.ranking')}</h2>
        {games.ranking.length === 0 ? <p className="panel-note">{t('front.main.noRecords')}</p> : (
          <ol className="main-rank main-rank--games">
            {games.ranking.map((entry, i) => (
              <li key={`${entry.memId}-${i}`}>
                <span className="main-rank__place">{i + 1}</span>
                <span>{entry.memId}</span>
                <span className="main-notice">{entry.game.names[currentLocale()] || entry.game.names.ko}</span>
                <Money amount={entry.win} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function GameAreas() {
  const games = useMainGames();
  const signedIn = useSessionSelector(selectIsSignedIn);
  if (games.status !== 'ready') return null;
  const areas = <Areas games={games.data} />;
  if (!signedIn) return <PlayContext.Provider value={guestPlay}>{areas}</PlayContext.Provider>;
  return (
    <Suspense fallback={areas}>
      <MemberPlay>{areas}</MemberPlay>
    </Suspense>
  );
}
