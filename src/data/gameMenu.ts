import type { CommonCode } from '../../contract/types';
import { GAME_CATEGORIES, type GameCategoryId } from '../routes/screens';

/** The master code under which the server keeps the game vendors (groups casino, slot, sport, esport, virtual, minigame, fishing). */
export const GAME_MASTER_CODE = 'GAME';

export interface GameCategory {
  id: GameCategoryId;
  vendors: CommonCode[];
}

/** SPEC §3: names with "HC-" are hotel casino, names with "H-" hotel slot. */
export function categoryOf(code: CommonCode): GameCategoryId | null {
  const group = code.groupCode.toLowerCase();
  if (group === 'casino') return code.codeName.includes('HC-') ? 'hotelCasino' : 'casino';
  if (group === 'slot') return code.codeName.includes('H-') ? 'hotelSlot' : 'slot';
  return GAME_CATEGORIES.find((id) => id === group) ?? null;
}

/** Groups the vendor codes into the menu's categories, in menu order, each sorted by `ord`. */
export function groupGameMenu(codes: readonly CommonCode[]): GameCategory[] {
  const byCategory = new Map<GameCategoryId, CommonCode[]>();
  for (const code of codes) {
    const id = categoryOf(code);
    if (id) byCategory.set(id, [...(byCategory.get(id) ?? []), code]);
  }
  return GAME_CATEGORIES.filter((id) => byCategory.has(id)).map((id) => ({
    id,
    vendors: [...byCategory.get(id)!].sort((a, b) => a.ord - b.ord),
  }));
}

/**
 * The vendors' brands as they present themselves outside Korea, by the code's English (route) name; the
 * hotel markers are dropped because the category already says "hotel". Vietnamese uses the brand too,
 * except where the name is a plain word.
 */
const BRANDS: Record<string, { en: string; vi?: string }> = {
  evolution: { en: 'Evolution' },
  asiagaming: { en: 'Asia Gaming' },
  pragmatic: { en: 'Pragmatic Play' },
  dreamcasino: { en: 'Dream Gaming' },
  sexygaming: { en: 'Sexy Gaming' },
  biggaming: { en: 'Big Gaming' },
  microhotel: { en: 'Microgaming' },
  dreamhotel: { en: 'Dream Gaming' },
  kplayslot: { en: 'KPLAY' },
  pragslot: { en: 'Pragmatic Play' },
  habanero: { en: 'Habanero' },
  elle: { en: 'Elysium' },
  quick: { en: 'Quickspin' },
  spade: { en: 'Spadegaming' },
  playandgo: { en: "Play'n GO" },
  worldmath: { en: 'World Match' },
  microgaming: { en: 'Microgaming' },
  ylgaming: { en: 'YL Gaming' },
  habanerohotel: { en: 'Habanero' },
  pragmatichotel: { en: 'Pragmatic Play' },
  sport: { en: 'Sports', vi: 'Thể thao' },
  gamestart: { en: 'GameStart' },
  virtualsoccer: { en: 'Virtual Football', vi: 'Bóng đá ảo' },
  powerball: { en: 'Powerball' },
  powerladder: { en: 'Power Ladder' },
  speedkino: { en: 'Speed Keno' },
  kinoladder: { en: 'Keno Ladder' },
  kplayfishing: { en: 'KPLAY Fishing' },
};

const withoutMarker = (name: string) => name.replace(/^(HC-|H-|slot_)/, '');

/** The vendor's brand key: the code's English name without the hotel or slot marker ('slot_elle' -> 'elle'). */
export const brandKeyOf = (code: CommonCode): string => withoutMarker(code.codeNameEN);

/** The vendor's name: Korean from the code, other languages the vendor's brand. */
export function vendorName(code: CommonCode, locale: string): string {
  if (locale === 'ko' || !code.codeNameEN) return withoutMarker(code.codeName);
  const key = brandKeyOf(code);
  const brand = BRANDS[key];
  if (brand) return (locale === 'vi' && brand.vi) || brand.en;
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** The vendor's key in game calls: the code's English (route) name, as the server keeps it. */
export const vendorKeyOf = (code: CommonCode): string => code.codeNameEN;

/** The vendor's route name without the hotel markers (the game window's rules name vendors so). */
export const vendorRouteName = (code: CommonCode): string => withoutMarker(code.codeNameEN);
