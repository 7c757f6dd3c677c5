/**
 * Query keys by kind, and which kinds each real-time event makes stale. Member-scoped data lives under
 * 'member' so a reconnect (anything may have changed) or a sign-out reaches all of it at once.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '../realtime/events';

export const keys = {
  /** Site-wide data that changes rarely (options, banks, game codes, the USDT price). */
  site: ['site'] as const,
  member: ['member'] as const,
  /** The member's balances and limits (walletInfo). */
  balances: ['member', 'balances'] as const,
  /** Point, coupon and transfer records. */
  history: ['member', 'history'] as const,
  /** Cash requests: the latest one per direction, the deposit and withdrawal lists, the account inquiry. */
  requests: ['member', 'requests'] as const,
  /** The member's messages (kept for offline reading). */
  messages: ['member', 'messages'] as const,
  /** Notices, FAQ and the member's own questions (kept for offline reading). */
  support: ['member', 'support'] as const,
  /** The betting history (bet list, detail, winlose). */
  bets: ['member', 'bets'] as const,
  /** The partner area: the partner's summary and rates, the line's lists and settlements. */
  partner: ['member', 'partner'] as const,
};

/** What each typed real-time event makes stale. */
export function staleAfter(event: RealtimeEvent): readonly QueryKey[] {
  switch (event.type) {
    case 'cash.pushed':
      // A finished round or a merge changes the member's money; the history (and a partner's summary) follows it.
      return [keys.balances, keys.history, keys.bets, keys.partner];
    case 'cash.requestChanged':
      return [keys.requests];
    case 'msg.unread':
      return [keys.messages];
    case 'realtime.reconnected':
      return [keys.member];
    default:
      return [];
  }
}

export function invalidate(queryClient: QueryClient, stale: readonly QueryKey[]): void {
  for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
}
