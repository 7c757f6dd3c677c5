/**
 * Pieces every mini-game screen shares: the game tabs, a drawn result (balls and ladders, animated when
 * `animate`), the results strip, the countdown on the server's clock, labels of markets and selections.
 */
import { useEffect, useState } from 'react';
import {
  factsOf, gameLabelId, type KenoDraw, type Ladder, marketLabelId, MINI_GAMES, type MiniDraw, type MiniGame, type MiniRound,
  type PowerballDraw, selectionLabelId, winnersOf,
} from '../../../contract/minigames';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';

import './minigames.css';

export const GAME_SCREEN = {
  powerball: 'miniPowerball', powerladder: 'miniPowerladder', speedkino: 'miniSpeedkino', kinoladder: 'miniKinoladder',
} as const satisfies Record<MiniGame, ScreenId>;

export const formatOdds = (cents: number) => (cents / 100).toFixed(2);

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

function Balls({ numbers, kind, animate }: { numbers: number[]; kind: 'normal' | 'power' | 'keno'; animate: boolean }) {
  return (
    <>
      {numbers.map((n, i) => (
        <span key={`${i}-${n}`} className={`mini-ball mini-ball--${kind}${animate ? ' mini-ball--in' : ''}`}>{n}</span>
      ))}
    </>
  );
}

/** A ladder: two rails, its rungs, the path from the start to the finish highlighted. */
function LadderView({ ladder, compact }: { ladder: Ladder; compact?: boolean }) {
  const t = useT();
  const rungs = Array.from({ length: ladder.rungs }, (_, i) => 14 + (i * 52) / (ladder.rungs - 1));
  const size = compact ? 36 : 72;
  return (
    <span className="mini-ladder">
      <svg viewBox="0 0 60 80" width={size * 0.75} height={size} aria-hidden="true" className="mini-ladder__svg">
        <line x1="10" y1="6" x2="10" y2="74" className="mini-ladder__rail" />
        <line x1="50" y1="6" x2="50" y2="74" className="mini-ladder__rail" />
        {rungs.map((y) => <line key={y} x1="10" y1={y} x2="50" y2={y} className="mini-ladder__rung" />)}
        <circle cx={ladder.start === 'left' ? 10 : 50} cy="6" r="5" className="mini-ladder__start" />
        <circle cx={(ladder.start === 'left') === (ladder.rungs % 2 === 0) ? 10 : 50} cy="74" r="5" className={`mini-ladder__finish mini-ladder__finish--${ladder.finish}`} />
      </svg>
      <span className="mini-ladder__text">{t(selectionLabelId('line', `${ladder.start}${ladder.rungs === 3 ? '3' : '4'}${ladder.finish}`))}</span>
    </span>
  );
}

/** A round's draw as balls (and ladder), with the sum where the game has one. */
export function DrawView({ game, draw, animate = false, compact = false }: { game: MiniGame; draw: MiniDraw; animate?: boolean; compact?: boolean }) {
  const t = useT();
  const className = `mini-draw${compact ? ' mini-draw--compact' : ''}`;
  if (game === 'powerball') {
    const d = draw as PowerballDraw;
    return (
      <span className={className} data-testid="mini-draw">
        <Balls numbers={d.normals} kind="normal" animate={animate} />
        <Balls numbers={[d.powerball]} kind="power" animate={animate} />
        <span className="mini-draw__sum">{t('mini.draw.sum', { sum: factsOf('powerball', d).sum })}</span>
      </span>
    );
  }
  if (game === 'powerladder') return <span className={className} data-testid="mini-draw"><LadderView ladder={draw as Ladder} compact={compact} /></span>;
  const keno = draw as KenoDraw;
  return (
    <span className={className} data-testid="mini-draw">
      {game === 'kinoladder' ? (
        <>
          <Balls numbers={keno.numbers.slice(0, 1)} kind="power" animate={animate} />
          <LadderView ladder={draw as KenoDraw & Ladder} compact={compact} />
        </>
      ) : (
        <>
          {!compact && <span className="mini-draw__keno"><Balls numbers={keno.numbers} kind="keno" animate={animate} /></span>}
          <span className="mini-draw__sum">{t('mini.draw.sum', { sum: factsOf('speedkino', keno).sum })}</span>
        </>
      )}
    </span>
  );
}

/** Powerball's words that name the ball they are about (파워볼 홀, 일반볼 짝): the same selection words serve both. */
const BALL_OF: Record<string, string> = {
  pbOddEven: 'mini.short.pb', pbUnderOver: 'mini.short.pb', pbCombo: 'mini.short.pb', pbSection: 'mini.short.pb',
  sumOddEven: 'mini.short.sum', sumUnderOver: 'mini.short.sum', sumCombo: 'mini.short.sum', sumSection: 'mini.short.sum',
};

/** The result words of a draw (e.g. 파워볼 홀, 일반볼 짝, 중 (65~80)), one per market. */
export function WinnerTags({ game, draw, markets }: { game: MiniGame; draw: MiniDraw; markets?: readonly string[] }) {
  const t = useT();
  const winners = winnersOf(game, draw as never);
  const shown = markets ?? Object.keys(winners);
  return (
    <span className="mini-tags">
      {shown.map((market) => (winners[market] ?? []).map((selection) => {
        const ball = game === 'powerball' ? BALL_OF[market] : undefined;
        return (
          <span key={`${market}.${selection}`} className={`mini-tag mini-tag--${selection}`} title={t(marketLabelId(game, market))}>
            {ball && <span className="mini-tag__ball">{t(ball)}</span>}
            {t(selectionLabelId(market, selection))}
          </span>
        );
      }))}
    </span>
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
