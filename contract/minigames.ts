/**
 * The site's own mini games (SPEC §1, §2): powerball, power ladder, speed keno and keno ladder. What
 * client and server agree on: the games, their draws, the facts a draw decides, the markets and their
 * selections, the odds derived from exact probabilities (contract/miniOdds.ts computes those), the
 * rounds as both read them, and the bet call's shapes. Draws come from contract/fairness.ts.
 */
export const MINI_GAMES = ['powerball', 'powerladder', 'speedkino', 'kinoladder'] as const;
export type MiniGame = (typeof MINI_GAMES)[number];

export const isMiniGame = (value: unknown): value is MiniGame => (MINI_GAMES as readonly unknown[]).includes(value);

/** The game vendor codes of the seed (GAME master code, group minigame). */
export const MINI_GAME_CODES: Record<MiniGame, string> = { powerball: '301', powerladder: '302', speedkino: '303', kinoladder: '304' };

export const POWERBALL = { normals: 5, normalMax: 28, powerballMax: 9 } as const;
export const KENO = { count: 22, max: 70 } as const;

export type LadderStart = 'left' | 'right';
export type Parity = 'odd' | 'even';

export interface Ladder {
  start: LadderStart;
  rungs: 3 | 4;
  /** Fixed by start and rungs: left-3 and right-4 finish even, left-4 and right-3 odd. */
  finish: Parity;
}

export interface PowerballDraw {
  /** In draw order. */
  normals: number[];
  powerball: number;
}
export interface KenoDraw {
  /** In draw order. */
  numbers: number[];
}
export type LadderDraw = Ladder;
export type KenoLadderDraw = KenoDraw & Ladder;

export interface DrawOf {
  powerball: PowerballDraw;
  powerladder: LadderDraw;
  speedkino: KenoDraw;
  kinoladder: KenoLadderDraw;
}
export type MiniDraw = DrawOf[MiniGame];

export function ladderOf(start: LadderStart, rungs: 3 | 4): Ladder {
  const finish: Parity = (start === 'left') === (rungs === 3) ? 'even' : 'odd';
  return { start, rungs, finish };
}

/**
 * Keno ladder from the speed keno draw of the same round: the first number drawn decides it. Odd
 * starts left, even right; 1-35 gives 3 rungs, 36-70 gives 4. (Not quite uniform: 18, 17, 17 and 18
 * of the 70 numbers; the odds are derived from these exact counts.)
 */
export function kenoLadder(first: number): Ladder {
  return ladderOf(first % 2 === 1 ? 'left' : 'right', first <= 35 ? 3 : 4);
}

/** What markets read from a draw. */
export interface PowerballFacts { sum: number; pb: number }
export interface KenoFacts { sum: number }
export type LadderFacts = Ladder;
export interface FactsOf {
  powerball: PowerballFacts;
  powerladder: LadderFacts;
  speedkino: KenoFacts;
  kinoladder: LadderFacts;
}

const total = (numbers: readonly number[]) => numbers.reduce((s, n) => s + n, 0);

export function factsOf<G extends MiniGame>(game: G, draw: DrawOf[G]): FactsOf[G] {
  switch (game) {
    case 'powerball': {
      const d = draw as PowerballDraw;
      return { sum: total(d.normals), pb: d.powerball } as FactsOf[G];
    }
    case 'speedkino':
      return { sum: total((draw as KenoDraw).numbers) } as FactsOf[G];
    default: {
      const { start, rungs, finish } = draw as Ladder;
      return { start, rungs, finish } as FactsOf[G];
    }
  }
}

export interface Selection<F> {
  id: string;
  wins(facts: F): boolean;
}

export interface Market<F> {
  id: string;
  selections: readonly Selection<F>[];
}

const odd = (n: number) => n % 2 === 1;
const between = (n: number, lo: number, hi: number) => n >= lo && n <= hi;

// Powerball: the powerball 0-9 and the sum of the five normal balls 15-130.
const pbUnder = (f: PowerballFacts) => f.pb <= 4;
const sumUnder = (f: PowerballFacts) => f.sum <= 72;

const POWERBALL_MARKETS: readonly Market<PowerballFacts>[] = [
  { id: 'pbOddEven', selections: [{ id: 'odd', wins: (f) => odd(f.pb) }, { id: 'even', wins: (f) => !odd(f.pb) }] },
  { id: 'pbUnderOver', selections: [{ id: 'under', wins: pbUnder }, { id: 'over', wins: (f) => !pbUnder(f) }] },
  {
    id: 'pbSection',
    selections: [
      { id: 'A', wins: (f) => between(f.pb, 0, 2) }, { id: 'B', wins: (f) => between(f.pb, 3, 4) },
      { id: 'C', wins: (f) => between(f.pb, 5, 6) }, { id: 'D', wins: (f) => between(f.pb, 7, 9) },
    ],
  },
  {
    id: 'pbCombo',
    selections: [
      { id: 'oddUnder', wins: (f) => odd(f.pb) && pbUnder(f) }, { id: 'oddOver', wins: (f) => odd(f.pb) && !pbUnder(f) },
      { id: 'evenUnder', wins: (f) => !odd(f.pb) && pbUnder(f) }, { id: 'evenOver', wins: (f) => !odd(f.pb) && !pbUnder(f) },
    ],
  },
  { id: 'sumOddEven', selections: [{ id: 'odd', wins: (f) => odd(f.sum) }, { id: 'even', wins: (f) => !odd(f.sum) }] },
  { id: 'sumUnderOver', selections: [{ id: 'under', wins: sumUnder }, { id: 'over', wins: (f) => !sumUnder(f) }] },
  {
    id: 'sumSize',
    selections: [
      { id: 'small', wins: (f) => between(f.sum, 15, 64) }, { id: 'medium', wins: (f) => between(f.sum, 65, 80) },
      { id: 'large', wins: (f) => between(f.sum, 81, 130) },
    ],
  },
  {
    id: 'sumSection',
    selections: [
      { id: 'A', wins: (f) => between(f.sum, 15, 35) }, { id: 'B', wins: (f) => between(f.sum, 36, 49) },
      { id: 'C', wins: (f) => between(f.sum, 50, 57) }, { id: 'D', wins: (f) => between(f.sum, 58, 65) },
      { id: 'E', wins: (f) => between(f.sum, 66, 78) }, { id: 'F', wins: (f) => between(f.sum, 79, 130) },
    ],
  },
  {
    id: 'sumCombo',
    selections: [
      { id: 'oddUnder', wins: (f) => odd(f.sum) && sumUnder(f) }, { id: 'oddOver', wins: (f) => odd(f.sum) && !sumUnder(f) },
      { id: 'evenUnder', wins: (f) => !odd(f.sum) && sumUnder(f) }, { id: 'evenOver', wins: (f) => !odd(f.sum) && !sumUnder(f) },
    ],
  },
  {
    id: 'pbSumOddEven',
    selections: [
      { id: 'oddOdd', wins: (f) => odd(f.pb) && odd(f.sum) }, { id: 'oddEven', wins: (f) => odd(f.pb) && !odd(f.sum) },
      { id: 'evenOdd', wins: (f) => !odd(f.pb) && odd(f.sum) }, { id: 'evenEven', wins: (f) => !odd(f.pb) && !odd(f.sum) },
    ],
  },
];

const LADDER_MARKETS: readonly Market<LadderFacts>[] = [
  { id: 'start', selections: [{ id: 'left', wins: (f) => f.start === 'left' }, { id: 'right', wins: (f) => f.start === 'right' }] },
  { id: 'rungs', selections: [{ id: 'three', wins: (f) => f.rungs === 3 }, { id: 'four', wins: (f) => f.rungs === 4 }] },
  { id: 'finish', selections: [{ id: 'odd', wins: (f) => f.finish === 'odd' }, { id: 'even', wins: (f) => f.finish === 'even' }] },
  {
    id: 'line',
    selections: [
      { id: 'left3even', wins: (f) => f.start === 'left' && f.rungs === 3 }, { id: 'left4odd', wins: (f) => f.start === 'left' && f.rungs === 4 },
      { id: 'right3odd', wins: (f) => f.start === 'right' && f.rungs === 3 }, { id: 'right4even', wins: (f) => f.start === 'right' && f.rungs === 4 },
    ],
  },
];

/** Speed keno: the sum of 22 numbers from 1-70 lies in 253-1309; under is 253-780, over 781-1309. */
const KENO_UNDER_MAX = 780;
const kenoUnder = (f: KenoFacts) => f.sum <= KENO_UNDER_MAX;
const KENO_MARKETS: readonly Market<KenoFacts>[] = [
  { id: 'sumOddEven', selections: [{ id: 'odd', wins: (f) => odd(f.sum) }, { id: 'even', wins: (f) => !odd(f.sum) }] },
  { id: 'sumUnderOver', selections: [{ id: 'under', wins: kenoUnder }, { id: 'over', wins: (f) => !kenoUnder(f) }] },
  {
    id: 'sumCombo',
    selections: [
      { id: 'oddUnder', wins: (f) => odd(f.sum) && kenoUnder(f) }, { id: 'oddOver', wins: (f) => odd(f.sum) && !kenoUnder(f) },
      { id: 'evenUnder', wins: (f) => !odd(f.sum) && kenoUnder(f) }, { id: 'evenOver', wins: (f) => !odd(f.sum) && !kenoUnder(f) },
    ],
  },
];

export const MARKETS: { [G in MiniGame]: readonly Market<FactsOf[G]>[] } = {
  powerball: POWERBALL_MARKETS,
  powerladder: LADDER_MARKETS,
  speedkino: KENO_MARKETS,
  kinoladder: LADDER_MARKETS,
};

export function findSelection(game: MiniGame, marketId: string, selectionId: string): { market: Market<unknown>; selection: Selection<unknown> } | null {
  const market = (MARKETS[game] as readonly Market<unknown>[]).find((m) => m.id === marketId);
  const selection = market?.selections.find((s) => s.id === selectionId);
  return market && selection ? { market, selection } : null;
}

/** The winning selection of every market for a draw: market id -> selection ids. */
export function winnersOf<G extends MiniGame>(game: G, draw: DrawOf[G]): Record<string, string[]> {
  const facts = factsOf(game, draw);
  const winners: Record<string, string[]> = {};
  for (const market of MARKETS[game] as readonly Market<FactsOf[G]>[]) {
    winners[market.id] = market.selections.filter((s) => s.wins(facts)).map((s) => s.id);
  }
  return winners;
}

/** Message ids of a market's and a selection's names (catalog `mini.market.*`, `mini.sel.<market>.*`). */
export const marketLabelId = (game: MiniGame, market: string) => `mini.market.${game === 'kinoladder' ? 'powerladder' : game}.${market}`;
export const selectionLabelId = (market: string, selection: string) => `mini.sel.${market}.${selection}`;
export const gameLabelId = (game: MiniGame) => `mini.game.${game}`;

/** Odds as integer hundredths (195 = 1.95); a payout is floor(stake * odds / 100). */
export const payoutOf = (stake: number, oddsCents: number): number => Math.floor((stake * oddsCents) / 100);

/** Margin (return to player) in basis points: 9750 pays 97.5% of what the selection takes, on average. */
export const DEFAULT_MARGIN_BP = 9_750;

/**
 * Odds from an exact probability num/den and the margin: floor(margin / p) to the hundredth, so the
 * return to player p * odds is at most the margin (never above 100%) and below it by under p / 100.
 */
export function deriveOddsCents(num: bigint, den: bigint, marginBp: number): number {
  if (num <= 0n || den <= 0n || num > den) throw new Error('probability out of range');
  return Number((BigInt(marginBp) * den) / (num * 100n));
}

/** Interval choices (seconds): each divides a Seoul day, so slots line up at midnight. */
export const MINI_INTERVALS = [60, 120, 180, 300, 600, 900, 1200, 1800, 3600] as const;
export const MINI_DEFAULTS = { intervalSec: 300, cutoffSec: 30 } as const;

/** Preset stakes (SPEC §9: units of 10,000 won). */
export const MINI_PRESETS = [10_000, 50_000, 100_000, 500_000, 1_000_000] as const;

export type RoundStatus = 'open' | 'drawn' | 'settled' | 'void';

/** A round as the board and the results show it. Instants are ISO strings. */
export interface MiniRound {
  roundId: number;
  game: MiniGame;
  /** Seoul date yyyy-MM-dd and the round's number that day. */
  day: string;
  roundNo: number;
  opensAt: string;
  closesAt: string;
  drawsAt: string;
  status: RoundStatus;
  /** sha256 of the seed, committed before betting opens. */
  seedHash: string;
  /** Revealed after the draw. */
  seed: string | null;
  draw: MiniDraw | null;
}

/** The text HMAC-SHA256 signs for a round (keno ladder uses its speed keno round's). */
export const drawMessageKey = (game: MiniGame, day: string, roundNo: number) =>
  `${game === 'kinoladder' ? 'speedkino' : game}:${day}:${roundNo}`;

export type MiniBetStatus = 'wait' | 'win' | 'lose' | 'cancel';

export interface MiniBet {
  betId: number;
  game: MiniGame;
  roundId: number;
  roundNo: number;
  market: string;
  selection: string;
  stake: number;
  oddsCents: number;
  status: MiniBetStatus;
  win: number;
  placedAt: string;
}

/** market id -> selection id -> odds in hundredths. */
export type OddsTable = Record<string, Record<string, number>>;

export interface MiniBoard {
  game: MiniGame;
  /** The server's clock when it answered: countdowns run on it, never on the device's. */
  serverNow: string;
  paused: boolean;
  round: MiniRound | null;
  odds: OddsTable;
  /** The last drawn rounds, newest first. */
  recent: MiniRound[];
  /** The member's bets on the current and the last rounds, newest first. */
  myBets: MiniBet[];
  limits: { min: number; max: number; hitLimit: number };
}

export interface MiniChain {
  chainId: number;
  game: MiniGame;
  terminalHash: string;
  length: number;
  publishedAt: string;
}

/** What a game's feed (contract/topics.ts, miniRounds) carries: a round that opened, drew, settled or was voided. */
export interface MiniTopicBody {
  kind: 'round';
  round: MiniRound;
}

export interface BetProcDraft {
  game: MiniGame;
  roundId: number;
  market: string;
  selection: string;
  amount: number;
}
