import { callApi } from '../../api/client';
import { useLoad } from '../../ui/useLoad';
import { GAME_MASTER_CODE, groupGameMenu } from './gameMenu';

/** The game groups (from /api/common/gameGroupCodes), then every group's vendors (/api/common/gameCodes). */
async function loadGameMenu() {
  const { groupCodes } = await callApi('gameGroupCodes', { masterCode: GAME_MASTER_CODE });
  const answers = await Promise.all(
    groupCodes.map((group) => callApi('gameCodes', { masterCode: GAME_MASTER_CODE, groupCode: group.code, code: '' })),
  );
  return groupGameMenu(answers.flatMap((answer) => answer.codes));
}

export function useGameMenu() {
  return useLoad(loadGameMenu, []);
}
