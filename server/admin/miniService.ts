/**
 * The operator's mini-game actions, each audited in its own transaction: settings per game
 * (interval, cutoff, pause, margins, level limits, hit limit, one bet per market), voiding a round
 * (refunds every waiting bet), a member's bet permission, running the scheduler now; and the
 * per-round exposure: for every outcome the draw can have, what the house would pay.
 */
import type { MiniSettingsChange } from '../../contract/admin';
import { type MiniGame, MARKETS, type Market } from '../../contract/minigames';
import { atomsOf } from '../../contract/miniOdds';
import type { Db } from '../db/client';
import { Failure } from '../failure';
import { findMemberByMemId } from '../member/queries';
import { allSettings, gameSettings, lockRound, roundStakes, roundView, setBetBan, updateSettings } from '../minigames/queries';
import type { Scheduler } from '../minigames/scheduler';
import { settleRound } from '../minigames/settlement';
import type { Clock } from '../clock';
import type { Audit, OperatorContext } from './audit';

export interface MiniAdminDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  scheduler: Scheduler;
}

export function createMiniAdminService({ db, clock, audit, scheduler }: MiniAdminDeps) {
  return {
    async settings() {
      return { games: Object.fromEntries(await allSettings(db)) };
    },

    async setSettings(ctx: OperatorContext, game: MiniGame, change: MiniSettingsChange) {
      return audit.run(ctx, { action: 'minigame.settings', target: game, detail: change }, async (tx) => {
        const current = await gameSettings(tx, game, true);
        const intervalSec = change.intervalSec ?? current.intervalSec;
        const cutoffSec = change.cutoffSec ?? current.cutoffSec;
        if (cutoffSec >= intervalSec) throw new Failure('R003', 'cutoffSec must be below intervalSec');
        if (change.margins && Object.keys(change.margins).some((id) => !(MARKETS[game] as readonly Market<unknown>[]).some((m) => m.id === id))) {
          throw new Failure('R003', 'unknown market in margins');
        }
        return { settings: await updateSettings(tx, game, change) };
      });
    },

    async voidRound(ctx: OperatorContext, roundId: number) {
      const settled = await audit.run(ctx, { action: 'minigame.void', target: String(roundId) }, async (tx) => {
        const done = await settleRound(tx, clock, roundId, { void: true });
        if (!done) throw new Failure(await lockRound(tx, roundId, 'share') ? 'C503' : 'R404');
        return done;
      });
      await scheduler.announce(settled);
      return { round: roundView(settled.round), refunded: settled.paid.length };
    },

    async setBetPermission(ctx: OperatorContext, memId: string, allowed: boolean) {
      return audit.run(ctx, { action: 'minigame.betPermission', target: memId, detail: { allowed } }, async (tx) => {
        const member = await findMemberByMemId(tx, memId);
        if (!member) throw new Failure('U000');
        await setBetBan(tx, member.id, !allowed, clock.now());
        return { memId, allowed };
      });
    },

    async runScheduler(ctx: OperatorContext) {
      await audit.run(ctx, { action: 'minigame.tick' }, async () => undefined);
      await scheduler.tick();
      return { ok: true };
    },

    /**
     * Before the draw: the stakes on each selection, and for every outcome of the game's draw space what
     * the house would pay out in total (worst first).
     */
    async exposure(roundId: number) {
      const [round] = await db.transaction(async (tx) => [await lockRound(tx, roundId, 'share')]);
      if (!round) throw new Failure('R404');
      const game = round.game as MiniGame;
      const stakes = await roundStakes(db, roundId);
      const markets = MARKETS[game] as readonly Market<unknown>[];
      const outcomes = new Map<string, number>();
      for (const atom of atomsOf(game) as { facts: unknown }[]) {
        let pay = 0;
        for (const s of stakes) {
          const selection = markets.find((m) => m.id === s.market)?.selections.find((x) => x.id === s.selection);
          if (selection?.wins(atom.facts)) pay += s.payout;
        }
        const key = JSON.stringify(atom.facts);
        outcomes.set(key, Math.max(outcomes.get(key) ?? 0, pay));
      }
      const totalStakes = stakes.reduce((s, x) => s + x.stakes, 0);
      const byOutcome = [...outcomes].map(([facts, payout]) => ({ outcome: JSON.parse(facts) as unknown, payout, houseResult: totalStakes - payout }))
        .sort((a, b) => b.payout - a.payout);
      return { round: roundView(round), totalStakes, selections: stakes, worst: byOutcome.slice(0, 20) };
    },
  };
}

export type MiniAdminService = ReturnType<typeof createMiniAdminService>;


