/**
 * What the operator may do with mini games, and the only mini-game module the operator API calls:
 * settings per game, voiding a round (every waiting bet refunded, through the shared settlement), a
 * member's bet permission, running the scheduler now, and a round's exposure: for every outcome the
 * draw can have, what the house would pay. Writes take the operator's transaction.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MINI_ROUNDS_SHOWN, type MiniSettingsChange, type OperatorMiniRound } from '../../contract/admin';
import { type MiniGame, MARKETS, type Market } from '../../contract/minigames';
import { atomsOf } from '../../contract/miniOdds';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { miniBetBans, miniBets, miniRounds } from '../db/schema';
import { Failure } from '../failure';
import { moneyDoor } from '../money/door';
import type { MemberRef } from '../money/memberLock';
import { allSettings, gameSettings, lockRound, roundStakes, roundView, setBetBan, updateSettings } from './queries';
import type { Scheduler } from './scheduler';
import { type SettledRound, settleRound } from './settlement';

export function createOperatorMini({ db, clock, scheduler }: { db: Db; clock: Clock; scheduler: Scheduler }) {
  const money = moneyDoor(db, clock);
  return {
    settings: async () => Object.fromEntries(await allSettings(db)),

    /** The game's settings changed; R003 for a cutoff not below the interval or an unknown market. */
    async changeSettings(tx: Tx, game: MiniGame, change: MiniSettingsChange) {
      const current = await gameSettings(tx, game, true);
      const intervalSec = change.intervalSec ?? current.intervalSec;
      const cutoffSec = change.cutoffSec ?? current.cutoffSec;
      if (cutoffSec >= intervalSec) throw new Failure('R003', 'cutoffSec must be below intervalSec');
      if (change.margins && Object.keys(change.margins).some((id) => !(MARKETS[game] as readonly Market<unknown>[]).some((m) => m.id === id))) {
        throw new Failure('R003', 'unknown market in margins');
      }
      return updateSettings(tx, game, change);
    },

    /** Voids an open or drawn round (C503 otherwise, R404 when there is none). */
    async voidRound(tx: Tx, roundId: number): Promise<SettledRound> {
      const done = await settleRound(money.within(tx), roundId, { void: true });
      if (!done) throw new Failure(await lockRound(tx, roundId, 'share') ? 'C503' : 'R404');
      return done;
    },

    /** The round on its feed and CASH to every member a settlement paid, once its transaction committed. */
    announce: (settled: SettledRound) => scheduler.announce(settled),
    roundView,

    setBetPermission: (tx: Tx, member: MemberRef, allowed: boolean) => setBetBan(tx, member.memberId, !allowed, clock.now()),

    /** Whether a member's mini-game bets are banned. */
    async betBanned(memberId: number): Promise<boolean> {
      const [row] = await db.select({ memberId: miniBetBans.memberId }).from(miniBetBans).where(eq(miniBetBans.memberId, memberId));
      return row !== undefined;
    },

    /** A game's latest rounds (newest first) with their bets and stakes, for the operator to pick one. */
    async rounds(query: { game: MiniGame; status?: string }): Promise<OperatorMiniRound[]> {
      const placed = db.select({ roundId: miniBets.roundId, bets: count().as('bets'), stakes: sql<string>`sum(${miniBets.stake})`.as('stakes') })
        .from(miniBets).groupBy(miniBets.roundId).as('placed');
      const rows = await db.select({ round: miniRounds, bets: placed.bets, stakes: placed.stakes }).from(miniRounds)
        .leftJoin(placed, eq(placed.roundId, miniRounds.id))
        .where(and(eq(miniRounds.game, query.game), query.status ? eq(miniRounds.status, query.status) : undefined))
        .orderBy(desc(miniRounds.id)).limit(MINI_ROUNDS_SHOWN);
      return rows.map(({ round, bets, stakes }) => ({
        id: round.id, game: round.game, day: round.day, roundNo: round.roundNo, status: round.status,
        closesAt: round.closesAt.toISOString(), drawsAt: round.drawsAt.toISOString(), bets: Number(bets ?? 0), stakes: Number(stakes ?? 0),
      }));
    },

    tick: () => scheduler.tick(),

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

export type OperatorMini = ReturnType<typeof createOperatorMini>;
