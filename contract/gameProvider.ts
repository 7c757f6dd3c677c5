/**
 * The house game provider's HTTP API (gameProvider/, first-party), as an outside aggregator would publish
 * it (transfer-wallet style): what the provider serves and what the site's adapter (server/games/) calls.
 * It lives in contract/ because both sides build on it; the signing, which needs node:crypto, is
 * contract/gameProviderSigning.ts. The site's server imports nothing else of gameProvider/ but its mount
 * and settings (server/app.ts runs it in-process under /vendor); the site's browser imports only
 * gameProvider/verify.ts (the verifier); the provider imports nothing of the site but this contract
 * (tests/unit/gameProviderBoundary.test.ts). The protocol's own names keep "vendor", the role it plays
 * for the site (SPEC's vendorCode, vendorKey): on the wire (X-Vendor-* headers, the /vendor path, the
 * VENDOR_* settings, the vendor_* tables) they are its external interface, and the types and constants
 * here (VendorGame, VENDOR_HEADERS...) are named as the wire is.
 *
 * Every API call is a POST of a JSON body under `${VENDOR_URL}/api/v1`, signed by the operator:
 *   X-Vendor-Operator:  the operator id
 *   X-Vendor-Timestamp: milliseconds since the epoch, within VENDOR_CLOCK_SKEW_MS of the vendor's clock
 *   X-Vendor-Signature: hex HMAC-SHA256 over `${timestamp}\n${path}\n${body}` with the operator's secret
 * Answers are JSON: `{ ok: true, ...answer }` (HTTP 200) or `{ ok: false, code, message }` (4xx/5xx).
 * Amounts are integer won. A player is the operator's own id for its member (opaque to the vendor).
 */
export const VENDOR_API_PREFIX = '/api/v1';
export const VENDOR_CLOCK_SKEW_MS = 30_000;
export const VENDOR_HEADERS = {
  operator: 'x-vendor-operator',
  timestamp: 'x-vendor-timestamp',
  signature: 'x-vendor-signature',
} as const;

/** The vendor's refusal codes; the adapter maps them to the site's result codes. */
export const VENDOR_CODES = [
  'SIGNATURE', // unknown operator, bad or missing signature
  'CLOCK_SKEW', // timestamp outside the window
  'BAD_REQUEST', // malformed body or values (negative, fractional, huge amounts; over-long ids)
  'UNKNOWN_GAME', // no such game, or the game is switched off at the vendor
  'UNKNOWN_TRANSFER', // lookup of an id the vendor never applied
  'TRANSFER_CONFLICT', // a transfer id reused with another player, direction or amount
  'INSUFFICIENT_FUNDS', // transfer out above the player's game money
  'ROUND_IN_PROGRESS', // out-all while a round of the player is open (the site's C009)
  'UNAVAILABLE', // the vendor's fault switch refused the call (tests only) or the vendor is down
] as const;
export type VendorCode = (typeof VENDOR_CODES)[number];

export type VendorLang = 'ko' | 'en' | 'vi';
export type VendorGameKind = 'slot' | 'live' | 'fishing' | 'esport';

/** One game of the catalogue. `brand` is the vendor route name it is offered under (evolution, pragslot...). */
export interface VendorGame {
  gameKey: string;
  brand: string;
  kind: VendorGameKind;
  names: Record<VendorLang, string>;
  /** Path of the game's art on the vendor (an SVG the project made), relative to VENDOR_URL. */
  image: string;
  enabled: boolean;
}

export interface VendorTransfer {
  transferId: string;
  player: string;
  direction: 'in' | 'out';
  /** Won moved; an out-all of an empty player moves 0. */
  amount: number;
  /** The player's game money after the transfer. */
  balanceAfter: number;
  createdAt: string;
  /**
   * The player's finished rounds when the transfer was made (absent for one made before the vendor counted them): the
   * operator's rounds feed has brought in every round before an out-all once it counts as many for the player.
   */
  rounds?: number;
}

/**
 * Each round's provably fair proof: the hash is published before the round, the seed after it. Slots
 * and fishing draw from the player's seed pair (revealed when the player rotates it, so the feed
 * carries it as null and `/rounds/proof` answers it later); a table's seed is revealed with its result.
 */
export interface VendorProof {
  serverSeedHash: string;
  /** Null until revealed. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

/**
 * A slot spin: reel stops, the window (grid[reel][row], symbol keys named in `symbols`), the paying
 * lines (numbered from 1) and the scatters; pays in won.
 */
export interface VendorSlotSpin {
  stops: number[];
  grid: string[][];
  symbols: Record<string, Record<VendorLang, string>>;
  lines: { line: number; symbol: string; count: number; pay: number }[];
  scatter: { count: number; pay: number } | null;
}

/** A playing card: rank 1 (ace) to 13 (king), suit S, H, D or C. */
export interface VendorCard {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

/** A baccarat coup: each hand's cards and total, the winning side and the pairs. */
export interface VendorBaccaratCoup {
  player: VendorCard[];
  banker: VendorCard[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

/** A fishing shot: the fish aimed at (kind, its names in the launch languages, multiplier, wave and id) and whether it was caught. */
export interface VendorFishingShot {
  fish: string;
  names: Record<VendorLang, string>;
  multiplier: number;
  waveNo: number;
  fishId: number;
  caught: boolean;
}

/** An e-sports team as game 101 names it. */
export interface VendorEsportTeam {
  tag: string;
  names: Record<VendorLang, string>;
}

/**
 * Game 101's slip: the round's two best-of-3 matches (each map's winner, kills and minutes), the
 * member's one or two picks with each price (hundredths) and whether it won, and the slip's odds.
 */
export interface VendorEsportSlip {
  roundNo: number;
  matches: {
    home: VendorEsportTeam;
    away: VendorEsportTeam;
    homeMaps: number;
    awayMaps: number;
    maps: { winner: 'home' | 'away'; homeKills: number; awayKills: number; minutes: number }[];
  }[];
  picks: { match: number; market: 'winner' | 'maps'; pick: 'home' | 'away' | 'two' | 'three'; oddsCents: number; won: boolean }[];
  oddsCents: number;
}

/**
 * A round settled by giving the stake back: interrupted (a shot or bet the vendor stopped in the middle
 * of) or closed (its table left the catalogue before the result).
 */
export interface VendorRefund {
  reason: 'interrupted' | 'closed';
}

/** A round's outcome as data, for the operator's detail view in its player's language. */
export type VendorRoundDetail =
  | ({ game: 'slot' } & VendorSlotSpin)
  | ({ game: 'baccarat' } & VendorBaccaratCoup)
  | ({ game: 'fishing' } & VendorFishingShot)
  | ({ game: 'esport' } & VendorEsportSlip)
  | ({ game: 'refund' } & VendorRefund);

export interface VendorRound {
  roundId: string;
  player: string;
  gameKey: string;
  brand: string;
  kind: VendorGameKind;
  /** Stake and payout in won (payout 0 on a loss; equal to the stake on a push). */
  bet: number;
  win: number;
  startedAt: string;
  endedAt: string;
  /** A short, human-readable outcome (reels, cards, fish hit) in English, for the detail view. */
  outcome: string;
  /** The outcome as data: a slot's spin, a baccarat coup, a fishing shot, a refund (null for rounds played before the vendor kept it). */
  detail: VendorRoundDetail | null;
  proof: VendorProof;
}

/** The game a launch opens, in the player's language. */
export interface VendorLaunch {
  gameKey: string;
  lang: VendorLang;
}

/** A launch's session: url opens the game for the player; the session ends when the player leaves or after expiresAt. */
export interface VendorSession {
  url: string;
  sessionId: string;
  expiresAt: string;
}

/** Each call: path (under VENDOR_API_PREFIX), body and answer. */
export interface VendorCalls {
  '/games': { body: Record<string, never>; answer: { games: VendorGame[] } };
  '/launch': { body: { player: string } & VendorLaunch; answer: VendorSession };
  /**
   * With `launch`, a game session is opened for the player once the transfer is applied, and answered with it: a launch
   * with its money in one call. No session (the game unknown or off) leaves the transfer as it is; ask /launch then.
   */
  '/transfers/in': { body: { transferId: string; player: string; amount: number; launch?: VendorLaunch }; answer: { transfer: VendorTransfer; session?: VendorSession } };
  '/transfers/out': { body: { transferId: string; player: string; amount: number }; answer: { transfer: VendorTransfer } };
  /** Moves all of the player's game money out; refused with ROUND_IN_PROGRESS while a round is open. */
  '/transfers/out-all': { body: { transferId: string; player: string }; answer: { transfer: VendorTransfer } };
  /** The transfer with that id, if the vendor applied it (UNKNOWN_TRANSFER otherwise). */
  '/transfers/lookup': { body: { transferId: string }; answer: { transfer: VendorTransfer } };
  '/players/balance': { body: { player: string }; answer: { balance: number; inRound: boolean } };
  /** Finished rounds after the cursor (null: from the start), oldest first, at most `limit` (<= 500). */
  '/rounds/feed': { body: { after: string | null; limit: number }; answer: { rounds: VendorRound[]; next: string | null } };
  /** One round's proof as it is now (its server seed once revealed); null for a round of another operator or none. */
  '/rounds/proof': { body: { roundId: string }; answer: { proof: VendorProof | null } };
  /** All transfers (for reconciliation) after the cursor, oldest first. */
  '/transfers/feed': { body: { after: string | null; limit: number }; answer: { transfers: VendorTransfer[]; next: string | null } };
}
export type VendorPath = keyof VendorCalls;

export type VendorAnswer<P extends VendorPath> = ({ ok: true } & VendorCalls[P]['answer']) | { ok: false; code: VendorCode; message: string };

/** Transfer ids are chosen by the caller: 8-64 characters of [A-Za-z0-9_-]. */
export const TRANSFER_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The largest single transfer the vendor accepts (won). */
export const VENDOR_MAX_TRANSFER = 1_000_000_000;

/** The text a call's signature is computed over (gameProviderSigning.ts signs and checks it). */
export function signedText(timestamp: string, path: string, body: string): string {
  return `${timestamp}\n${path}\n${body}`;
}
