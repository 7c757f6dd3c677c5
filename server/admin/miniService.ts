/**
 * The operator's mini-game actions through the mini games' operator face (minigames/operatorMini.ts),
 * each audited in its own transaction: settings per game (interval, cutoff, pause, margins, level
 * limits, hit limit, one bet per market), voiding a round (refunds every waiting bet), a member's bet
 * permission, running the scheduler now; and the per-round exposure.
 */
import type { MiniSettingsChange } from '../../contract/admin';
import type { MiniGame } from '../../contract/minigames';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { createOperatorMembers } from '../member/operatorMembers';
import { createOperatorMini } from '../minigames/operatorMini';
import type { Scheduler } from '../minigames/scheduler';
import type { Audit, OperatorContext } from './audit';

export interface MiniAdminDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  scheduler: Scheduler;
}

export function createMiniAdminService({ db, clock, audit, scheduler }: MiniAdminDeps) {
  const mini = createOperatorMini({ db, clock, scheduler });
  const members = createOperatorMembers({ db });
  return {
    settings: async () => ({ games: await mini.settings() }),

    async setSettings(ctx: OperatorContext, game: MiniGame, change: MiniSettingsChange) {
      return audit.run(ctx, { action: 'minigame.settings', target: game, detail: change },
        async (tx) => ({ settings: await mini.changeSettings(tx, game, change) }));
    },

    async voidRound(ctx: OperatorContext, roundId: number) {
      const settled = await audit.run(ctx, { action: 'minigame.void', target: String(roundId) }, (tx) => mini.voidRound(tx, roundId));
      await mini.announce(settled);
      return { round: mini.roundView(settled.round), refunded: settled.paid.length };
    },

    async setBetPermission(ctx: OperatorContext, memId: string, allowed: boolean) {
      return audit.run(ctx, { action: 'minigame.betPermission', target: memId, detail: { allowed } }, async (tx) => {
        await mini.setBetPermission(tx, await members.member(memId, tx), allowed);
        return { memId, allowed };
      });
    },

    async runScheduler(ctx: OperatorContext) {
      await audit.run(ctx, { action: 'minigame.tick' }, async () => undefined);
      await mini.tick();
      return { ok: true };
    },

    exposure: (roundId: number) => mini.exposure(roundId),

    /** A game's latest rounds with their bets and stakes, to pick one for its exposure or void. */
    rounds: async (query: { game: MiniGame; status?: string }) => ({ list: await mini.rounds(query) }),

    /** Whether a member's mini-game bets are banned (their detail shows it). */
    betBanned: (memberId: number) => mini.betBanned(memberId),
  };
}

export type MiniAdminService = ReturnType<typeof createMiniAdminService>;
