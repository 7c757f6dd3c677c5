/**
 * Settled commission: the daily settlement lines and what a partner may merge into cash.
 * - `settleThrough(day)` writes one line per (partner, Seoul day, product) from the accruals not yet
 *   settled up to that day (never today or later): rolling, plus the day's losing with the negative rest
 *   of earlier days carried in; a negative total is carried out to the next line of that product. Lines
 *   are unique, so a day is written once; runs are serialised by a transaction lock.
 * - A bet revised after its line was written left counter rows (the bets trigger): their negative
 *   rolling is netted in the line like a negative losing, and what the line cannot pay is carried out,
 *   so for every line amount + carried out = rolling + losing + carried in: nothing is created or lost.
 * - The commission balance is the settled lines' amounts (reversed ones excluded) less the merges.
 */
import { and, eq, sql } from 'drizzle-orm';
import { seoulDay } from '../clock';
import type { Db, Executor, Tx } from '../db/client';
import { partnerAccruals, partnerMerges, partnerSettlements } from '../db/schema';

/** The lock every settlement run takes (one run at a time). */
const SETTLEMENT_LOCK = 190_019;

/** Settles every open accrual of Seoul days up to `day` into lines dated `day`; answers the lines written. */
export async function settleThrough(tx: Tx, day: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
  const written = await tx.execute(sql`insert into ${partnerSettlements}
      (partner_id, day, product, bet_count, stake_total, win_total, rolling, losing, carried_in, carried_out, amount, settled_at)
    select o.partner_id, ${day}::date, o.product, o.bet_count, o.stake_total, o.win_total, o.rolling, o.losing,
      o.carried_in, least(0, o.losing + o.carried_in) + least(0, o.rolling + greatest(0, o.losing + o.carried_in)),
      greatest(0, o.rolling + greatest(0, o.losing + o.carried_in)), ${now.toISOString()}::timestamptz
    from (
      select g.*, coalesce(p.carried_out, 0) as carried_in from (
        select partner_id, product, count(distinct bet_id)::int as bet_count, sum(stake) as stake_total, sum(win) as win_total,
          sum(rolling) as rolling, sum(losing) as losing
        from ${partnerAccruals} where line_id is null and day <= ${day}::date group by partner_id, product
      ) g
      left join lateral (
        select s.carried_out from ${partnerSettlements} s where s.partner_id = g.partner_id and s.product = g.product and s.status = 'settled'
        order by s.day desc limit 1
      ) p on true
    ) o
    on conflict (partner_id, day, product) do nothing
    returning id`);
  await tx.execute(sql`update ${partnerAccruals} a set line_id = s.id from ${partnerSettlements} s
    where a.line_id is null and a.day <= ${day}::date and s.partner_id = a.partner_id and s.product = a.product and s.day = ${day}::date
      and s.settled_at = ${now.toISOString()}::timestamptz`);
  return (written as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Settles the days before today when accruals of them are still open: the scheduled job just after each
 * Seoul midnight, and the partner screens before reading (in case it has not run yet). Answers the lines
 * written, or null when `skipWhenBusy` and another run (another server's) holds the lock.
 */
export async function settleDue(db: Db, now: Date, { skipWhenBusy = false } = {}): Promise<number | null> {
  const yesterday = seoulDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const open = await db.execute(sql`select 1 from ${partnerAccruals} where line_id is null and day <= ${yesterday}::date limit 1`);
  if ((open as unknown as { rows: unknown[] }).rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    if (skipWhenBusy) {
      const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${SETTLEMENT_LOCK}) as got`);
      if (!(got as unknown as { rows: { got: boolean }[] }).rows[0]?.got) return null;
    }
    return settleThrough(tx, yesterday, now);
  });
}

/** Settled commission not yet merged (never below zero as shown; a reversal after a merge can owe). */
export async function commissionBalance(executor: Executor, partnerId: number): Promise<number> {
  const [row] = await executor.select({
    balance: sql<number>`(select coalesce(sum(${partnerSettlements.amount}), 0) from ${partnerSettlements}
        where ${partnerSettlements.partnerId} = ${partnerId} and ${partnerSettlements.status} = 'settled')
      - (select coalesce(sum(${partnerMerges.amount}), 0) from ${partnerMerges} where ${partnerMerges.partnerId} = ${partnerId})`.mapWith(Number),
  }).from(sql`(select 1) as one`);
  return row?.balance ?? 0;
}

/** The operator's reversal of a settlement line: it no longer counts toward the balance. Answers whether it changed. */
export async function reverseLine(tx: Tx, lineId: number, now: Date): Promise<boolean> {
  const rows = await tx.update(partnerSettlements).set({ status: 'reversed', reversedAt: now })
    .where(and(eq(partnerSettlements.id, lineId), eq(partnerSettlements.status, 'settled'))).returning({ id: partnerSettlements.id });
  return rows.length > 0;
}
