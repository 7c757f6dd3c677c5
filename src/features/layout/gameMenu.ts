import type { CommonCode } from '../../../contract/types';

/** The master code under which the server keeps the game vendors (group = casino, slot, sport, minigame). */
export const GAME_MASTER_CODE = 'GAME';

export type GameCategoryId = 'casino' | 'hotelCasino' | 'slot' | 'hotelSlot' | 'sport' | 'minigame';

export interface GameCategory {
  id: GameCategoryId;
  /** The category page (built by the games issues; until then the router sends it to /). */
  path: string;
  vendors: CommonCode[];
}

export const GAME_CATEGORY_PATHS: Record<GameCategoryId, string> = {
  casino: '/livecasino',
  hotelCasino: '/livecasino',
  slot: '/slotgame',
  hotelSlot: '/slotgame',
  sport: '/sport',
  minigame: '/minigame',
};

const MENU_ORDER: GameCategoryId[] = ['casino', 'hotelCasino', 'slot', 'hotelSlot', 'sport', 'minigame'];

/** SPEC §3: names with "HC-" are hotel casino, names with "H-" hotel slot. */
export function categoryOf(code: CommonCode): GameCategoryId | null {
  const group = code.groupCode.toLowerCase();
  if (group === 'casino') return code.codeName.includes('HC-') ? 'hotelCasino' : 'casino';
  if (group === 'slot') return code.codeName.includes('H-') ? 'hotelSlot' : 'slot';
  if (group === 'sport') return 'sport';
  if (group === 'minigame') return 'minigame';
  return null;
}

/** Groups the vendor codes into the menu's categories, in menu order, each sorted by `ord`. */
export function groupGameMenu(codes: readonly CommonCode[]): GameCategory[] {
  const byCategory = new Map<GameCategoryId, CommonCode[]>();
  for (const code of codes) {
    const id = categoryOf(code);
    if (id) byCategory.set(id, [...(byCategory.get(id) ?? []), code]);
  }
  return MENU_ORDER.filter((id) => byCategory.has(id)).map((id) => ({
    id,
    path: GAME_CATEGORY_PATHS[id],
    vendors: [...byCategory.get(id)!].sort((a, b) => a.ord - b.ord),
  }));
}
