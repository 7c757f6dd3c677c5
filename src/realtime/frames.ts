/**
 * Frame bodies to typed events: every body is a sealed envelope; one that does not open, or was sealed
 * for another site, is ignored. A member topic body is a frame of contract/topics.ts (decodeMemberFrame)
 * and becomes one event of the vocabulary in events.ts, or nothing when it says nothing we act on.
 */
import { open } from '../../contract/envelope';
import { decodeMemberFrame, type MemberFrame } from '../../contract/topics';
import type { RealtimeEvent } from './events';

/** Opens a body sealed for this site; null when it does not open. */
export function openBody(body: string, siteId: string): { payload: unknown } | null {
  const opened = open(body);
  return opened.ok && opened.siteId === siteId ? { payload: opened.payload } : null;
}

/** Each decoded frame's event; null where the frame asks nothing of us (INSPECT N, LOCK_BET_YN N/Y). */
function eventOf(frame: MemberFrame): RealtimeEvent | null {
  switch (frame.cmd) {
    case 'CASH': return { type: 'cash.pushed', cashAmt: frame.cashAmt, pointAmt: frame.pointAmt };
    case 'MSG': return { type: 'msg.unread', count: frame.unread, arrived: frame.arrived };
    case 'LOCK_BET_YN': return frame.down ? { type: 'game.down' } : null;
    case 'INSPECT': return frame.on ? { type: 'site.inspect' } : null;
    case 'LOGOUT': return { type: 'session.replaced' };
    case 'CASHREQ': return { type: 'cash.requestChanged', requestId: frame.requestId, status: frame.status };
  }
}

/** A member topic body as its typed event; null for anything else. */
export function toRealtimeEvent(body: string, siteId: string): RealtimeEvent | null {
  return readMemberBody(body, siteId)?.event ?? null;
}

/**
 * A member topic body: its typed event (null when it asks nothing of us) and its number in the member's
 * sequence (null when it carries none); null when the body is not a member frame.
 */
export function readMemberBody(body: string, siteId: string): { event: RealtimeEvent | null; seq: number | null } | null {
  const opened = openBody(body, siteId);
  const frame = opened && decodeMemberFrame(opened.payload);
  if (!frame) return null;
  const { seq } = opened.payload as { seq?: unknown };
  return { event: eventOf(frame), seq: Number.isSafeInteger(seq) && (seq as number) > 0 ? (seq as number) : null };
}
