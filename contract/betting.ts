/**
 * The betting history every product writes to (SPEC §3 bet list): games' rounds from the vendor feed,
 * mini-game bets, later sports. One list, one item shape, one result mapping.
 */
export const BET_GROUPS = ['casino', 'slot', 'fishing', 'minigame', 'sport'] as const;
export type BetGroup = (typeof BET_GROUPS)[number];

/** A bet's type (SPEC §3): win, lose, draw, wait; anything else is a cancelled bet. */
export const BET_TYPES = ['win', 'lose', 'draw', 'wait', 'cancel'] as const;
export type BetType = (typeof BET_TYPES)[number];

/** The result shown for each type (SPEC §3): PASS, FAIL, TIE, WAIT, CANCEL. */
export const BET_RESULT = { win: 'PASS', lose: 'FAIL', draw: 'TIE', wait: 'WAIT', cancel: 'CANCEL' } as const;
export type BetResult = (typeof BET_RESULT)[BetType];

export function betResult(type: string): BetResult {
  return (BET_TYPES as readonly string[]).includes(type) ? BET_RESULT[type as BetType] : 'CANCEL';
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

export interface BetDetail extends BetItem {
  outcome: string;
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
