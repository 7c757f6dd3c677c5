/**
 * The live-casino tables: every live-casino brand of the site (its route name) opens its own baccarat
 * tables, each a game of the catalogue, on a wall-clock schedule of its own (schedule.ts).
 */
import type { VendorGame, VendorLang } from '../../../contract/gameProvider';

export interface TableSpec extends VendorGame {
  /** Betting time, then dealing, then the result on show, in milliseconds. */
  bettingMs: number;
  dealingMs: number;
  resultMs: number;
  /** Shifts the table's slots so the tables of a brand do not all deal at once. */
  offsetMs: number;
  /** Stakes are whole multiples of `unit`; each spot takes at most `maxSpot`, a player at most `maxRound` a round. */
  unit: number;
  maxSpot: number;
  maxRound: number;
  /** The felt's colour (the tables differ by colour and name). */
  felt: string;
}

type Names = Record<VendorLang, string>;

/** [route name, slug, felt, speed, English, Korean, Vietnamese] */
const TABLES: [string, string, string, boolean, string, string, string][] = [
  ['evolution', 'baccarat-a', '#0f5c3a', false, 'Baccarat A', '바카라 A', 'Baccarat A'],
  ['evolution', 'speed-baccarat-b', '#11486b', true, 'Speed Baccarat B', '스피드 바카라 B', 'Baccarat Tốc Độ B'],
  ['asiagaming', 'baccarat-c', '#5c1630', false, 'AG Baccarat C', 'AG 바카라 C', 'AG Baccarat C'],
  ['asiagaming', 'baccarat-vip', '#3a2a63', false, 'AG VIP Baccarat', 'AG VIP 바카라', 'AG Baccarat VIP'],
  ['pragmatic', 'speed-baccarat-1', '#0d5662', true, 'Speed Baccarat 1', '스피드 바카라 1', 'Baccarat Tốc Độ 1'],
  ['pragmatic', 'baccarat-2', '#1d5a22', false, 'Baccarat 2', '바카라 2', 'Baccarat 2'],
  ['dreamcasino', 'baccarat-dream', '#4b1b5c', false, 'Dream Baccarat', '드림 바카라', 'Baccarat Giấc Mơ'],
  ['sexygaming', 'baccarat-sexy', '#6b1238', false, 'Sexy Baccarat', '섹시 바카라', 'Baccarat Sexy'],
  ['biggaming', 'baccarat-big', '#6b4a10', false, 'BG Baccarat', 'BG 바카라', 'BG Baccarat'],
  ['HC-microhotel', 'hotel-baccarat', '#20435e', false, 'Micro Hotel Baccarat', '마이크로 호텔 바카라', 'Baccarat Khách Sạn Micro'],
  ['HC-dreamhotel', 'hotel-baccarat', '#3d2e12', false, 'Dream Hotel Baccarat', '드림 호텔 바카라', 'Baccarat Khách Sạn Dream'],
];

export const BACCARAT_TABLES: TableSpec[] = TABLES.map(([brand, slug, felt, speed, en, ko, vi], index) => {
  const names: Names = { ko, en, vi };
  const gameKey = `bac-${brand.toLowerCase()}-${slug}`;
  return {
    gameKey,
    brand,
    kind: 'live',
    names,
    image: `/art/${gameKey}.svg`,
    enabled: true,
    bettingMs: speed ? 12_000 : 15_000,
    dealingMs: 10_000,
    resultMs: 5_000,
    offsetMs: (index * 7_000) % 30_000,
    unit: 1_000,
    maxSpot: 5_000_000,
    maxRound: 10_000_000,
    felt,
  };
});

const BY_KEY = new Map(BACCARAT_TABLES.map((table) => [table.gameKey, table]));

export function findTable(gameKey: string): TableSpec | undefined {
  return BY_KEY.get(gameKey);
}
