/** Operator mini-game routes (under /admin/api/minigames), see miniService.ts. */
import { betPermissionBody, idParam, memIdParam, miniGameParam, miniRoundsQuery, miniSettingsBody } from '../../contract/admin';
import type { MiniAdminService } from './miniService';
import type { AdminRouteModule } from './scope';

export function miniAdminRoutes(mini: MiniAdminService): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/minigames/settings', async () => mini.settings());
    app.put('/minigames/:game/settings', async (request) =>
      mini.setSettings(operator(request), parse(miniGameParam, request.params).game, parse(miniSettingsBody, request.body)));
    app.get('/minigames/rounds', async (request) => mini.rounds(parse(miniRoundsQuery, request.query)));
    app.get('/minigames/rounds/:id/exposure', async (request) => mini.exposure(parse(idParam, request.params).id));
    app.post('/minigames/rounds/:id/void', async (request) => mini.voidRound(operator(request), parse(idParam, request.params).id));
    app.put('/minigames/members/:memId/bet-permission', async (request) =>
      mini.setBetPermission(operator(request), parse(memIdParam, request.params).memId, parse(betPermissionBody, request.body).allowed));
    app.post('/minigames/tick', async (request) => mini.runScheduler(operator(request)));
  };
}
