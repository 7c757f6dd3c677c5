/**
 * The operator's games, through the games' operator face (games/operatorGames.ts): vendors' states,
 * games on/off, the catalogue sync, a member's game money and open game, the game lock, the F001
 * setting, a forced merge and the reconciliation report. Every action is audited: in the action's own
 * transaction, or (for the calls that reach the vendor) in a transaction of its own with the outcome.
 */
import type { VendorState } from '../../contract/games';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { createOperatorGames } from '../games/operatorGames';
import type { GamesService } from '../games/service';
import { createOperatorMembers } from '../member/operatorMembers';
import type { Audit, OperatorContext } from './audit';

export function createGamesAdminService({ db, clock, audit, games: service }: { db: Db; clock: Clock; audit: Audit; games: GamesService }) {
  const games = createOperatorGames({ db, clock, games: service });
  const members = createOperatorMembers({ db });

  return {
    vendors: async () => ({ vendors: await games.vendors() }),

    catalog: async (brand: string) => ({ games: await games.catalog(brand) }),

    async setVendorState(ctx: OperatorContext, code: string, state: VendorState) {
      const current = (tx: Tx) => games.vendorState(tx, code);
      await audit.run(ctx, { action: 'games.vendorState', target: code, detail: { state }, readBefore: current, readAfter: current },
        (tx) => games.setVendorState(tx, code, state));
    },

    async switchGame(ctx: OperatorContext, gameKey: string, enabled: boolean) {
      await audit.run(ctx, { action: 'games.switch', target: gameKey, detail: { enabled } }, (tx) => games.switchGame(tx, gameKey, enabled));
    },

    async sync(ctx: OperatorContext) {
      const result = await games.sync();
      await audit.run(ctx, { action: 'games.sync', detail: result }, async () => undefined);
      return result;
    },

    async memberGame(memId: string) {
      return games.memberGame(await members.member(memId));
    },

    /** Whether a member's games are locked (their detail shows it). */
    locked: (memberId: number) => games.locked(memberId),

    async lockMember(ctx: OperatorContext, memId: string, locked: boolean) {
      const member = await members.member(memId);
      await audit.run(ctx, { action: 'games.lock', target: memId, detail: { locked } }, (tx) => games.setMemberLock(tx, member, locked));
    },

    async setSettings(ctx: OperatorContext, blockWhileCashOpen: boolean) {
      await audit.run(ctx, { action: 'games.settings', detail: { blockWhileCashOpen } }, (tx) => games.setBlockWhileCashOpen(tx, blockWhileCashOpen));
    },

    /** A forced merge: the member's game money back into integrated money (C009 while a round is open). */
    async merge(ctx: OperatorContext, memId: string) {
      const member = await members.member(memId);
      try {
        const answer = await games.merge(member);
        await audit.run(ctx, { action: 'games.merge', target: memId, detail: { merged: answer.merged } }, async () => undefined);
        return answer;
      } catch (error) {
        if (error instanceof Failure) await audit.run(ctx, { action: 'games.merge', target: memId, detail: { refused: error.code } }, async () => undefined);
        throw error;
      }
    },

    reconciliation: async () => ({ report: await games.reconciliation() }),

    /** Applies reconciliation's proposal: the vendor money held at an out-all goes to its member. */
    async creditHeld(ctx: OperatorContext, transferId: string) {
      const held = await audit.run(ctx, { action: 'games.creditHeld', target: transferId }, (tx) => games.creditHeld(tx, transferId));
      return { credited: held };
    },

    async reconcile(ctx: OperatorContext) {
      const report = await games.reconcile();
      await audit.run(ctx, { action: 'games.reconcile', detail: { differences: report.differences.length } }, async () => undefined);
      return { report };
    },
  };
}

export type GamesAdminService = ReturnType<typeof createGamesAdminService>;
