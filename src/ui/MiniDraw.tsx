/**
 * A mini-game round's draw (balls and ladders, animated when `animate`), its result words (one per
 * market) and a pick's odds: the mini-game screens and the betting list's bet view show them alike.
 */
import {
  factsOf, type KenoDraw, type Ladder, marketLabelId, type MiniDraw, type MiniGame, type PowerballDraw, selectionLabelId, winnersOf,
} from '../../contract/minigames';
import { useT } from '../i18n';
import './MiniDraw.css';

/** A pick's odds, stored in hundredths, as members read them: 195 -> '1.95'. */
export const formatOdds = (cents: number) => (cents / 100).toFixed(2);

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
