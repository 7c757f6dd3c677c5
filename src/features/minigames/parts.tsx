/**
 * Pieces every mini-game screen shares: the game tabs, the results strip, the countdown on the server's
 * clock. A drawn result and its result words are src/ui/MiniDraw.tsx (the betting list shows them too).
 */
import { useEffect, useState } from 'react';
import { gameLabelId, MINI_GAMES, type MiniGame, type MiniRound } from '../../../contract/minigames';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { WinnerTags } from '../../ui/MiniDraw';

import './minigames.css';

export const GAME_SCREEN = {
  powerball: 'miniPowerball', powerladder: 'miniPowerladder', speedkino: 'miniSpeedkino', kinoladder: 'miniKinoladder',
} as const satisfies Record<MiniGame, ScreenId>;

/** The server's clock, ticking: the device's time plus the offset the last answer showed. */
export function useServerNow(offset: number, everyMs = 500): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), everyMs);
    return () => clearInterval(timer);
  }, [offset, everyMs]);
  return now;
}

export type RoundPhase = 'betting' | 'closed' | 'drawing' | 'void' | 'none';

export function roundPhase(round: MiniRound | null, now: number): RoundPhase {
  if (!round) return 'none';
  if (round.status === 'void') return 'void';
  if (now < Date.parse(round.closesAt)) return 'betting';
  if (now < Date.parse(round.drawsAt)) return 'closed';
  return 'drawing';
}

/** mm:ss until `until` (never negative). */
export function countdown(until: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function GameTabs({ current }: { current: MiniGame }) {
  const t = useT();
  const tree = useTree();
  return (
    <nav className="mini-tabs" aria-label={t('mini.lobby.title')}>
      {MINI_GAMES.map((game) => (
        <MenuEntry key={game} link={screenLink(tree, GAME_SCREEN[game])} className={game === current ? 'mini-tabs__tab mini-tabs__tab--current' : 'mini-tabs__tab'} testId={`mini-tab-${game}`}>
          {t(gameLabelId(game))}
        </MenuEntry>
      ))}
    </nav>
  );
}

/** The headline markets of each game for strips and lists. */
export const HEADLINE: Record<MiniGame, readonly string[]> = {
  powerball: ['pbOddEven', 'pbUnderOver', 'sumOddEven', 'sumUnderOver', 'sumSize'],
  powerladder: ['start', 'rungs', 'finish'],
  speedkino: ['sumOddEven', 'sumUnderOver'],
  kinoladder: ['start', 'rungs', 'finish'],
};

/** The last rounds, newest first. */
export function ResultStrip({ game, rounds }: { game: MiniGame; rounds: MiniRound[] }) {
  const t = useT();
  if (rounds.every((r) => !r.draw)) return null;
  return (
    <ol className="mini-strip" aria-label={t('mini.board.recent')} data-testid="mini-strip">
      {rounds.filter((r) => r.draw).map((round) => (
        <li key={round.roundId} className="mini-strip__item">
          <span className="mini-strip__no">{t('mini.round.no', { no: round.roundNo })}</span>
          <WinnerTags game={game} draw={round.draw!} markets={HEADLINE[game].slice(0, 2)} />
        </li>
      ))}
    </ol>
  );
}
