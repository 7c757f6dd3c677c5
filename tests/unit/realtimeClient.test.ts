import { describe, expect, it } from 'vitest';
import { seal } from '../../contract/envelope';
import { brokerUrl, openBody, toSessionEvent } from '../../src/realtime/stomp';

describe('realtime client: frame body to session event', () => {
  it('turns each member command into a socket.message event', () => {
    for (const message of [
      { cmd: 'CASH', data1: '125000', data2: '3200' },
      { cmd: 'MSG', data1: 4, data2: null },
      { cmd: 'LOCK_BET_YN', data1: 'N', data2: 'Y' },
      { cmd: 'INSPECT', data1: 'Y', data2: '' },
      { cmd: 'LOGOUT', data1: null, data2: null },
    ]) {
      expect(toSessionEvent(seal(message, 'hanbit'), 'hanbit')).toEqual({ type: 'socket.message', ...message });
    }
  });

  it('reads missing data fields as null', () => {
    expect(toSessionEvent(seal({ cmd: 'LOGOUT' }, 'hanbit'), 'hanbit')).toEqual({ type: 'socket.message', cmd: 'LOGOUT', data1: null, data2: null });
  });

  it('ignores bodies sealed for another site, plain text and malformed payloads', () => {
    expect(toSessionEvent(seal({ cmd: 'LOGOUT', data1: null, data2: null }, 'other'), 'hanbit')).toBeNull();
    expect(toSessionEvent('{"cmd":"LOGOUT"}', 'hanbit')).toBeNull();
    expect(toSessionEvent('', 'hanbit')).toBeNull();
    for (const payload of [null, 'LOGOUT', [], { data1: '1' }, { cmd: 7 }, { cmd: 'CASH', data1: { x: 1 } }, { cmd: 'CASH', data2: [1] }]) {
      expect(toSessionEvent(seal(payload, 'hanbit'), 'hanbit')).toBeNull();
    }
  });

  it('opens public feed bodies of this site only', () => {
    expect(openBody(seal({ amount: 50000 }, 'hanbit'), 'hanbit')).toEqual({ payload: { amount: 50000 } });
    expect(openBody(seal({ amount: 50000 }, 'other'), 'hanbit')).toBeNull();
  });
});

describe('realtime client: broker URL', () => {
  it('uses ws: on http pages and wss: on https pages, on the page host', () => {
    expect(brokerUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(brokerUrl({ protocol: 'https:', host: 'www.example.kr' })).toBe('wss://www.example.kr/ws');
  });
});
