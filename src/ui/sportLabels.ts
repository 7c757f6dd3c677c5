/**
 * The sportsbook's words, shared by the book's screens, the bet detail and the rules: sport, market,
 * period and selection names as message ids, a fixture's names in the member's language, lines and the
 * clock. The context: contract/sports.ts (odds and lines in hundredths, a handicap's line is the home side's).
 */
import type { MarketKind, Period, SelectionKey, Sport, SportNames, SportScore } from '../../contract/sports';

type Translate = (id: string, values?: Record<string, unknown>) => string;

export const sportLabelId = (sport: Sport) => `sport.sport.${sport}`;
export const marketLabelId = (kind: MarketKind) => `sport.market.${kind}`;

/** A team's, league's or fixture's name in the member's language (Korean when the feed has none). */
export const sportNameIn = (names: SportNames, locale: string): string => names[locale as keyof SportNames] || names.ko;

/** A line in hundredths as shown: 21550 → "215.5", a handicap signed (-150 → "-1.5", 150 → "+1.5"). */
export function formatLine(line: number, signed: boolean): string {
  const text = (Math.abs(line) / 100).toFixed(line % 100 === 0 ? 0 : line % 50 === 0 ? 1 : 2);
  if (!signed) return line < 0 ? `-${text}` : text;
  return line > 0 ? `+${text}` : line < 0 ? `-${text}` : '0';
}

/** Sports whose match is two halves (their periods read 전반, 후반, then extra time). */
const HALVES: readonly Sport[] = ['soccer', 'handball'];

/** A period of play by number (1 first): the current one on a live fixture, or a period's score. */
export function periodName(t: Translate, sport: Sport, n: number): string {
  if (HALVES.includes(sport)) return t(n <= 2 ? `sport.half.${n}` : 'sport.half.extra');
  return t(`sport.period.${sport}`, { n });
}

/** The market's name with its period and line: "핸디캡 (전반) -1.5". */
export function marketName(t: Translate, sport: Sport, market: { kind: MarketKind; period: Period; line: number | null }): string {
  const period = market.period === 'first' ? ` (${t(`sport.first.${sport}`)})` : '';
  const line = market.line === null ? '' : ` ${formatLine(market.line, market.kind === 'handicap')}`;
  return `${t(marketLabelId(market.kind))}${period}${line}`;
}

/**
 * A selection's name: home, draw, away (for handicaps the side with its line), over and under, yes and no,
 * odd and even, a correct score, a method.
 */
export function selectionName(t: Translate, market: { kind: MarketKind; line: number | null }, key: SelectionKey): string {
  if (market.kind === 'correctScore') return key.replace('-', ' : ');
  if (market.kind === 'method') return t(`sport.method.${key}`);
  if (market.kind === 'handicap' && market.line !== null && (key === 'home' || key === 'away')) {
    return `${t(`sport.pick.${key}`)} ${formatLine(key === 'home' ? market.line : -market.line, true)}`;
  }
  return t(`sport.pick.${key}`);
}

/** A short name of a selection for a price button (홈, 무, 원정, 오버, 언더, ...; a score or a method in full). */
export function selectionShort(t: Translate, market: { kind: MarketKind; line: number | null }, key: SelectionKey): string {
  return market.kind === 'correctScore' || market.kind === 'method' ? selectionName(t, market, key) : t(`sport.pick.${key}`);
}

/** The clock of a live fixture: "후반 67'" or "3쿼터 08:12", or the period alone where play has no clock. */
export function clockText(t: Translate, sport: Sport, score: SportScore | null): string {
  if (!score || score.period === null) return '';
  const period = periodName(t, sport, score.period);
  // No clock, or one not started (a map or a set between its points): the period alone.
  if (score.clockSeconds === null || (score.clockSeconds === 0 && !HALVES.includes(sport))) return period;
  if (HALVES.includes(sport)) return `${period} ${Math.floor(score.clockSeconds / 60) + 1}'`;
  const minutes = Math.floor(score.clockSeconds / 60);
  return `${period} ${String(minutes).padStart(2, '0')}:${String(score.clockSeconds % 60).padStart(2, '0')}`;
}

/** Odds in hundredths as shown (185 → "1.85"). */
export const formatSportOdds = (cents: number) => (cents / 100).toFixed(2);
