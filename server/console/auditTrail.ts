/**
 * Reading the audit trail: pages of rows (newest first, filtered) and the chain walk. The walk recomputes
 * each row's hash with the database's own audit_row_hash() (migration 0023) and checks that seq has no
 * gap, that each row names the previous row's hash, and that the head (audit_head) is the last row: the
 * first row that fails is where the chain breaks (an edited row fails 'hash', a row removed from the
 * middle 'gap', rows removed from the end 'gap' after the last). Record `headHash` elsewhere to prove
 * later that nothing before it was rewritten.
 */
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AuditRow, AuditVerify } from '../../contract/console';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

const BATCH = 5_000;

export interface AuditFilter {
  before?: number;
  limit: number;
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

function auditRow(row: typeof auditLog.$inferSelect): AuditRow {
  return {
    seq: row.seq, at: row.at.toISOString(), actor: row.actor, role: row.role, ip: row.ip, action: row.action, target: row.target,
    before: row.before ?? null, after: row.after ?? null, reason: row.reason, requestId: row.requestId, approvalId: row.approvalId,
    detail: row.detail, prevHash: row.prevHash, hash: row.hash,
  };
}

export async function auditPage(db: Db, filter: AuditFilter): Promise<{ list: AuditRow[]; nextBefore: number | null }> {
  const where: SQL[] = [];
  if (filter.before !== undefined) where.push(lt(auditLog.seq, filter.before));
  if (filter.actor) where.push(eq(auditLog.actor, filter.actor));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.target) where.push(eq(auditLog.target, filter.target));
  if (filter.from) where.push(gte(auditLog.at, new Date(filter.from)));
  if (filter.to) where.push(lte(auditLog.at, new Date(filter.to)));
  const rows = await db.select().from(auditLog).where(and(...where)).orderBy(desc(auditLog.seq)).limit(filter.limit + 1);
  const more = rows.length > filter.limit;
  const list = rows.slice(0, filter.limit).map(auditRow);
  return { list, nextBefore: more ? list[list.length - 1]!.seq : null };
}

interface Walked {
  seq: string;
  prev_hash: string;
  hash: string;
  expected: string;
}

export async function verifyAuditChain(db: Db): Promise<AuditVerify> {
  let expectedSeq = 1;
  let previous = '';
  let rows = 0;
  for (;;) {
    const result = await db.execute(sql`select seq, prev_hash, hash, audit_row_hash(prev_hash, seq, at, actor, role, ip, action, target, before, after,
      reason, request_id, approval_id, detail) as expected from audit_log where seq >= ${expectedSeq} order by seq limit ${BATCH}`);
    const batch = (result as unknown as { rows: Walked[] }).rows;
    for (const row of batch) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { rows, headHash: previous, broken: { seq: expectedSeq, problem: 'gap' } };
      if (row.prev_hash !== previous) return { rows, headHash: previous, broken: { seq, problem: 'link' } };
      if (row.hash !== row.expected) return { rows, headHash: previous, broken: { seq, problem: 'hash' } };
      previous = row.hash;
      expectedSeq += 1;
      rows += 1;
    }
    if (batch.length < BATCH) break;
  }
  const head = await db.execute(sql`select seq, hash from audit_head where id = 1`);
  const [last] = (head as unknown as { rows: { seq: string; hash: string }[] }).rows;
  if (last && (Number(last.seq) !== rows || last.hash !== previous)) return { rows, headHash: previous, broken: { seq: rows + 1, problem: 'gap' } };
  return { rows, headHash: previous, broken: null };
}
