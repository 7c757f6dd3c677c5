/**
 * The key store of idempotent calls. `idempotent(db, request, effect)` runs `effect` and records its
 * answer under (member, key) in ONE database transaction, so a key exists exactly when its effect does:
 * - a retry with the same key and payload answers the first answer and moves nothing;
 * - the same key with a different payload (or for another call) is refused with C999;
 * - a refusal (a thrown Failure) rolls everything back, key included, so a corrected retry may reuse it.
 * Two concurrent requests with one key: the second waits on the primary key, then sees the first's row.
 * Money calls use it through the money door (door.ts), never directly; calls that move no money (a
 * board post) use `idempotent` here.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { Failure } from '../failure';

export interface IdempotentRequest {
  memberId: number;
  key: string;
  /** The call's name (e.g. 'cashOut'), so one key cannot serve two different calls. */
  call: string;
  /** The payload without the key; its hash decides "same request". */
  payload: unknown;
}

/** What "the same request" means: the call's name and its payload without the key (also for the door's database calls). */
export function requestHash(call: string, payload: unknown): string {
  return createHash('sha256').update(JSON.stringify([call, payload])).digest('hex');
}

export async function idempotent<A>(db: Db, request: IdempotentRequest, effect: (tx: Tx) => Promise<A>): Promise<A> {
  return (await idempotentRun(db, request, effect)).answer;
}

/**
 * idempotent(), also telling whether this call ran the effect (`ran`) or answered a first answer
 * recorded before, which may be stale by now (a CASH push then reads fresh balances).
 */
export async function idempotentRun<A>(db: Db, request: IdempotentRequest, effect: (tx: Tx) => Promise<A>): Promise<{ answer: A; ran: boolean }> {
  const hash = requestHash(request.call, request.payload);
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(idempotencyKeys)
      .values({ memberId: request.memberId, key: request.key, call: request.call, requestHash: hash, answer: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, request.memberId), eq(idempotencyKeys.key, request.key)));
      if (!first || first.requestHash !== hash) throw new Failure('C999');
      return { answer: first.answer as A, ran: false };
    }
    const answer = await effect(tx);
    await tx.update(idempotencyKeys)
      .set({ answer: answer as object })
      .where(and(eq(idempotencyKeys.memberId, request.memberId), eq(idempotencyKeys.key, request.key)));
    return { answer, ran: true };
  });
}

/** Splits the key off a money payload: the rest is what "the same request" means. */
export function withoutKey<P extends { idempotencyKey: string }>(payload: P): Omit<P, 'idempotencyKey'> {
  const { idempotencyKey: _key, ...rest } = payload;
  return rest;
}
