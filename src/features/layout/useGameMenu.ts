import { useGameCodes } from '../../data/queries';
import { GAME_MASTER_CODE, groupGameMenu } from './gameMenu';

/** The game groups (from /api/common/gameGroupCodes), then every group's vendors (/api/common/gameCodes), read once per page load. */
export function useGameMenu() {
  const codes = useGameCodes(GAME_MASTER_CODE);
  return codes.status === 'ready' ? { status: 'ready' as const, data: groupGameMenu(codes.data) } : codes;
}
