import type { YN } from './types';
import type { Balances } from './wallet';

/**
 * Games, as members see them (SPEC §2, §3, §9): vendors (the game codes), their games, the launch, the
 * game window's rules, game money and the merge. The site reaches the house vendor through one adapter
 * (server/games/); none of this names it.
 */
/** Where a vendor stands (operator's choice): listed and playable, listed under maintenance (B0093), or not listed. */
export const VENDOR_STATES = ['shown', 'maintenance', 'hidden'] as const;
export type VendorState = (typeof VENDOR_STATES)[number];

/** Game categories of the lobby; hotel casino and hotel slot are marked by the code name (SPEC §3). */
export type GameLobby = 'casino' | 'hotelCasino' | 'slot' | 'hotelSlot' | 'fishing';
export const HOTEL_CASINO_MARK = 'HC-';
export const HOTEL_SLOT_MARK = 'H-';

/** One game of a vendor (SPEC §3 slot game item, with the other languages' names). */
export interface GameItem {
  key: string;
  id: string;
  /** URL of the game's art. */
  image: string;
  names: { ko: string; en: string; vi: string };
  /** The game type sent back on launch (slot, live, fishing). */
  category: string;
}

/** SPEC §3 game launch. */
export interface GameLaunchAnswer {
  gameurl: string;
}

/** SPEC §9 game window: 1500×800 at top 50, centred; the portrait vendors get height 800, width 800/1.78. */
export const GAME_WINDOW = { width: 1500, height: 800, top: 50 } as const;
export const PORTRAIT_VENDORS: readonly string[] = ['bomb'];
export const PORTRAIT_RATIO = 1.78;
/** SPEC §9: the game window is checked every 10 s; a closed window's game money is offered for merging. */
export const GAME_CLOSE_POLL_MS = 10_000;
/** SPEC §8 ABZ01: launches allowed in the window before a member must wait 2 minutes. */
export const LAUNCH_BURST = { count: 5, windowMs: 60_000, waitMs: 120_000 } as const;

/** The merge modal's states (SPEC §4), the same for its three variants. */
export const MERGE_VARIANTS = ['header', 'cash', 'partner'] as const;
export type MergeVariant = (typeof MERGE_VARIANTS)[number];
/** SPEC §4: the merge modal closes itself about 1.8 s after completing. */
export const MERGE_CLOSE_MS = 1_800;

/**
 * Game money (SPEC's money merge, isPlayGame, C009), the site's rules where SPEC is silent:
 * - One wallet per member at the vendor, shared by all its games. Launching moves ALL integrated money
 *   into it (when the member's cash flag is Y) before the game opens; the merge moves all of it back.
 *   Money is shown in one place at a time: the header shows integrated money and, while it exists,
 *   game money (the balance call's gameMoney).
 * - A launch while a game is open reuses the wallet: the new game opens on the same game money, and
 *   integrated money received meanwhile (an approved deposit) moves in too. No merge is forced.
 * - A launch with no integrated money and no game money answers B0099 (no credit).
 * - The merge is refused with C009 while a round is still in progress at the vendor.
 */
export interface GameMoneyAnswer {
  /** Integrated money and points after the merge. */
  balances: Balances;
  /** Won moved from the game back into integrated money (0 when there was none). */
  merged: number;
  /** Game money left at the vendor: 0 after a merge. */
  gameMoney: number;
}

/**
 * /api/member/changeMemCashFlag (SPEC §7, payload empty, answer not shown): the member's choice whether a
 * launch moves all integrated money into the game (Y, the default) or opens the game on the game money
 * already there (N). An empty payload turns the flag over; `memCashFlag` sets it.
 */
export interface MemCashFlagAnswer {
  memCashFlag: YN;
}
export const MEM_CASH_FLAG_DEFAULT: YN = 'Y';

/** The game types a launch names (the GameItem category). */
export const GAME_TYPES = ['slot', 'live', 'fishing', 'esport'] as const;

/** A game card of the main page: its art, its names and what its play button launches. */
export interface MainGame {
  key: string;
  /** The vendor's brand key (the launch's vendorKey). */
  vendorKey: string;
  /** The vendor's route name without hotel markers (the game window's rules name vendors so). */
  vendor: string;
  category: string;
  image: string;
  names: { ko: string; en: string; vi: string };
}

/**
 * The slot jackpot (README, main page): this share of every slot stake of the last `days` days, on top
 * of the operator's base.
 */
export const SLOT_JACKPOT = { percent: 1, days: 30, base: 10_000_000 } as const;

/** The house vendor's live table as the main page and /live show it, and where its public state is read. */
export interface MainLiveTable {
  game: MainGame;
  /** The vendor's unauthenticated table state (LiveTableState). */
  stateUrl: string;
}

/** `/api/main/games`: the main page's game areas, from the catalogue and the bet history. */
export interface MainGames {
  /** The most recently added playable games. */
  newGames: MainGame[];
  /** The playable games with the most rounds over the last 7 days, most first. */
  popular: (MainGame & { rounds: number })[];
  /** The biggest wins of the last 7 days, member ids masked. */
  ranking: { memId: string; win: number; game: MainGame }[];
  jackpot: { amount: number };
  live: MainLiveTable | null;
}

/** A live baccarat table's public state (the vendor's GET /tables/<gameKey>/public): no player data. */
export interface LiveTableState {
  gameKey: string;
  names: { ko: string; en: string; vi: string };
  felt: string;
  now: number;
  /** The vendor's round number of the table (the one number every screen shows), its phase and times. */
  round: { roundNo: number; phase: 'betting' | 'dealing' | 'result'; startsAt: number; bettingEndsAt: number; resultAt: number; nextRoundAt: number };
  /** The cards turned over so far. */
  cards: { side: 'player' | 'banker'; rank: number; suit: string }[];
  /** The result, once it is shown. */
  result: { winner: string; playerTotal: number; bankerTotal: number } | null;
  /** The last results, oldest first. */
  road: { roundNo: number; winner: string; playerTotal: number; bankerTotal: number }[];
}
