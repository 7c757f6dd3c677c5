/** Mini-game rows: settings, chains, rounds, bets and their `bets` history rows, settlement keys. */
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { MiniBet, MiniBetStatus, MiniChain, MiniDraw, MiniGame, MiniRound, RoundStatus } from '../../contract/minigames';
import { MINI_GAMES } from '../../contract/minigames';
import type { Executor, Tx } from '../db/client';
import { miniBetBans, miniBets, miniChains, miniRounds, miniSettings, miniSettlements } from '../db/schema';
import { sqlArray } from '../db/sqlArray';

export type SettingsRow = typeof miniSettings.$inferSelect;
export type RoundRow = typeof miniRounds.$inferSelect;
export type ChainRow = typeof miniChains.$inferSelect;
export type BetRow = typeof miniBets.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every game's settings, made with the defaults on first read. */
export async function allSettings(executor: Executor): Promise<Map<MiniGame, SettingsRow>> {
  await executor.insert(miniSettings).values(MINI_GAMES.map((game) => ({ game }))).onConflictDoNothing();
  const rows = await executor.select().from(miniSettings);
  return new Map(rows.map((row) => [row.game as MiniGame, row]));
}

export async function gameSettings(executor: Executor, game: MiniGame, lock = false): Promise<SettingsRow> {
  await executor.insert(miniSettings).values({ game }).onConflictDoNothing();
  const query = executor.select().from(miniSettings).where(eq(miniSettings.game, game));
  const [row] = lock ? await query.for('update') : await query;
  return row!;
}

export async function updateSettings(tx: Tx, game: MiniGame, changes: Partial<Omit<SettingsRow, 'game'>>): Promise<SettingsRow> {
  const [row] = await tx.update(miniSettings).set(changes).where(eq(miniSettings.game, game)).returning();
  return row!;
}

/** Runs only when this transaction holds the game's scheduler lock (one worker per game across servers). */
export async function tryGameLock(tx: Tx, game: MiniGame): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(7309, ${MINI_GAMES.indexOf(game)}) as locked`));
  return row!.locked === true;
}

// Chains

export async function latestChain(tx: Tx, game: string): Promise<ChainRow | null> {
  const [row] = await tx.select().from(miniChains).where(eq(miniChains.game, game)).orderBy(desc(miniChains.id)).limit(1).for('update');
  return row ?? null;
}

export async function chainsInUseOrder(tx: Tx, game: string): Promise<ChainRow[]> {
  return tx.select().from(miniChains).where(eq(miniChains.game, game)).orderBy(asc(miniChains.id)).for('update');
}

export async function insertChain(tx: Tx, values: typeof miniChains.$inferInsert): Promise<ChainRow> {
  const [row] = await tx.insert(miniChains).values(values).returning();
  return row!;
}

export async function takeChainUse(tx: Tx, chainId: number): Promise<number> {
  const [row] = await tx.update(miniChains).set({ used: sql`${miniChains.used} + 1` }).where(eq(miniChains.id, chainId)).returning({ used: miniChains.used });
  return row!.used;
}

export async function chainById(executor: Executor, chainId: number): Promise<ChainRow> {
  const [row] = await executor.select().from(miniChains).where(eq(miniChains.id, chainId));
  return row!;
}

export async function publicChains(executor: Executor, game: MiniGame): Promise<MiniChain[]> {
  const rows = await executor.select().from(miniChains).where(eq(miniChains.game, game === 'kinoladder' ? 'speedkino' : game)).orderBy(desc(miniChains.id)).limit(5);
  return rows.map((r) => ({ chainId: r.id, game, terminalHash: r.terminalHash, length: r.length, publishedAt: r.createdAt.toISOString() }));
}

// Rounds

export async function overdueRounds(tx: Tx, game: MiniGame, now: Date): Promise<RoundRow[]> {
  return tx.select().from(miniRounds)
    .where(and(eq(miniRounds.game, game), eq(miniRounds.status, 'open'), lte(miniRounds.drawsAt, now)))
    .orderBy(asc(miniRounds.drawsAt)).for('update');
}

/** The round whose draw is still ahead (the one members bet on), if any. */
export async function currentRound(executor: Executor, game: MiniGame, now: Date): Promise<RoundRow | null> {
  const [row] = await executor.select().from(miniRounds)
    .where(and(eq(miniRounds.game, game), gt(miniRounds.drawsAt, now), inArray(miniRounds.status, ['open', 'void'])))
    .orderBy(asc(miniRounds.drawsAt)).limit(1);
  return row ?? null;
}

export async function lastRound(tx: Tx, game: MiniGame): Promise<RoundRow | null> {
  const [row] = await tx.select().from(miniRounds).where(eq(miniRounds.game, game)).orderBy(desc(miniRounds.drawsAt)).limit(1);
  return row ?? null;
}

export async function nextRoundNo(tx: Tx, game: MiniGame, day: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(round_no), 0)::int + 1 as n from mini_rounds where game = ${game} and day = ${day}`));
  return Number(row!.n);
}

export async function insertRound(tx: Tx, values: typeof miniRounds.$inferInsert): Promise<RoundRow> {
  const [row] = await tx.insert(miniRounds).values(values).returning();
  return row!;
}

export async function markDrawn(tx: Tx, roundId: number, seed: string, draw: MiniDraw, now: Date): Promise<RoundRow> {
  const [row] = await tx.update(miniRounds).set({ status: 'drawn', seed, draw, drawnAt: now })
    .where(and(eq(miniRounds.id, roundId), eq(miniRounds.status, 'open'))).returning();
  return row!;
}

export async function roundsToSettle(executor: Executor, game: MiniGame): Promise<number[]> {
  const rows = await executor.select({ id: miniRounds.id }).from(miniRounds)
    .where(and(eq(miniRounds.game, game), eq(miniRounds.status, 'drawn'))).orderBy(asc(miniRounds.drawsAt));
  return rows.map((r) => r.id);
}

export async function lockRound(tx: Tx, roundId: number, mode: 'update' | 'share'): Promise<RoundRow | null> {
  const [row] = await tx.select().from(miniRounds).where(eq(miniRounds.id, roundId)).for(mode);
  return row ?? null;
}

export async function finishRound(tx: Tx, roundId: number, status: Extract<RoundStatus, 'settled' | 'void'>, now: Date): Promise<RoundRow> {
  const [row] = await tx.update(miniRounds).set({ status, settledAt: now }).where(eq(miniRounds.id, roundId)).returning();
  return row!;
}

export async function recentRounds(executor: Executor, game: MiniGame, now: Date, limit: number, offset = 0): Promise<{ rows: RoundRow[]; total: number }> {
  const where = and(eq(miniRounds.game, game), lte(miniRounds.drawsAt, now), inArray(miniRounds.status, ['drawn', 'settled', 'void']));
  const rows = await executor.select().from(miniRounds).where(where).orderBy(desc(miniRounds.drawsAt)).limit(limit).offset(offset);
  const [counted] = await executor.select({ n: sql<number>`count(*)::int` }).from(miniRounds).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export function roundView(row: RoundRow): MiniRound {
  return {
    roundId: row.id, game: row.game as MiniGame, day: row.day, roundNo: row.roundNo,
    opensAt: row.opensAt.toISOString(), closesAt: row.closesAt.toISOString(), drawsAt: row.drawsAt.toISOString(),
    status: row.status as RoundStatus, seedHash: row.seedHash,
    // The seed stays secret until the round is drawn; a voided round that never drew keeps it too.
    seed: row.draw ? row.seed : null,
    draw: (row.draw as MiniDraw | null) ?? null,
  };
}

// Bets

export async function setBetBan(tx: Tx, memberId: number, banned: boolean, now: Date): Promise<void> {
  if (banned) await tx.insert(miniBetBans).values({ memberId, since: now }).onConflictDoNothing();
  else await tx.delete(miniBetBans).where(eq(miniBetBans.memberId, memberId));
}

export async function memberBets(executor: Executor, memberId: number, game: MiniGame, limit: number): Promise<(BetRow & { roundNo: number })[]> {
  const rows = await executor.select({ bet: miniBets, roundNo: miniRounds.roundNo }).from(miniBets)
    .innerJoin(miniRounds, eq(miniRounds.id, miniBets.roundId))
    .where(and(eq(miniBets.memberId, memberId), eq(miniBets.game, game)))
    .orderBy(desc(miniBets.id)).limit(limit);
  return rows.map((r) => ({ ...r.bet, roundNo: r.roundNo }));
}

export function betView(row: BetRow, roundNo: number): MiniBet {
  return {
    betId: row.id, game: row.game as MiniGame, roundId: row.roundId, roundNo, market: row.market, selection: row.selection,
    stake: row.stake, oddsCents: row.oddsCents, status: row.status as MiniBetStatus, win: row.win, placedAt: row.placedAt.toISOString(),
  };
}

export interface WaitingBet {
  id: number;
  memberId: number;
  memId: string;
  market: string;
  selection: string;
  stake: number;
  oddsCents: number;
}

export async function waitingBets(tx: Tx, roundId: number): Promise<WaitingBet[]> {
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`select b.id, b.member_id, m.mem_id, b.market, b.selection, b.stake, b.odds_cents
    from mini_bets b join members m on m.id = b.member_id where b.round_id = ${roundId} and b.status = 'wait' order by b.id`));
  return rows.map((r) => ({
    id: Number(r.id), memberId: Number(r.member_id), memId: String(r.mem_id), market: String(r.market), selection: String(r.selection),
    stake: Number(r.stake), oddsCents: Number(r.odds_cents),
  }));
}


/**
 * Claims the settlement key of each bet: answers the ids that were not settled before (a bet's key
 * exists once, so no bet can be paid twice, whatever runs this).
 */
export async function claimSettlements(tx: Tx, roundId: number, settled: { betId: number; paid: number }[], now: Date): Promise<Set<number>> {
  if (settled.length === 0) return new Set();
  const rows = rowsOf<{ bet_id: string | number }>(await tx.execute(sql`insert into mini_settlements (bet_id, round_id, paid, settled_at)
    select u.bet_id, ${roundId}, u.paid, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(settled.map((s) => s.betId))}::bigint[], ${sqlArray(settled.map((s) => s.paid))}::bigint[]) as u(bet_id, paid)
    on conflict (bet_id) do nothing returning bet_id`));
  return new Set(rows.map((r) => Number(r.bet_id)));
}

export async function setSettlementTransaction(tx: Tx, roundId: number, transactionId: number): Promise<void> {
  await tx.update(miniSettlements).set({ transactionId }).where(and(eq(miniSettlements.roundId, roundId), gt(miniSettlements.paid, 0)));
}

/** Writes each bet's result on its own row (its `bets` history row is the shared settlement's: betting/settlement.ts). */
export async function writeResults(tx: Tx, results: { betId: number; status: MiniBetStatus; win: number }[], now: Date): Promise<void> {
  if (results.length === 0) return;
  const ids = sqlArray(results.map((r) => r.betId));
  const statuses = sqlArray(results.map((r) => r.status));
  const wins = sqlArray(results.map((r) => r.win));
  await tx.execute(sql`update mini_bets b set status = u.status, win = u.win, settled_at = ${now.toISOString()}::timestamptz
    from unnest(${ids}::bigint[], ${statuses}::text[], ${wins}::bigint[]) as u(id, status, win) where b.id = u.id and b.status = 'wait'`);
}

/** Stakes and potential payouts of a round, per market and selection (the operator's exposure view). */
export async function roundStakes(executor: Executor, roundId: number): Promise<{ market: string; selection: string; stakes: number; payout: number; count: number }[]> {
  const rows = rowsOf<Record<string, unknown>>(await executor.execute(sql`select market, selection, sum(stake)::text as stakes,
    sum(floor(stake * odds_cents / 100))::text as payout, count(*)::int as n from mini_bets where round_id = ${roundId} and status = 'wait'
    group by market, selection order by market, selection`));
  return rows.map((r) => ({ market: String(r.market), selection: String(r.selection), stakes: Number(r.stakes), payout: Number(r.payout), count: Number(r.n) }));
}
