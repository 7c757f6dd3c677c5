/**
 * The betting history every product writes to (SPEC §3 bet list): games' rounds from the vendor feed,
 * mini-game bets, later sports. One list, one item shape, one result mapping.
 */
import type { MiniDraw, MiniGame } from './minigames';
import type { SportBetOutcome } from './sports';

export const BET_GROUPS = ['casino', 'slot', 'fishing', 'minigame', 'sport'] as const;
export type BetGroup = (typeof BET_GROUPS)[number];

/** A bet's type (SPEC §3): win, lose, draw, wait; anything else is a cancelled bet. */
export const BET_TYPES = ['win', 'lose', 'draw', 'wait', 'cancel'] as const;
export type BetType = (typeof BET_TYPES)[number];

/** The result shown for each type (SPEC §3): PASS, FAIL, TIE, WAIT, CANCEL. */
export const BET_RESULT = { win: 'PASS', lose: 'FAIL', draw: 'TIE', wait: 'WAIT', cancel: 'CANCEL' } as const;
/** PARTIAL (ours): a lost bet that paid back part of its stake (a slot spin returning 400 of 1,000 won). */
export type BetResult = (typeof BET_RESULT)[BetType] | 'PARTIAL';

/** A settled round's type from its stake and payout: more back is a win, the stake back a draw, less a loss. */
export function betTypeOf(stake: number, win: number): BetType {
  return win > stake ? 'win' : win === stake ? 'draw' : 'lose';
}

/** The one result rule of every screen and call: SPEC §3's mapping, and PARTIAL for 0 < winCash < cash. */
export function betResult(bet: { type: string; cash: number; winCash: number }): BetResult {
  const result = (BET_TYPES as readonly string[]).includes(bet.type) ? BET_RESULT[bet.type as BetType] : 'CANCEL';
  return result === 'FAIL' && bet.winCash > 0 && bet.winCash < bet.cash ? 'PARTIAL' : result;
}

/** resultCash = winCash - cash (SPEC §3). */
export const resultCash = (cash: number, winCash: number): number => winCash - cash;

export interface BetNames {
  ko: string;
  en: string;
  vi: string;
}

/** One item of the bet list. Money in integer won. */
export interface BetItem {
  betId: string;
  groupKey: BetGroup;
  vendorCode: string;
  /** The company (vendor) and game names in the three languages. */
  company: BetNames;
  gameName: BetNames;
  /** The market or bet kind where the product has one (a mini-game market, a baccarat side), else ''. */
  gameType: string;
  type: BetType;
  cash: number;
  winCash: number;
  resultCash: number;
  /** ISO instants. */
  date: string;
  settledAt: string | null;
  roundId: string;
}

/** A round's or draw's fairness proof: the hash is published before, the seed revealed after. */
export interface FairnessProof {
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** How to verify, as a message id of the catalogue, and the page or script that recomputes it. */
  verifyHelp: string;
}

/**
 * A slot spin as the vendor reported it: reel stops, the window (grid[reel][row], symbol keys named in
 * `symbols`), the paying lines (numbered from 1) and the scatters; pays in won.
 */
export interface SlotSpin {
  stops: number[];
  grid: string[][];
  symbols: Record<string, BetNames>;
  lines: { line: number; symbol: string; count: number; pay: number }[];
  scatter: { count: number; pay: number } | null;
}

/** A baccarat coup: each hand's cards (rank 1 ace .. 13 king, suit S H D C) and total, the winner, the pairs. */
export interface BaccaratCoup {
  player: { rank: number; suit: string }[];
  banker: { rank: number; suit: string }[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

/** A fishing shot: the fish aimed at (kind, names, multiplier, wave and id in it) and whether it was caught. */
export interface FishingShot {
  fish: string;
  names: BetNames;
  multiplier: number;
  waveNo: number;
  fishId: number;
  caught: boolean;
}

/**
 * An e-sports slip of game 101 (the house vendor's arena): the round's two best-of-3 matches with each
 * map, the member's one or two picks with their prices (hundredths) and results, and the slip's odds.
 */
export interface EsportSlip {
  roundNo: number;
  matches: {
    home: { tag: string; names: BetNames };
    away: { tag: string; names: BetNames };
    homeMaps: number;
    awayMaps: number;
    maps: { winner: 'home' | 'away'; homeKills: number; awayKills: number; minutes: number }[];
  }[];
  picks: { match: number; market: 'winner' | 'maps'; pick: 'home' | 'away' | 'two' | 'three'; oddsCents: number; won: boolean }[];
  oddsCents: number;
}

/** Why a vendor round gave its stake back: interrupted mid-round, or its table closed before the result. */
export type RefundReason = 'interrupted' | 'closed';

/** A mini-game bet's pick and its round's draw (null until drawn, and on a void round, which refunds). */
export interface MiniBetOutcome {
  game: MiniGame;
  market: string;
  selection: string;
  oddsCents: number;
  draw: MiniDraw | null;
  void: boolean;
}

/**
 * What a bet's detail shows of its result, per product, for the screen to word in the member's
 * language; `text` is the vendor's own words for games it reports no structure for, and for rounds
 * written before it did.
 */
export type BetOutcome =
  | { kind: 'slot'; spin: SlotSpin }
  | { kind: 'baccarat'; coup: BaccaratCoup }
  | { kind: 'mini'; mini: MiniBetOutcome }
  /** A sports bet: each leg with its price and result, the odds, bonus and potential win (contract/sports.ts). */
  | { kind: 'sport'; sport: SportBetOutcome }
  | { kind: 'fishing'; shot: FishingShot }
  | { kind: 'esport'; esport: EsportSlip }
  | { kind: 'refund'; reason: RefundReason }
  | { kind: 'text'; text: string }
  | { kind: 'none' };

export interface BetDetail extends BetItem {
  outcome: BetOutcome;
  proof: FairnessProof | null;
}

/** The member's net result of one Seoul day and one product (winlose). */
export interface WinLoseRow {
  date: string;
  groupKey: BetGroup;
  cash: number;
  winCash: number;
  resultCash: number;
  count: number;
}

/**
 * Bet list request (SPEC §3): groupKey and vendorCode narrow the list ('' for all), startDate/endDate
 * are Seoul wall times (default today), page from 1, DEFAULT_PAGE_SIZE a page. `oldYn` (the spec does
 * not say what it does; our choice): 'Y' lists only finished bets (settled or cancelled), 'N' every bet
 * including those still waiting for their result.
 */
export const OLD_YN = ['Y', 'N'] as const;

/** The longest date range winlose answers, in Seoul days (a longer one answers R003). */
export const WIN_LOSE_MAX_DAYS = 92;
