import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
}

/** Records an operator action; called inside the action's own transaction. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ actor: entry.actor, action: entry.action, target: entry.target ?? '', detail: entry.detail ?? {} });
}
