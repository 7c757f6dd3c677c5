/**
 * Idempotency keys for confirmed money actions: one new key per confirmed request, kept while the call
 * got no answer (offline, time-out) so trying the same request again cannot move money twice; any answer
 * from the server (done or refused) settles it and the next request gets a fresh key.
 */
export function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not); 128 random bits as hex.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RetryKeys {
  /** The key for this payload: the unanswered one when the payload is the same, else a new one. */
  keyFor(payload: unknown): string;
  /** The server answered: the next request gets a new key. */
  settle(): void;
}

export function createRetryKeys(makeKey: () => string = newIdempotencyKey): RetryKeys {
  let unanswered: { payload: string; key: string } | null = null;
  return {
    keyFor(payload) {
      const text = JSON.stringify(payload);
      if (unanswered?.payload !== text) unanswered = { payload: text, key: makeKey() };
      return unanswered.key;
    },
    settle() {
      unanswered = null;
    },
  };
}
