/**
 * The operator's sportsbook actions through the sportsbook's operator face (sports/operatorSports.ts), each
 * audited in its own transaction, then announced (topics, settlement, CASH) once committed.
 */
import type { SportResultEntry, SportSettingsChange } from '../../contract/sportsAdmin';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import type { BalancePush } from '../money/balancePush';
import type { OperatorEffect, OperatorSports } from '../sports/operatorSports';
import type { Audit, OperatorContext } from './audit';

export function createSportsAdminService({ db, clock, audit, sports, balances }: { db: Db; clock: Clock; audit: Audit; sports: OperatorSports; balances: BalancePush }) {
  async function announced<T>(done: OperatorEffect<T>): Promise<T> {
    await sports.announce(done);
    for (const settled of done.settled) if (settled.paid) await balances.announce(settled.paid, settled.paid.balances);
    return done.answer;
  }
  return {
    setLeague: (ctx: OperatorContext, leagueId: string, enabled: boolean) =>
      audit.run(ctx, { action: 'sport.league', target: leagueId, detail: { enabled } }, (tx) => sports.setLeague(tx, leagueId, enabled)),
    setFixture: (ctx: OperatorContext, fixtureId: string, enabled: boolean) =>
      audit.run(ctx, { action: 'sport.fixture', target: fixtureId, detail: { enabled } }, (tx) => sports.setFixture(tx, fixtureId, enabled)),
    async marketAction(ctx: OperatorContext, marketId: string, action: 'suspend' | 'close' | 'reopen') {
      return announced(await audit.run(ctx, { action: `sport.market.${action}`, target: marketId }, (tx) => sports.marketAction(tx, marketId, action)));
    },
    async enterResult(ctx: OperatorContext, fixtureId: string, entry: SportResultEntry) {
      return announced(await audit.run(ctx, { action: 'sport.result', target: fixtureId, detail: { ...entry } }, (tx) => sports.enterResult(tx, fixtureId, entry, clock.now())));
    },
    async voidMarket(ctx: OperatorContext, marketId: string) {
      return announced(await audit.run(ctx, { action: 'sport.market.void', target: marketId }, (tx) => sports.voidMarket(tx, marketId)));
    },
    async voidBet(ctx: OperatorContext, betId: number) {
      return announced(await audit.run(ctx, { action: 'sport.bet.void', target: String(betId) }, (tx) => sports.voidBet(tx, betId)));
    },
    leagues: async () => ({ list: await db.transaction((tx) => sports.leagues(tx)) }),
    fixtures: (query: Parameters<OperatorSports['fixtures']>[1]) => db.transaction((tx) => sports.fixtures(tx, query)),
    fixture: (fixtureId: string) => db.transaction((tx) => sports.fixture(tx, fixtureId)),
    exposure: (fixtureId: string) => db.transaction((tx) => sports.exposure(tx, fixtureId)),
    settings: () => db.transaction((tx) => sports.settings(tx)),
    changeSettings: (ctx: OperatorContext, change: SportSettingsChange) =>
      audit.run(ctx, { action: 'sport.settings', detail: { ...change } }, (tx) => sports.changeSettings(tx, change)),
    async setMargins(ctx: OperatorContext, change: Parameters<OperatorSports['forwardMargins']>[0]) {
      const margins = await sports.forwardMargins(change);
      const kept = (tx: Tx) => sports.margins(tx);
      return audit.run(ctx, { action: 'sport.margins', detail: { ...change }, readBefore: kept, readAfter: kept }, (tx) => sports.keepMargins(tx, margins));
    },
  };
}

export type SportsAdminService = ReturnType<typeof createSportsAdminService>;
