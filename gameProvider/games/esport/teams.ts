/**
 * Game 101's arena (GameStart, the site's e-sports vendor code): its catalogue entry, its timing and the
 * eight teams that play in it. A team's rating is Elo-like: the chance it wins a map against another
 * is 1 / (1 + 10^((theirs - ours) / 400)).
 */
import type { VendorGame, VendorLang } from '../../../contract/gameProvider';

export interface Team {
  tag: string;
  names: Record<VendorLang, string>;
  rating: number;
  colour: string;
}

/** [tag, Korean, English, rating, colour]; Vietnamese keeps the team's own (English) name. */
const TEAM_ROWS: [string, string, string, number, string][] = [
  ['SDR', '서울 드래곤즈', 'Seoul Dragons', 1640, '#c62828'],
  ['BTY', '부산 타이푼', 'Busan Typhoons', 1605, '#1565c0'],
  ['IPX', '인천 피닉스', 'Incheon Phoenix', 1580, '#ef6c00'],
  ['DVP', '대구 바이퍼스', 'Daegu Vipers', 1560, '#2e7d32'],
  ['GTH', '광주 썬더', 'Gwangju Thunder', 1540, '#f9a825'],
  ['DKN', '대전 나이츠', 'Daejeon Knights', 1520, '#455a64'],
  ['UST', '울산 스톰', 'Ulsan Storm', 1500, '#00838f'],
  ['JWV', '제주 울브즈', 'Jeju Wolves', 1470, '#6a1b9a'],
];

export const TEAMS: Team[] = TEAM_ROWS.map(([tag, ko, en, rating, colour]) => ({ tag, names: { ko, en, vi: en }, rating, colour }));

export interface ArenaSpec extends VendorGame {
  /** Betting time, then the maps being played, then the result on show, in milliseconds. */
  bettingMs: number;
  playingMs: number;
  resultMs: number;
  offsetMs: number;
  /** Stakes are whole multiples of `unit`, from `unit` to `maxSlip` a slip, at most `maxRound` a player a round. */
  unit: number;
  maxSlip: number;
  maxRound: number;
  /** The house margin each price carries (basis points): price = floor(100 / (p × (1 + margin))) / 100. */
  marginBp: number;
}

export const ARENA: ArenaSpec = {
  gameKey: 'esport-gamestart-arena',
  brand: 'gamestart',
  kind: 'esport',
  names: { ko: 'e스포츠 아레나', en: 'E-Sports Arena', vi: 'Đấu Trường E-Sports' },
  image: '/art/esport-gamestart-arena.svg',
  enabled: true,
  bettingMs: 20_000,
  playingMs: 15_000,
  resultMs: 5_000,
  offsetMs: 3_000,
  unit: 1_000,
  maxSlip: 1_000_000,
  maxRound: 2_000_000,
  marginBp: 600,
};

export const ESPORT_GAMES: VendorGame[] = [ARENA].map(({ gameKey, brand, kind, names, image, enabled }) => ({ gameKey, brand, kind, names, image, enabled }));

export function findArena(gameKey: string): ArenaSpec | undefined {
  return gameKey === ARENA.gameKey ? ARENA : undefined;
}
