import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { BettingService } from './service';

export function registerBettingRoutes(api: ApiRouter, betting: BettingService): void {
  api.member(calls.betList, (payload, { session }) => betting.list(session, payload));
  api.member(calls.betDetail, (payload, { session }) => betting.detail(session, payload));
  api.member(calls.winLose, (payload, { session }) => betting.winLose(session, payload));
}
