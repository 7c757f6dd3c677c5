/**
 * Operator routes for games (an AdminRouteModule):
 *   GET /games/vendors; PUT /games/vendors/:code {state}
 *   GET /games/catalog?brand=; PUT /games/catalog/:gameKey {enabled}; POST /games/sync
 *   GET /games/members/:memId (game money, open game, vendor balance, pending transfer)
 *   PUT /games/members/:memId/lock {locked}; POST /games/members/:memId/merge (forced merge)
 *   PUT /games/settings {blockWhileCashOpen}
 *   GET /games/reconciliation (latest report); POST /games/reconciliation (run now)
 *   POST /games/held/:transferId/credit (apply a proposal: held vendor money to its member)
 */
import {
  gameCatalogQuery, gameCodeParam, gameKeyParam, gameLockBody, gameSettingsBody, gameSwitchBody, gameVendorStateBody, memIdParam, transferIdParam,
} from '../../contract/admin';
import type { GamesAdminService } from './gamesService';
import type { AdminRouteModule } from './scope';

export function gamesAdminRoutes(admin: GamesAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    const ok = { ok: true } as const;

    app.get('/games/vendors', async () => admin.vendors());
    app.put('/games/vendors/:code', async (request) => {
      await admin.setVendorState(operator(request), parse(gameCodeParam, request.params).code, parse(gameVendorStateBody, request.body).state);
      return ok;
    });
    app.get('/games/catalog', async (request) => admin.catalog(parse(gameCatalogQuery, request.query).brand));
    app.put('/games/catalog/:gameKey', async (request) => {
      await admin.switchGame(operator(request), parse(gameKeyParam, request.params).gameKey, parse(gameSwitchBody, request.body).enabled);
      return ok;
    });
    app.post('/games/sync', async (request) => admin.sync(operator(request)));
    app.get('/games/members/:memId', async (request) => admin.memberGame(parse(memIdParam, request.params).memId));
    app.put('/games/members/:memId/lock', async (request) => {
      await admin.lockMember(operator(request), parse(memIdParam, request.params).memId, parse(gameLockBody, request.body).locked);
      return ok;
    });
    app.post('/games/members/:memId/merge', async (request) => admin.merge(operator(request), parse(memIdParam, request.params).memId));
    app.put('/games/settings', async (request) => {
      await admin.setSettings(operator(request), parse(gameSettingsBody, request.body).blockWhileCashOpen);
      return ok;
    });
    app.get('/games/reconciliation', async () => admin.reconciliation());
    app.post('/games/reconciliation', async (request) => admin.reconcile(operator(request)));
    app.post('/games/held/:transferId/credit', async (request) =>
      admin.creditHeld(operator(request), parse(transferIdParam, request.params).transferId));
  };
}
