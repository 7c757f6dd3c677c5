/**
 * The real-time edge's vocabulary: every frame the one STOMP connection receives becomes one of these
 * typed events here, and nowhere else. The session machine receives them as its own events; anything
 * else in the tab (the data layer's invalidation, a screen that follows a request) listens with
 * `onRealtimeEvent`. Only src/realtime emits.
 */
import type { CashStatus } from '../../contract/wallet';

export type RealtimeEvent =
  /** CASH: the member's held money and points (null where the frame did not carry a readable number). */
  | { type: 'cash.pushed'; cashAmt: number | null; pointAmt: number | null }
  /** MSG: the member's unread message count; `arrived` when a new message came (not after a read). */
  | { type: 'msg.unread'; count: number | null; arrived?: boolean }
  /** LOCK_BET_YN announcing a game-down event. */
  | { type: 'game.down' }
  /** INSPECT Y: the site went into maintenance. */
  | { type: 'site.inspect' }
  /** LOGOUT: another login replaced this session. */
  | { type: 'session.replaced' }
  /** CASHREQ: one of the member's cash requests moved to a new status (an operator's move, or their own cancel). */
  | { type: 'cash.requestChanged'; requestId: number; status: CashStatus }
  /** The connection came back after a drop: anything may have changed meanwhile. */
  | { type: 'realtime.reconnected' };

export type RealtimeListener = (event: RealtimeEvent) => void;

const listeners = new Set<RealtimeListener>();

/** Listen to every typed real-time event of this tab; returns the function that stops listening. */
export function onRealtimeEvent(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For src/realtime only: hand one typed event to every listener. */
export function emitRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of [...listeners]) listener(event);
}
