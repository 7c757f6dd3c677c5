/**
 * The operator's games: vendors' states, games on/off, the catalogue sync, a member's game money and
 * open game, the game lock, the F001 setting, a forced merge and the reconciliation report. Every
 * action is audited: in the action's own transaction, or (for the calls that reach the vendor) in a
 * transaction of its own with the outcome.
 */
import { eq } from 'drizzle-orm';
import { resultMessage } from '../../contract/resultMessages';
import type { VendorState } from '../../contract/games';
import type { Db } from '../db/client';
import { gameCatalog } from '../db/schema';
import { Failure } from '../failure';
import { VendorRefused, VendorUnreachable } from '../games/adapter';
import { listGames, listVendors } from '../games/catalog';
import { creditHeldExcess } from '../games/money';
import type { GamesService } from '../games/service';
import type { Audit, OperatorContext } from './audit';

/** A call that reaches the vendor: no definite answer or a refusal is the vendor's error (9999), not the server's. */
async function atVendor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VendorUnreachable || error instanceof VendorRefused) throw new Failure('9999', `${resultMessage('9999')} (${error.message})`);
    throw error;
  }
}

export function createGamesAdminService({ db, audit, games }: { db: Db; audit: Audit; games: GamesService }) {
  async function member(memId: string) {
    const found = await games.memberByMemId(db, memId);
    if (!found) throw new Failure('U000');
    return found;
  }

  return {
    vendors: async () => ({ vendors: await listVendors(db) }),

    catalog: async (brand: string) => ({ games: await listGames(db, brand, false) }),

    async setVendorState(ctx: OperatorContext, code: string, state: VendorState) {
      await audit.run(ctx, { action: 'games.vendorState', target: code, detail: { state } }, (tx) => games.setVendorState(tx, code, state));
    },

    async switchGame(ctx: OperatorContext, gameKey: string, enabled: boolean) {
      await audit.run(ctx, { action: 'games.switch', target: gameKey, detail: { enabled } }, async (tx) => {
        const updated = await tx.update(gameCatalog).set({ enabled }).where(eq(gameCatalog.gameKey, gameKey)).returning();
        if (updated.length === 0) throw new Failure('R404');
      });
    },

    async sync(ctx: OperatorContext) {
      const result = await atVendor(() => games.sync());
      await audit.run(ctx, { action: 'games.sync', detail: result }, async () => undefined);
      return result;
    },

    async memberGame(memId: string) {
      return games.memberGame((await member(memId)).memberId);
    },

    async lockMember(ctx: OperatorContext, memId: string, locked: boolean) {
      const { memberId } = await member(memId);
      await audit.run(ctx, { action: 'games.lock', target: memId, detail: { locked } }, (tx) => games.setMemberLock(tx, memberId, locked));
    },

    async setSettings(ctx: OperatorContext, blockWhileCashOpen: boolean) {
      await audit.run(ctx, { action: 'games.settings', detail: { blockWhileCashOpen } }, (tx) => games.setBlockWhileCashOpen(tx, blockWhileCashOpen));
    },

    /** A forced merge: the member's game money back into integrated money (C009 while a round is open). */
    async merge(ctx: OperatorContext, memId: string) {
      const ref = await member(memId);
      try {
        const answer = await atVendor(() => games.merge(ref, null, 'operator'));
        await audit.run(ctx, { action: 'games.merge', target: memId, detail: { merged: answer.merged } }, async () => undefined);
        return answer;
      } catch (error) {
        if (error instanceof Failure) await audit.run(ctx, { action: 'games.merge', target: memId, detail: { refused: error.code } }, async () => undefined);
        throw error;
      }
    },

    reconciliation: async () => ({ report: await games.reconciliation.latest() }),

    /** Applies reconciliation's proposal: the vendor money held at an out-all goes to its member. */
    async creditHeld(ctx: OperatorContext, transferId: string) {
      const held = await audit.run(ctx, { action: 'games.creditHeld', target: transferId }, (tx) => creditHeldExcess(tx, transferId));
      return { credited: held };
    },

    async reconcile(ctx: OperatorContext) {
      const report = await atVendor(() => games.reconciliation.run());
      await audit.run(ctx, { action: 'games.reconcile', detail: { differences: report.differences.length } }, async () => undefined);
      return { report };
    },
  };
}

export type GamesAdminService = ReturnType<typeof createGamesAdminService>;
