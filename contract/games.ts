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
/** Vendors whose https games still open in their own window; other https games open in /slot/game's frame. */
export const POPUP_VENDORS: readonly string[] = ['evolution', 'pragmatic'];
/** SPEC §9: the game window is checked every 10 s; a closed window's game money is offered for merging. */
export const GAME_CLOSE_POLL_MS = 10_000;
/** SPEC §8 ABZ01: launches allowed in the window before a member must wait 2 minutes. */
export const LAUNCH_BURST = { count: 5, windowMs: 60_000, waitMs: 120_000 } as const;

/** The merge modal's states (SPEC §4), the same for its three variants. */
export const MERGE_VARIANTS = ['header', 'cash', 'partner'] as const;
export type MergeVariant = (typeof MERGE_VARIANTS)[number];
/** SPEC §4: the merge modal closes itself about 1.8 s after completing. */
export const MERGE_CLOSE_MS = 1_800;
