/** The table games' part of the vendor's catalogue: every baccarat table, the fishing games and the e-sports arena (game 101). */
import type { VendorGame } from '../../contract/gameProvider';
import { BACCARAT_TABLES } from './baccarat/tables';
import { FISHING_GAMES } from './fishing/service';
import { ESPORT_GAMES } from './esport/teams';

export const TABLE_GAMES: VendorGame[] = [
  ...BACCARAT_TABLES.map(({ gameKey, brand, kind, names, image, enabled }) => ({ gameKey, brand, kind, names, image, enabled })),
  ...FISHING_GAMES,
  ...ESPORT_GAMES,
];
