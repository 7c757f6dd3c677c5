/**
 * Partner rates (basis points per product and kind), versioned: a row is in force from its `valid_from`
 * until the next one. Reading answers the rates in force now and those waiting for the next Seoul
 * midnight. Writing keeps the one order the database also enforces (migration 0019's trigger: a child
 * never above its parent, at any instant): a lowering first clamps the line below, deepest first, then
 * writes the partner's own row; each clamp is audited.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { PARTNER_PRODUCTS, RATE_BP_MAX, RATE_KINDS, type PartnerProduct, type RateEntry, type RateKind, type RateTable } from '../../contract/partner';
import type { Executor, Tx } from '../db/client';
import { auditLog, members, partnerRates, partnerTree, RATE_SOURCES } from '../db/schema';
import { Failure } from '../failure';

export function emptyRates(): RateTable {
  return Object.fromEntries(PARTNER_PRODUCTS.map((product) => [product, { rolling: 0, losing: 0 }])) as RateTable;
}

export interface PartnerRates {
  rates: RateTable;
  /** The table as it will be from `pendingFrom` (null: nothing waiting). */
  pendingRates: RateTable | null;
  pendingFrom: Date | null;
  /** A change by the parent waits for the next midnight: the partner's rates were changed today. */
  changedToday: boolean;
}

interface RateRow {
  partner_id: string | number;
  product: PartnerProduct;
  kind: RateKind;
  rate_bp: number;
  valid_from: string | Date;
  pending: boolean;
  source: string;
}

/** The rates of each partner in `partnerIds` at `now`, with what waits for a later instant. */
export async function readRates(executor: Executor, partnerIds: number[], now: Date): Promise<Map<number, PartnerRates>> {
  const result = new Map<number, PartnerRates>();
  for (const id of partnerIds) result.set(id, { rates: emptyRates(), pendingRates: null, pendingFrom: null, changedToday: false });
  if (partnerIds.length === 0) return result;
  const at = now.toISOString();
  const rows = (await executor.execute(sql`select distinct on (partner_id, product, kind, pending)
      partner_id, product, kind, rate_bp, valid_from, pending, source
    from (select r.*, r.valid_from > ${at}::timestamptz as pending from ${partnerRates} r
      where r.partner_id in (${sql.join(partnerIds.map((id) => sql`${id}`), sql`, `)})) rated
    order by partner_id, product, kind, pending, valid_from desc, id desc`) as unknown as { rows: RateRow[] }).rows;
  for (const row of rows.filter((r) => !r.pending)) result.get(Number(row.partner_id))!.rates[row.product][row.kind] = row.rate_bp;
  for (const row of rows.filter((r) => r.pending)) {
    const entry = result.get(Number(row.partner_id))!;
    entry.pendingRates ??= structuredClone(entry.rates);
    entry.pendingRates[row.product][row.kind] = row.rate_bp;
    const from = new Date(row.valid_from);
    if (!entry.pendingFrom || from > entry.pendingFrom) entry.pendingFrom = from;
  }
  // "Changed today": an own change waits for the next midnight (clamps and the operator's do not count).
  const own = await executor.select({ partnerId: partnerRates.partnerId }).from(partnerRates)
    .where(and(inArray(partnerRates.partnerId, partnerIds), eq(partnerRates.source, 'own'), gt(partnerRates.validFrom, now)));
  for (const { partnerId } of own) result.get(partnerId)!.changedToday = true;
  return result;
}

/** A partner's rate for one product and kind at an instant (the database's own function). */
async function rateAt(executor: Executor, partnerId: number, product: PartnerProduct, kind: RateKind, at: Date): Promise<number> {
  const result = await executor.execute(sql`select partner_rate_at(${partnerId}, ${product}, ${kind}, ${at.toISOString()}::timestamptz) as bp`);
  return Number((result as unknown as { rows: { bp: number }[] }).rows[0]!.bp);
}

/** The rates sent, each a whole number of basis points from 0 to 10,000 (PT007), once per product and kind. */
export function readRateEntries(entries: readonly { product: PartnerProduct; kind: RateKind; rateBp: number | string }[]): RateEntry[] {
  const seen = new Set<string>();
  return entries.map(({ product, kind, rateBp }) => {
    const value = typeof rateBp === 'string' && /^\d{1,5}$/.test(rateBp) ? Number(rateBp) : rateBp;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > RATE_BP_MAX) throw new Failure('PT007');
    if (seen.has(`${product}:${kind}`)) throw new Failure('PT007');
    seen.add(`${product}:${kind}`);
    return { product, kind, rateBp: value };
  });
}

type RateSource = (typeof RATE_SOURCES)[number];

export interface RateWrite {
  partnerId: number;
  entries: RateEntry[];
  /** When the rates take effect: the next Seoul midnight for a partner's change, now for the operator's. */
  validFrom: Date;
  source: RateSource;
  changedBy: string;
  now: Date;
}

/**
 * Locks the partner's place in the line for a rate write: the closure rows of the chain above it (its
 * parent's among them) and those of its lower partners. Two partners one above the other share a row
 * (ancestor, descendant), so writes on them take turns and each reads what the other wrote: a parent
 * lowered while its child raises its own lower partner cannot both pass on what the other has not yet
 * committed (which the rates' trigger, reading only what is committed, would not see either). Siblings
 * share none. One statement in one order, so no two writes wait on each other.
 */
export async function lockLine(tx: Tx, partnerId: number): Promise<void> {
  await tx.execute(sql`select t.ancestor_id from ${partnerTree} t join ${members} m on m.id = t.descendant_id
    where t.descendant_id = ${partnerId} or (t.ancestor_id = ${partnerId} and m.is_partner)
    order by t.ancestor_id, t.descendant_id for no key update of t`);
}

/** The partners below `partnerId`, deepest first. */
async function lowerPartners(tx: Tx, partnerId: number): Promise<number[]> {
  const rows = await tx.select({ memberId: partnerTree.descendantId }).from(partnerTree)
    .innerJoin(members, eq(members.id, partnerTree.descendantId))
    .where(and(eq(partnerTree.ancestorId, partnerId), gt(partnerTree.depth, 0), eq(members.isPartner, true)))
    .orderBy(sql`${partnerTree.depth} desc`, partnerTree.descendantId);
  return rows.map((row) => row.memberId);
}

/** A clamp as audited: a rate in force from the write's instant (a clamp row), or a waiting row lowered in place. */
interface Clamp { memberId: number; product: PartnerProduct; kind: RateKind; from: number; to: number; waitingFrom?: string }

/** Rows of `memberId` waiting after `from` above the entry's rate come down to it; answers each as a clamp. */
async function lowerWaiting(tx: Tx, memberId: number, entry: RateEntry, from: Date): Promise<Clamp[]> {
  const lowered = await tx.execute(sql`update ${partnerRates} r set rate_bp = ${entry.rateBp} from ${partnerRates} was
    where was.id = r.id and r.partner_id = ${memberId} and r.product = ${entry.product} and r.kind = ${entry.kind}
      and r.valid_from > ${from.toISOString()}::timestamptz and r.rate_bp > ${entry.rateBp}
    returning was.rate_bp as "from", r.valid_from as "validFrom"`);
  return (lowered as unknown as { rows: { from: number; validFrom: string | Date }[] }).rows.map((row) => ({
    memberId, product: entry.product, kind: entry.kind, from: Number(row.from), to: entry.rateBp, waitingFrom: new Date(row.validFrom).toISOString(),
  }));
}

/**
 * Brings every partner of `line` (deepest first, so no row is ever above its parent's) down to each entry's
 * rate from `from` on: its waiting rows above it are lowered, and a rate above it at `from` gets a clamp row;
 * answers both kinds, for the audit.
 */
async function clampLine(tx: Tx, line: number[], entries: RateEntry[], from: Date, changedBy: string, now: Date): Promise<Clamp[]> {
  const clamped: Clamp[] = [];
  for (const entry of entries) {
    for (const memberId of line) {
      clamped.push(...await lowerWaiting(tx, memberId, entry, from));
      const current = await rateAt(tx, memberId, entry.product, entry.kind, from);
      if (current <= entry.rateBp) continue;
      await tx.insert(partnerRates).values({
        partnerId: memberId, product: entry.product, kind: entry.kind, rateBp: entry.rateBp, validFrom: from, source: 'clamp', changedBy, createdAt: now,
      });
      clamped.push({ memberId, product: entry.product, kind: entry.kind, from: current, to: entry.rateBp });
    }
  }
  return clamped;
}

async function auditClamps(tx: Tx, partnerId: number, clamped: Clamp[], validFrom: Date, changedBy: string, now: Date): Promise<void> {
  if (clamped.length === 0) return;
  await tx.insert(auditLog).values({
    actor: changedBy, action: 'partner.rates.clamp', target: String(partnerId), detail: { validFrom: validFrom.toISOString(), clamped }, at: now,
  });
}

/**
 * Writes a partner's rates from `validFrom`, after the checks: each at most the parent's at that instant
 * and later (PT002; the top of a line has no parent). A rate lower than what the line below holds from
 * then clamps the line below first (deepest first; their waiting rows too), audited as `partner.rates.clamp`.
 * Takes the line's lock (`lockLine`) first.
 */
export async function writeRates(tx: Tx, write: RateWrite): Promise<void> {
  await lockLine(tx, write.partnerId);
  const [partner] = await tx.select({ recommenderId: members.recommenderId }).from(members).where(eq(members.id, write.partnerId));
  const parentId = partner?.recommenderId ?? null;
  for (const entry of write.entries) {
    if (parentId !== null && entry.rateBp > await capFrom(tx, parentId, entry.product, entry.kind, write.validFrom)) throw new Failure('PT002');
  }
  // The line below, deepest first: every lower partner whose rate is above the new one from validFrom on.
  const clamped = await clampLine(tx, await lowerPartners(tx, write.partnerId), write.entries, write.validFrom, write.changedBy, write.now);
  // The partner's own rows waiting after validFrom above the new rate.
  for (const entry of write.entries) clamped.push(...await lowerWaiting(tx, write.partnerId, entry, write.validFrom));
  await tx.insert(partnerRates).values(write.entries.map((entry) => ({
    partnerId: write.partnerId, product: entry.product, kind: entry.kind, rateBp: entry.rateBp, validFrom: write.validFrom,
    source: write.source, changedBy: write.changedBy, createdAt: write.now,
  })));
  await auditClamps(tx, write.partnerId, clamped, write.validFrom, write.changedBy, write.now);
}

/**
 * A partner moved under `parentId`: no rate of it or of its lower partners, in force or waiting, stays
 * above the new parent's lowest from `now` on (deepest first, audited as `partner.rates.clamp`).
 */
export async function clampUnderParent(tx: Tx, partnerId: number, parentId: number, now: Date, changedBy: string): Promise<void> {
  await lockLine(tx, partnerId);
  const entries: RateEntry[] = [];
  for (const product of PARTNER_PRODUCTS) {
    for (const kind of RATE_KINDS) entries.push({ product, kind, rateBp: await capFrom(tx, parentId, product, kind, now) });
  }
  const clamped = await clampLine(tx, [...await lowerPartners(tx, partnerId), partnerId], entries, now, changedBy, now);
  await auditClamps(tx, partnerId, clamped, now, changedBy, now);
}

/** The most a child may have from `from` on: the parent's lowest rate in force at any instant from then. */
async function capFrom(tx: Tx, parentId: number, product: PartnerProduct, kind: RateKind, from: Date): Promise<number> {
  const result = await tx.execute(sql`select least(partner_rate_at(${parentId}, ${product}, ${kind}, ${from.toISOString()}::timestamptz),
      coalesce((select min(rate_bp) from ${partnerRates} where partner_id = ${parentId} and product = ${product} and kind = ${kind}
        and valid_from > ${from.toISOString()}::timestamptz), ${RATE_BP_MAX})) as cap`);
  return Number((result as unknown as { rows: { cap: number }[] }).rows[0]!.cap);
}

/** Every product and kind as entries (for a whole table). */
export function entriesOf(table: RateTable): RateEntry[] {
  return PARTNER_PRODUCTS.flatMap((product) => RATE_KINDS.map((kind) => ({ product, kind, rateBp: table[product][kind] })));
}

/** The rates' trigger refuses with SQLSTATE HB001 and the code as its message (PT002). */
export function databaseRefusal(error: unknown): Failure | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'HB001' && (message === 'PT002' || message === 'PT004')) return new Failure(message);
  return null;
}
