import { calls } from '../../contract/calls';
import { Failure } from '../failure';
import type { ApiRouter } from '../http/api';
import { partnerScope } from '../partner/scope';
import type { Db } from '../db/client';
import type { GamesService } from './service';

export function registerGamesRoutes(api: ApiRouter, games: GamesService, db: Db): void {
  api.guest(calls.gameList, ({ vendorKey }) => games.gameList(vendorKey));
  api.guest(calls.slotGames, ({ prodId, type }) => games.slotGames(prodId, type));
  api.guest(calls.mainGames, () => games.mainGames());
  api.member(calls.getGame, (payload, { session, locale }) => games.launch(session, payload, locale));
  api.member(calls.balance, (_payload, { session, cashAmt, game }) => games.balance(session.memberId, cashAmt, game));
  api.member(calls.changeMemCashFlag, ({ memCashFlag }, { session }) => games.changeMemCashFlag(session.memberId, memCashFlag));
  api.member(calls.outGameMoney, async ({ idempotencyKey, memId }, { session }) => {
    if (!memId || memId.toLowerCase() === session.memId.toLowerCase()) return games.outGameMoney(session, idempotencyKey);
    // The partner variant: a partner merges one of their own lower members.
    const lower = await (await partnerScope(db, session.memberId)).findLowerMember(memId);
    if (!lower) throw new Failure('C402');
    return games.merge({ memberId: lower.id, memId: lower.memId }, idempotencyKey, `partner:${session.memberId}`);
  });
}
