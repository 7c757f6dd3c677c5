/**
 * The one audit helper of the operator API: every operator action writes one audit row in the same
 * transaction as its effect, at the app's clock, so a row exists exactly when the action happened.
 */
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acts: the operator (one token today) and the address the call came from. */
export interface OperatorContext {
  actor: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
}

export function createAudit(db: Db, clock: Clock) {
  async function write(tx: Tx, ctx: OperatorContext, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      actor: ctx.actor, action: entry.action, target: entry.target ?? '', detail: { ...entry.detail, ip: ctx.ip }, at: clock.now(),
    });
  }

  return {
    /** Writes the row inside a transaction another module runs (e.g. a cash request move). */
    write,
    /** Runs `work` and its audit row in one transaction; a refusal writes neither. */
    run<T>(ctx: OperatorContext, entry: AuditEntry, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const result = await work(tx);
        await write(tx, ctx, entry);
        return result;
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
