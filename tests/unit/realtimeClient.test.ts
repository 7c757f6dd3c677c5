import { describe, expect, it } from 'vitest';
import { seal } from '../../contract/envelope';
import type { SocketMessage } from '../../contract/types';
import { brokerUrl } from '../../src/realtime/connection';
import { openBody, toRealtimeEvent } from '../../src/realtime/frames';

const body = (message: Partial<SocketMessage> | unknown, siteId = 'hanbit') => seal(message, siteId);
const eventOf = (cmd: string, data1: string | number | null = null, data2: string | number | null = null) =>
  toRealtimeEvent(body({ cmd, data1, data2 }), 'hanbit');

describe('realtime edge: member frame to typed event', () => {
  it('CASH becomes cash.pushed with cash (data1) and points (data2) as integers', () => {
    expect(eventOf('CASH', '125000', '3200')).toEqual({ type: 'cash.pushed', cashAmt: 125_000, pointAmt: 3_200 });
    expect(eventOf('CASH', 90_000, 12.7)).toEqual({ type: 'cash.pushed', cashAmt: 90_000, pointAmt: 12 });
    expect(eventOf('CASH', 'abc', null)).toEqual({ type: 'cash.pushed', cashAmt: null, pointAmt: null });
    expect(eventOf('CASH', '', '5')).toEqual({ type: 'cash.pushed', cashAmt: null, pointAmt: 5 });
  });

  it('MSG becomes msg.unread with the count (data1), arrived when data2 is NEW', () => {
    expect(eventOf('MSG', 4)).toEqual({ type: 'msg.unread', count: 4, arrived: false });
    expect(eventOf('MSG', '7')).toEqual({ type: 'msg.unread', count: 7, arrived: false });
    expect(eventOf('MSG', 'x')).toEqual({ type: 'msg.unread', count: null, arrived: false });
    expect(eventOf('MSG', 2, 'NEW')).toEqual({ type: 'msg.unread', count: 2, arrived: true });
  });

  it('LOCK_BET_YN becomes game.down unless data1 is N and data2 is Y', () => {
    expect(eventOf('LOCK_BET_YN', 'N', 'Y')).toBeNull();
    expect(eventOf('LOCK_BET_YN', 'Y', 'N')).toEqual({ type: 'game.down' });
    expect(eventOf('LOCK_BET_YN', 'N', 'N')).toEqual({ type: 'game.down' });
    expect(eventOf('LOCK_BET_YN', 'Y', 'Y')).toEqual({ type: 'game.down' });
    expect(eventOf('LOCK_BET_YN')).toEqual({ type: 'game.down' });
  });

  it('INSPECT Y becomes site.inspect; any other INSPECT is nothing', () => {
    expect(eventOf('INSPECT', 'Y', '')).toEqual({ type: 'site.inspect' });
    expect(eventOf('INSPECT', 'N')).toBeNull();
    expect(eventOf('INSPECT')).toBeNull();
  });

  it('LOGOUT becomes session.replaced, with or without data', () => {
    expect(eventOf('LOGOUT')).toEqual({ type: 'session.replaced' });
    expect(toRealtimeEvent(body({ cmd: 'LOGOUT' }), 'hanbit')).toEqual({ type: 'session.replaced' });
  });

  it('CASHREQ becomes cash.requestChanged with the request id (data1) and its new status (data2)', () => {
    expect(eventOf('CASHREQ', '42', '2')).toEqual({ type: 'cash.requestChanged', requestId: 42, status: 2 });
    expect(eventOf('CASHREQ', 42, 1)).toEqual({ type: 'cash.requestChanged', requestId: 42, status: 1 });
    expect(eventOf('CASHREQ', 42, '-1')).toEqual({ type: 'cash.requestChanged', requestId: 42, status: -1 });
    expect(eventOf('CASHREQ', 42, 0)).toEqual({ type: 'cash.requestChanged', requestId: 42, status: 0 });
  });

  it('a CASHREQ without a readable request id or a known status is nothing', () => {
    for (const [data1, data2] of [
      [null, 1], ['', 1], ['0', 1], [-3, 1], ['4.5', 1], ['x', 1],
      [42, null], [42, ''], [42, 3], [42, '1.5'], [42, 'complete'],
    ] as const) {
      expect(eventOf('CASHREQ', data1, data2), `${data1} ${data2}`).toBeNull();
    }
  });

  it('an unknown command is nothing', () => {
    expect(eventOf('SOMETHING_NEW', '1', '2')).toBeNull();
    expect(eventOf('toString')).toBeNull();
  });

  it('ignores bodies sealed for another site, plain text and malformed payloads', () => {
    expect(toRealtimeEvent(body({ cmd: 'LOGOUT', data1: null, data2: null }, 'other'), 'hanbit')).toBeNull();
    expect(toRealtimeEvent('{"cmd":"LOGOUT"}', 'hanbit')).toBeNull();
    expect(toRealtimeEvent('', 'hanbit')).toBeNull();
    for (const payload of [null, 'LOGOUT', [], { data1: '1' }, { cmd: 7 }, { cmd: 'CASH', data1: { x: 1 } }, { cmd: 'CASH', data2: [1] }]) {
      expect(toRealtimeEvent(body(payload), 'hanbit')).toBeNull();
    }
  });

  it('opens public feed bodies of this site only', () => {
    expect(openBody(body({ amount: 50000 }), 'hanbit')).toEqual({ payload: { amount: 50000 } });
    expect(openBody(body({ amount: 50000 }, 'other'), 'hanbit')).toBeNull();
    expect(openBody('not sealed', 'hanbit')).toBeNull();
  });
});

describe('realtime edge: broker URL', () => {
  it('uses ws: on http pages and wss: on https pages, on the page host', () => {
    expect(brokerUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(brokerUrl({ protocol: 'https:', host: 'www.example.kr' })).toBe('wss://www.example.kr/ws');
  });
});
