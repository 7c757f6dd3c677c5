/**
 * The sweep of the games whose player rounds share one table round's seed (the baccarat tables, the e-sports
 * arena): every table round whose result time has come is decided, each open player round on its seed is settled
 * by what the player recorded (or refunded: nothing recorded, or the table no longer played), the seed is revealed
 * and the table round marked settled; then the player rounds that reached a table round already settled (a stake
 * taken just as its round was being settled). Each player round is settled once: the round service settles only
 * an open round.
 */
import type { Rounds, SettleRound } from '../rounds';

/** What one such game knows of its own rows. */
export interface SharedSeedGame<Row extends { seedId: string }, Result, Recorded> {
  /** Table rounds not yet settled whose result time has passed `due`, oldest first (a batch at most). */
  pending(due: Date): Promise<Row[]>;
  /** Table rounds already settled that still have an open player round on their seed. */
  late(): Promise<Row[]>;
  /** The table round's result; null when its table is no longer played (its bets are refunded). */
  resultOf(row: Row): Promise<Result | null>;
  /** The open player rounds on a seed, oldest first, each with what the player recorded (null: nothing was). */
  openOn(seedId: string): Promise<{ roundId: string; bet: number; recorded: Recorded | null }[]>;
  /** A recorded bet settled against the result. */
  judge(row: Row, result: Result, recorded: Recorded): Omit<SettleRound, 'roundId'>;
  markSettled(row: Row, result: Result | null, due: Date): Promise<void>;
}

/** Answers how many player rounds it settled. */
export async function sweepSharedSeeds<Row extends { seedId: string }, Result, Recorded>(
  rounds: Rounds, game: SharedSeedGame<Row, Result, Recorded>, due: Date,
): Promise<number> {
  async function settleOpen(row: Row, result: Result | null): Promise<number> {
    const open = await game.openOn(row.seedId);
    for (const round of open) {
      await rounds.settle(result && round.recorded
        ? { roundId: round.roundId, ...game.judge(row, result, round.recorded) }
        : { roundId: round.roundId, win: round.bet, outcome: 'refunded', detail: { game: 'refund', reason: result ? 'interrupted' : 'closed' } });
    }
    return open.length;
  }
  let settled = 0;
  for (const row of await game.pending(due)) {
    const result = await game.resultOf(row);
    settled += await settleOpen(row, result);
    await rounds.revealSeed(row.seedId);
    await game.markSettled(row, result, due);
  }
  for (const row of await game.late()) settled += await settleOpen(row, await game.resultOf(row));
  return settled;
}
