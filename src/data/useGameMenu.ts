import { useGameCodes } from './siteReads';
import { GAME_MASTER_CODE, groupGameMenu } from './gameMenu';

/** The game menu: every vendor of every group in one /api/common/gameCodes call per page load, grouped here. */
export function useGameMenu() {
  const codes = useGameCodes(GAME_MASTER_CODE);
  return codes.status === 'ready' ? { status: 'ready' as const, data: groupGameMenu(codes.data) } : codes;
}
