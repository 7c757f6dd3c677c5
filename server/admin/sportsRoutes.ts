/**
 * Operator sportsbook routes (under /admin/api/sports), see sportsService.ts. GET /sports/fixtures?status=&q=&page=
 * and GET /sports/fixtures/:fixtureId are the console's reads for the result form, GET /sports/leagues for the league switches.
 */
import {
  sportBetParam, sportEnabledBody, sportFixtureParam, sportFixturesQuery, sportLeagueParam, sportMarginsBody, sportMarketActionBody, sportMarketParam,
  sportResultBody, sportSettingsBody,
} from '../../contract/sportsAdmin';
import type { SportsAdminService } from './sportsService';
import type { AdminRouteModule } from './scope';

export function sportsAdminRoutes(sports: SportsAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/sports/leagues', async () => sports.leagues());
    app.put('/sports/leagues/:leagueId', async (request) =>
      sports.setLeague(operator(request), parse(sportLeagueParam, request.params).leagueId, parse(sportEnabledBody, request.body).enabled));
    app.put('/sports/fixtures/:fixtureId', async (request) =>
      sports.setFixture(operator(request), parse(sportFixtureParam, request.params).fixtureId, parse(sportEnabledBody, request.body).enabled));
    app.post('/sports/markets/:marketId/status', async (request) =>
      sports.marketAction(operator(request), parse(sportMarketParam, request.params).marketId, parse(sportMarketActionBody, request.body).action));
    app.post('/sports/markets/:marketId/void', async (request) => sports.voidMarket(operator(request), parse(sportMarketParam, request.params).marketId));
    app.post('/sports/fixtures/:fixtureId/result', async (request) =>
      sports.enterResult(operator(request), parse(sportFixtureParam, request.params).fixtureId, parse(sportResultBody, request.body)));
    app.get('/sports/fixtures', async (request) => sports.fixtures(parse(sportFixturesQuery, request.query)));
    app.get('/sports/fixtures/:fixtureId', async (request) => sports.fixture(parse(sportFixtureParam, request.params).fixtureId));
    app.get('/sports/fixtures/:fixtureId/exposure', async (request) => sports.exposure(parse(sportFixtureParam, request.params).fixtureId));
    app.post('/sports/bets/:betId/void', async (request) => sports.voidBet(operator(request), parse(sportBetParam, request.params).betId));
    app.get('/sports/settings', async () => sports.settings());
    app.put('/sports/settings', async (request) => sports.changeSettings(operator(request), parse(sportSettingsBody, request.body)));
    app.put('/sports/margins', async (request) => sports.setMargins(operator(request), parse(sportMarginsBody, request.body)));
  };
}
