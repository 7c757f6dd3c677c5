/**
 * The round scheduler. Every tick, per game, in one transaction holding the game's advisory lock
 * (pg_try_advisory_xact_lock; a server that does not get it skips the game this tick, so with several
 * servers on one database each step runs on exactly one of them): draw every open round whose draw
 * time has passed, then make the next round when none is ahead. Then each drawn round is settled in
 * its own transaction (settlement.ts), under the same lock.
 *
 * All state is in the database, so a restart loses nothing. The missed-round rule: a round whose draw
 * time passed while no server ran is drawn at the next tick with the seed it committed to before
 * betting opened, so drawing late cannot change its result, then settled as usual; every bet on it was
 * accepted before its cutoff. Slots that passed with no round at all simply have no round.
 */
import type { FastifyBaseLogger } from 'fastify';
import { drawRound } from '../../contract/fairness';
import { MINI_GAMES, type MiniGame } from '../../contract/minigames';
import { PUBLIC_TOPICS } from '../../contract/topics';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { BalancePush } from '../money/balancePush';
import { moneyDoor } from '../money/door';
import type { Push } from '../push';
import {
  chainById, currentRound, gameSettings, markDrawn, overdueRounds, type RoundRow, roundsToSettle, roundView, tryGameLock,
} from './queries';
import { CHAIN_LENGTH, createRounds, seedOf } from './rounds';
import { settleRound, type SettledRound } from './settlement';

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  push: Push;
  balances: BalancePush;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Seeds per new chain (tests use short chains). */
  chainLength?: number;
}

const TICK_MS = 1_000;

export function createScheduler({ db, clock, push, balances, log, chainLength = CHAIN_LENGTH }: SchedulerDeps) {
  const money = moneyDoor(db, clock);
  async function publish(rounds: RoundRow[]): Promise<void> {
    for (const round of rounds) {
      try {
        await push.publishToTopic(PUBLIC_TOPICS.miniRounds.destination(round.game as MiniGame), { kind: 'round', round: roundView(round) });
      } catch (error) {
        log.warn({ err: error }, 'mini-game round push failed');
      }
    }
  }

  /** Announces a settled round: the round on its feed and CASH to every member it paid. */
  async function announce(settled: SettledRound): Promise<void> {
    await publish([settled.round]);
    for (const member of settled.paid) await balances.announce(member, member.balances);
  }

  /** Draws what is due and makes the next round; answers the rounds that changed. */
  async function drawAndOpen(game: MiniGame): Promise<RoundRow[]> {
    return db.transaction(async (tx) => {
      if (!await tryGameLock(tx, game)) return [];
      const now = clock.now();
      const changed: RoundRow[] = [];
      for (const round of await overdueRounds(tx, game, now)) {
        const seed = seedOf(await chainById(tx, round.chainId), round.chainUse);
        const draw = await drawRound(game, seed, round.day, round.roundNo);
        changed.push(await markDrawn(tx, round.id, seed, draw, now));
      }
      // Keno ladder rounds are made with their speed keno rounds.
      if (game !== 'kinoladder' && !await currentRound(tx, game, now)) {
        changed.push(...await createRounds(tx, game, await gameSettings(tx, game), now, chainLength));
      }
      return changed;
    });
  }

  async function settleDrawn(game: MiniGame): Promise<void> {
    for (const roundId of await roundsToSettle(db, game)) {
      const settled = await db.transaction(async (tx) => (await tryGameLock(tx, game)) ? settleRound(money.within(tx), roundId, { void: false }) : null);
      if (settled) await announce(settled);
    }
  }

  async function tick(): Promise<void> {
    for (const game of MINI_GAMES) {
      await publish(await drawAndOpen(game));
      await settleDrawn(game);
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  /** One tick at a time: a tick that is still running when the next is due makes that one skip. */
  function runTick(): Promise<void> {
    running ??= tick().catch((error: unknown) => log.error({ err: error }, 'mini-game scheduler tick failed')).finally(() => { running = null; });
    return running;
  }

  /**
   * A tick asked for (the operator's, a test's after moving the clock) is one that starts after the asking: the one
   * running may have read the clock before it moved (CI once saw a round not drawn after the clock passed its draw).
   * Callers meanwhile share it.
   */
  function tickAfterNow(): Promise<void> {
    if (!running) return runTick();
    next ??= running.then(() => {
      next = null;
      return runTick();
    });
    return next;
  }

  return {
    tick: tickAfterNow,
    /** After a void committed (the operator's transaction): the round on its feed and CASH to the refunded. */
    announce,
    start(): void {
      if (timer) return;
      void runTick();
      timer = setInterval(() => void runTick(), TICK_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
