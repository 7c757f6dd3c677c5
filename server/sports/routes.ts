import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { SportsService } from './service';

/** The sportsbook's member calls (betProc's sports kind is registered with the mini games' call: minigames/routes.ts). */
export function registerSportsRoutes(api: ApiRouter, sports: SportsService): void {
  api.member(calls.sportList, (payload) => sports.list(payload));
  api.member(calls.sportFixture, (payload) => sports.fixture(payload));
  api.member(calls.sportRules, (_payload, { session }) => sports.rules(session));
  api.member(calls.sportResults, (payload) => sports.results(payload));
}
