/** Every league of the feed, by sport, in SPORTS order. */
import { SPORTS, type Sport } from '../../contract/sports';
import { BASKETBALL, FOOTBALL, HANDBALL, HOCKEY, SOCCER } from './ballLeagues';
import { BADMINTON, BASEBALL, COMBAT, ESPORT, TENNIS, VOLLEYBALL } from './otherLeagues';
import type { League, Team } from './types';

export type { League, LeagueModelOptions, Team } from './types';

const BY_SPORT: Record<Sport, League[]> = {
  soccer: SOCCER, basketball: BASKETBALL, baseball: BASEBALL, volleyball: VOLLEYBALL, badminton: BADMINTON, hockey: HOCKEY,
  combat: COMBAT, tennis: TENNIS, handball: HANDBALL, football: FOOTBALL, esport: ESPORT,
};

export const LEAGUES: readonly League[] = SPORTS.flatMap((sport) => BY_SPORT[sport]);

const byId = new Map(LEAGUES.map((league) => [league.leagueId, league]));
export const findLeague = (leagueId: string): League | undefined => byId.get(leagueId);

export function findTeam(league: League, teamId: string): Team | undefined {
  return league.teams.find((team) => team.teamId === teamId);
}
