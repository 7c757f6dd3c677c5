import { createContext } from 'react';
import type { MainGame } from '../../../contract/games';

/**
 * What a game card's play button does: for a guest, SPEC §5's front.error.afterSignin (GameAreas); for
 * a member, the game launcher (MemberPlay, loaded only for members); null while that loads.
 */
export const PlayContext = createContext<((game: MainGame) => void) | null>(null);

export const launchRequestOf = (game: MainGame) => ({ vendorKey: game.vendorKey, gameType: game.category, gameKey: game.key, vendor: game.vendor });
