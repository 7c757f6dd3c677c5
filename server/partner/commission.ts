/**
 * Settled commission: the daily settlement lines and what a partner may merge into cash.
 * - `settleThrough(day)` writes one line per (partner, Seoul day, product) from the accruals not yet
 *   settled up to that day (never today or later), each day apart and in order: rolling, plus the day's
 *   losing with the negative rest of earlier days carried in; a negative total is carried out to the next
 *   line of that product. Lines are unique, so a day is written once; runs are serialised by a transaction
 *   lock.
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

/**
 * The day an open accrual is settled under: its own Seoul day, unless that day's line of its partner and
 * product is already written (a bet settled late with an earlier instant, a counter row of a revision
 * dated a settled day): then the run's last day `through`.
 */
const lineDayOf = (through: string) => sql`case when exists (select 1 from ${partnerSettlements} w
    where w.partner_id = a.partner_id and w.day = a.day and w.product = a.product) then ${through}::date else a.day end`;

/**
 * Settles every open accrual of Seoul days up to `day`: each Seoul day that has open accruals gets its own
 * lines, the days in ascending order, so a run after a stop (or the operator closing a later day) writes
 * the missed days apart and each line carries in the rest the one before it carried out. Answers the
 * lines written.
 */
export async function settleThrough(tx: Tx, day: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
  const days = (await tx.execute(sql`select distinct (${lineDayOf(day)})::text as day from ${partnerAccruals} a
    where a.line_id is null and a.day <= ${day}::date order by 1`) as unknown as { rows: { day: string }[] }).rows;
  let written = 0;
  for (const { day: lineDay } of days) written += await settleDay(tx, lineDay, day, now);
  return written;
}

/**
 * One Seoul day's lines, from the open accruals whose line day is `lineDay`: rolling, plus the day's losing
 * with the negative rest carried in from the last line written of that partner and product (the latest
 * written, so a late day's line takes its place in the chain); a negative total is carried out.
 */
async function settleDay(tx: Tx, lineDay: string, through: string, now: Date): Promise<number> {
  const open = sql`a.line_id is null and a.day <= ${through}::date and (${lineDayOf(through)}) = ${lineDay}::date`;
  const written = await tx.execute(sql`with lines as (insert into ${partnerSettlements}
      (partner_id, day, product, bet_count, stake_total, win_total, rolling, losing, carried_in, carried_out, amount, settled_at)
    select o.partner_id, ${lineDay}::date, o.product, o.bet_count, o.stake_total, o.win_total, o.rolling, o.losing,
      o.carried_in, least(0, o.losing + o.carried_in) + least(0, o.rolling + greatest(0, o.losing + o.carried_in)),
      greatest(0, o.rolling + greatest(0, o.losing + o.carried_in)), ${now.toISOString()}::timestamptz
    from (
      select g.*, coalesce(p.carried_out, 0) as carried_in from (
        select a.partner_id, a.product, count(distinct a.bet_id)::int as bet_count, sum(a.stake) as stake_total, sum(a.win) as win_total,
          sum(a.rolling) as rolling, sum(a.losing) as losing
        from ${partnerAccruals} a where ${open} group by a.partner_id, a.product
      ) g
      left join lateral (
        select s.carried_out from ${partnerSettlements} s where s.partner_id = g.partner_id and s.product = g.product and s.status = 'settled'
        order by s.id desc limit 1
      ) p on true
    ) o
    on conflict (partner_id, day, product) do nothing
    returning id, partner_id, product)
    update ${partnerAccruals} a set line_id = l.id from lines l where ${open} and a.partner_id = l.partner_id and a.product = l.product
    returning (select count(*) from lines)::int as n`);
  const rows = (written as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
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
