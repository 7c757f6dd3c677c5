/**
 * The member lock every money call takes first. All of one member's money calls run their checks
 * (open requests, waits, balances, bonus eligibility) under it, so two racing calls cannot both pass.
 * NO KEY UPDATE, not UPDATE: other transactions may still insert rows that reference this member
 * (a transfer or gifted coupon to them); with FOR UPDATE a ring of transfers A->B->C->A deadlocked.
 * Lock order, everywhere: the member, then their rows (a cash request), then ledger accounts.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { members } from '../db/schema';
import { Failure } from '../failure';

export type MemberRow = typeof members.$inferSelect;

/** The member a money call is for (a live session has both ids). */
export interface MemberRef {
  memberId: number;
  memId: string;
}

/** Locks the member's row until the transaction ends; null when there is no such member. */
export async function lockMember(tx: Tx, memberId: number): Promise<MemberRow | null> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('no key update');
  return row ?? null;
}

/** Locks the member and refuses with U0011 unless they are active (suspended while signed in). */
export async function requireActiveMember(tx: Tx, memberId: number): Promise<MemberRow> {
  return activeMember(await lockMember(tx, memberId));
}

/** The locked member, refused with U0011 unless they are active. */
export function activeMember(member: MemberRow | null): MemberRow {
  if (!member || member.status !== 'active') throw new Failure('U0011');
  return member;
}
