import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { MiniGamesService } from './service';

export function registerMiniGameRoutes(api: ApiRouter, minigames: MiniGamesService): void {
  api.member(calls.betProc, (payload, { session }) => minigames.bet(session, payload));
  api.member(calls.miniBoard, (payload, { session }) => minigames.board(session, payload));
  api.member(calls.powerballResult, (payload) => minigames.results(payload));
}
