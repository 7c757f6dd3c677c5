/**
 * The vendor's games: one list made of each game module's titles (add a module's list here).
 */
import type { VendorGame } from '../contract/gameProvider';
import { SLOT_TITLES } from './slots/titles';
import { TABLE_GAMES } from './games/catalogue';

const GAMES: VendorGame[] = [
  ...SLOT_TITLES.map(({ theme: _theme, ...game }) => game),
  ...TABLE_GAMES,
];

const BY_KEY = new Map(GAMES.map((g) => [g.gameKey, g]));

export function catalogue(): VendorGame[] {
  return GAMES;
}

export function findGame(gameKey: string): VendorGame | undefined {
  return BY_KEY.get(gameKey);
}
