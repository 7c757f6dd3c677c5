// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, readToken, writeToken } from '../../src/api/token';

const later = () => new Date(Date.now() + 60 * 60_000).toISOString();

beforeEach(() => clearToken());

describe('session token cookie', () => {
  it('survives a round trip through the token cookie', () => {
    const token = { token: 'abc+/=;', expiresAt: later() };
    writeToken(token);
    expect(document.cookie).toMatch(/(^|; )token=/);
    expect(readToken()).toEqual(token);
  });

  it('is gone after clearToken', () => {
    writeToken({ token: 'abc', expiresAt: later() });
    clearToken();
    expect(readToken()).toBeNull();
  });

  it('treats an expired or garbled cookie as signed out', () => {
    writeToken({ token: 'abc', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(readToken()).toBeNull();
    document.cookie = 'token=%7Bnot-json; path=/';
    expect(readToken()).toBeNull();
    document.cookie = `token=${encodeURIComponent(JSON.stringify({ token: 'x', expiresAt: 'soon' }))}; path=/`;
    expect(readToken()).toBeNull();
  });
});
