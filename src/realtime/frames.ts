/**
 * Frame bodies to typed events: every body is a sealed envelope; one that does not open, or was sealed
 * for another site, is ignored. A member topic body is {cmd, data1, data2} (SPEC §4, plus CASHREQ) and
 * becomes one event of the vocabulary in events.ts, or nothing when it says nothing we act on.
 */
import { open } from '../../contract/envelope';
import type { SocketCmd } from '../../contract/types';
import { CASH_STATUS, type CashStatus } from '../../contract/wallet';
import type { RealtimeEvent } from './events';

/** Opens a body sealed for this site; null when it does not open. */
export function openBody(body: string, siteId: string): { payload: unknown } | null {
  const opened = open(body);
  return opened.ok && opened.siteId === siteId ? { payload: opened.payload } : null;
}

type Data = string | number | null;
type Decode = (data1: Data, data2: Data) => RealtimeEvent | null;

/** One decoder per command; a command not listed here is ignored. */
const decoders: Record<SocketCmd, Decode> = {
  CASH: (data1, data2) => ({ type: 'cash.pushed', cashAmt: toCount(data1), pointAmt: toCount(data2) }),
  // data2 'NEW': a message just arrived (the new-message popup); otherwise only the count changed.
  MSG: (data1, data2) => ({ type: 'msg.unread', count: toCount(data1), arrived: data2 === 'NEW' }),
  // Game down unless it says "not locked" (data1 N, data2 Y).
  LOCK_BET_YN: (data1, data2) => (String(data1) === 'N' && String(data2) === 'Y' ? null : { type: 'game.down' }),
  INSPECT: (data1) => (data1 === 'Y' ? { type: 'site.inspect' } : null),
  LOGOUT: () => ({ type: 'session.replaced' }),
  CASHREQ: (data1, data2) => {
    const requestId = toInteger(data1);
    const status = toInteger(data2);
    return requestId !== null && requestId > 0 && isCashStatus(status)
      ? { type: 'cash.requestChanged', requestId, status }
      : null;
  },
};

/** A member topic body as its typed event; null for anything else. */
export function toRealtimeEvent(body: string, siteId: string): RealtimeEvent | null {
  const payload = openBody(body, siteId)?.payload as Partial<Record<'cmd' | 'data1' | 'data2', unknown>> | undefined;
  if (!payload || typeof payload !== 'object' || typeof payload.cmd !== 'string') return null;
  if (!Object.hasOwn(decoders, payload.cmd)) return null;
  const data1 = asData(payload.data1);
  const data2 = asData(payload.data2);
  if (data1 === undefined || data2 === undefined) return null;
  return decoders[payload.cmd as SocketCmd](data1, data2);
}

function asData(value: unknown): Data | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** A pushed amount or count as an integer; null for anything unreadable (the old value then stays). */
function toCount(value: Data): number | null {
  if (value === null || value === '') return null;
  const count = Number(value);
  return Number.isFinite(count) ? Math.trunc(count) : null;
}

/** An id or status: an integer exactly, or null. */
function toInteger(value: Data): number | null {
  const number = value === null || value === '' ? Number.NaN : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

const cashStatuses: readonly number[] = Object.values(CASH_STATUS);

function isCashStatus(value: number | null): value is CashStatus {
  return value !== null && cashStatuses.includes(value);
}
