/**
 * The one audit helper of the operator API: every operator action writes one audit row in the same
 * transaction as its effect, at the app's clock, so a row exists exactly when the action happened. The
 * database chains the rows (migration 0023: seq, prev_hash, hash) and refuses updates and deletes.
 * Secrets never reach a row (fields named like passwords, secrets, tokens or codes are dropped) and
 * account numbers are masked (fields named like accounts keep their last four characters).
 */
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acts: an operator (console session) or the automation token, its role, address, request and approval. */
export interface OperatorContext {
  actor: string;
  /** The operator's role, 'token' for the bearer token, 'system' for the server itself. */
  role: string;
  ip: string;
  requestId?: string;
  /** Set when the action runs because a second operator approved it. */
  approvalId?: number | null;
}

export interface AuditEntry {
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** An entry of `run`: its before and after may be read inside the action's transaction, around the action. */
export interface RunEntry extends AuditEntry {
  /** What the action changes as it is before it runs, read in its transaction (written as `before`). */
  readBefore?: (tx: Tx) => Promise<unknown>;
  /** The same read once it ran, in the same transaction (written as `after`). */
  readAfter?: (tx: Tx) => Promise<unknown>;
}

const SECRET_FIELD = /pass|secret|token|totp|recovery|otp/i;
const ACCOUNT_FIELD = /acc|account|answer|bank_?no/i;

/** An account number shown as its last four characters ('*******5678'). */
export function maskAccount(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** What of a detail may be written: secrets dropped, account numbers masked, at every depth. */
export function redact(value: unknown, key = ''): unknown {
  if (SECRET_FIELD.test(key)) return '[redacted]';
  if (typeof value === 'string') return ACCOUNT_FIELD.test(key) ? maskAccount(value) : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redact(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

export function createAudit(db: Db, clock: Clock) {
  async function write(tx: Db | Tx, ctx: OperatorContext, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      actor: ctx.actor, role: ctx.role, ip: ctx.ip, requestId: ctx.requestId ?? '', approvalId: ctx.approvalId ?? null,
      action: entry.action, target: entry.target ?? '', reason: entry.reason ?? '',
      before: entry.before === undefined ? null : redact(entry.before), after: entry.after === undefined ? null : redact(entry.after),
      detail: redact({ ...entry.detail }) as Record<string, unknown>, at: clock.now(),
    });
  }

  return {
    /** Writes the row inside a transaction another module runs (e.g. a cash request move), or alone (a refusal, a sign-in). */
    write,
    /**
     * Runs `work` and its audit row in one transaction; a refusal writes neither. With `readBefore` and
     * `readAfter` the row holds what the action changed as it was and as it became, read in that transaction.
     */
    run<T>(ctx: OperatorContext, entry: RunEntry, work: (tx: Tx) => Promise<T>): Promise<T> {
      const { readBefore, readAfter, ...row } = entry;
      return db.transaction(async (tx) => {
        const before = readBefore ? await readBefore(tx) : row.before;
        const result = await work(tx);
        const after = readAfter ? await readAfter(tx) : row.after;
        await write(tx, ctx, { ...row, before, after });
        return result;
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
