// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/ApiError';
import { clearToken, readToken, writeToken } from '../../src/api/token';
import { open, seal } from '../../contract/envelope';
import { HEADER_SESSION_TOKEN, RETRY_DELAY_MS } from '../../contract/constants';

const SITE = 'hanbit';
const ORIGIN = 'http://site.test';

interface Seen {
  path: string;
  method: string;
  body: string;
  payload: unknown;
  headers: Headers;
}

/** What a fake handler answers: the (unchecked) answer to seal, or a raw Response. */
interface FakeAnswer {
  resultCode?: string;
  resultMessage?: string;
  data?: unknown;
}
type Handler = (seen: Seen) => FakeAnswer | Response | Promise<FakeAnswer | Response>;

/** A fake server: records every request, opens its envelope and seals whatever the handler answers. */
function fakeServer(handlers: Record<string, Handler>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.text();
    const opened = body ? open((JSON.parse(body) as { data: unknown }).data) : null;
    const entry: Seen = {
      path: url.pathname + url.search,
      method: request.method,
      body,
      payload: opened?.ok ? opened.payload : undefined,
      headers: request.headers,
    };
    seen.push(entry);
    const handler = handlers[url.pathname];
    const answer = handler ? await handler(entry) : { resultCode: 'R404', resultMessage: 'not found' };
    if (answer instanceof Response) return answer;
    return Response.json({ data: seal({ resultMessage: '', data: null, ...answer }, SITE) });
  });
  return { seen, fetch, client: createApiClient({ fetch: fetch as typeof globalThis.fetch, origin: ORIGIN, siteId: SITE }) };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const ok = (data: unknown): FakeAnswer => ({ resultCode: '0', data });
const member = { memId: 'demo01', memNick: '데모', memName: '홍길동', cashAmt: 1000, pointAmt: 10, isPartnerMember: 'N' };

beforeEach(() => clearToken());
afterEach(() => vi.useRealTimers());

describe('callApi on the wire', () => {
  it('posts the sealed payload with the site header and never shows the password', async () => {
    const { seen, client } = fakeServer({ '/api/member/login': () => ok({ token: 't' }) });
    await client.callApi('login', { memId: 'demo01', memPass: 'pa55word!', captchaId: 'c1', captcha: '1234' });

    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/member/login');
    expect(request.body).not.toContain('pa55word!');
    expect(request.body).not.toContain('demo01');
    expect(Object.keys(JSON.parse(request.body))).toEqual(['data']);
    expect(request.payload).toEqual({ memId: 'demo01', memPass: 'pa55word!', captchaId: 'c1', captcha: '1234' });
    expect(request.headers.get('authorization')).toBe('Site hanbit');
    expect(request.headers.get(HEADER_SESSION_TOKEN)).toBeNull();
  });

  it('sends the session token when signed in and returns the data', async () => {
    writeToken({ token: 'tok-1', expiresAt: inMinutes(100) });
    const { seen, client } = fakeServer({ '/api/member/info': () => ok({ member }) });
    await expect(client.callApi('memberInfo', {})).resolves.toEqual({ member });
    expect(seen[0].headers.get(HEADER_SESSION_TOKEN)).toBe('tok-1');
  });

  it('GET calls carry a timestamp', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z'), toFake: ['Date'] });
    const { seen, client } = fakeServer({ '/api/coin': () => ok({ price: 1 }) });
    await expect(client.getApi('/api/coin', { symbol: 'USDT' })).resolves.toEqual({ price: 1 });
    expect(seen[0].method).toBe('GET');
    expect(seen[0].path).toBe(`/api/coin?symbol=USDT&t=${Date.parse('2026-01-02T03:04:05Z')}`);
  });
});

describe('errors', () => {
  it('turns a non-zero resultCode into an ApiError with code and message', async () => {
    const { client } = fakeServer({ '/api/member/login': () => ({ resultCode: 'U001', resultMessage: '승인 대기' }) });
    const error = await client.callApi('login', { memId: 'a', memPass: 'b', captchaId: 'c', captcha: 'd' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'U001', message: '승인 대기' });
  });

  it('says RESPONSE_FAILED when the server gave no message', async () => {
    const { client } = fakeServer({ '/api/etc/bank': () => ({ resultCode: 'E001', resultMessage: '' }) });
    await expect(client.callApi('bank', {})).rejects.toMatchObject({ code: 'E001', message: 'RESPONSE_FAILED' });
  });

  it('maps a failed connection and a garbled answer to NETWORK', async () => {
    const down = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')), origin: ORIGIN, siteId: SITE });
    await expect(down.callApi('bank', {})).rejects.toMatchObject({ code: 'NETWORK', message: 'RESPONSE_FAILED' });

    const { client } = fakeServer({ '/api/etc/bank': () => new Response('<html>502 Bad Gateway</html>', { status: 502 }) });
    await expect(client.callApi('bank', {})).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('waits a call\'s own time when it names one (a held live bet), else the usual', async () => {
    // A server that answers after 300 ms, unless the caller gave up first.
    const slow = (input: RequestInfo | URL) => new Promise<Response>((resolve, reject) => {
      const { signal } = input as Request;
      const timer = setTimeout(() => resolve(Response.json({ data: seal({ resultCode: '0', resultMessage: '', data: { list: [] } }, SITE) })), 300);
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); });
    });
    const client = createApiClient({ fetch: slow as typeof globalThis.fetch, origin: ORIGIN, siteId: SITE });
    await expect(client.callApi('bank', {}, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(client.callApi('bank', {}, { timeoutMs: 2_000 })).resolves.toEqual({ list: [] });
    writeToken({ token: 'tok', expiresAt: inMinutes(60) });
    await expect(client.callApi('balance', {}, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(client.callApi('balance', {}, { timeoutMs: 2_000 })).resolves.toEqual({ list: [] });
  });

  it('refuses an answer sealed for another site', async () => {
    const { client } = fakeServer({
      '/api/etc/bank': () => Response.json({ data: seal({ resultCode: '0', resultMessage: '', data: { list: [] } }, 'other') }),
    });
    await expect(client.callApi('bank', {})).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('token refresh', () => {
  it('refreshes first when 5 minutes or fewer remain, then calls with the new token', async () => {
    writeToken({ token: 'old', expiresAt: inMinutes(4) });
    const fresh = { token: 'new', expiresAt: inMinutes(120) };
    const { seen, client } = fakeServer({ '/api/getToken': () => ok(fresh), '/api/member/info': () => ok({ member }) });

    await client.callApi('memberInfo', {});

    expect(seen.map((s) => s.path)).toEqual(['/api/getToken', '/api/member/info']);
    expect(seen[0].headers.get(HEADER_SESSION_TOKEN)).toBe('old');
    expect(seen[1].headers.get(HEADER_SESSION_TOKEN)).toBe('new');
    expect(readToken()).toEqual(fresh);
  });

  it('does not refresh with time to spare, nor for guest calls', async () => {
    writeToken({ token: 'tok', expiresAt: inMinutes(30) });
    const { seen, client } = fakeServer({ '/api/member/info': () => ok({ member }), '/api/etc/bank': () => ok({ list: [] }) });
    await client.callApi('memberInfo', {});
    writeToken({ token: 'tok', expiresAt: inMinutes(2) });
    await client.callApi('bank', {});
    expect(seen.map((s) => s.path)).toEqual(['/api/member/info', '/api/etc/bank']);
  });

  it('shares one refresh between concurrent calls', async () => {
    writeToken({ token: 'old', expiresAt: inMinutes(3) });
    const { seen, client } = fakeServer({
      '/api/getToken': () => ok({ token: 'new', expiresAt: inMinutes(120) }),
      '/api/member/info': () => ok({ member }),
      '/api/member/balance': () => ok({ balance: 5, isPlayGame: 'N', gameMoney: 0 }),
    });
    await Promise.all([client.callApi('memberInfo', {}), client.callApi('balance', {}), client.refreshToken()]);
    expect(seen.filter((s) => s.path === '/api/getToken')).toHaveLength(1);
  });

  it('refreshToken forces a refresh on demand and fails with TK001 when signed out', async () => {
    writeToken({ token: 'tok', expiresAt: inMinutes(60) });
    const { seen, client } = fakeServer({ '/api/getToken': () => ok({ token: 'tok', expiresAt: inMinutes(120) }) });
    await expect(client.refreshToken()).resolves.toMatchObject({ token: 'tok' });
    expect(seen).toHaveLength(0);
    await client.refreshToken({ force: true });
    expect(seen.map((s) => s.path)).toEqual(['/api/getToken']);
    expect(Date.parse(readToken()!.expiresAt)).toBeGreaterThan(Date.now() + 110 * 60_000);

    clearToken();
    await expect(client.refreshToken({ force: true })).rejects.toMatchObject({ code: 'TK001' });
  });
});

describe('NT99 / TE99', () => {
  it('waits 5 s and retries, at most twice', async () => {
    vi.useFakeTimers();
    const codes = ['NT99', 'TE99', '0'];
    const { seen, client } = fakeServer({ '/api/etc/bank': () => ({ resultCode: codes.shift(), data: { list: [] } }) });

    const result = client.callApi('bank', {});
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Sent in a task of its own, as every call is: a moment later, long before the next 5 s.
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(result).resolves.toEqual({ list: [] });
    expect(seen).toHaveLength(3);
    // Each retry is sealed afresh.
    expect(new Set(seen.map((s) => s.body)).size).toBe(3);
  });

  it('gives up after two retries with the delay code', async () => {
    vi.useFakeTimers();
    const { seen, client } = fakeServer({ '/api/etc/bank': () => ({ resultCode: 'NT99', resultMessage: '지연' }) });
    const result = client.callApi('bank', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3 * RETRY_DELAY_MS);
    expect(await result).toMatchObject({ code: 'NT99', message: '지연' });
    expect(seen).toHaveLength(3);
  });

  it('never repeats a call that failed any other way', async () => {
    const { seen, client } = fakeServer({ '/api/etc/bank': () => ({ resultCode: 'E002', resultMessage: 'x' }) });
    await expect(client.callApi('bank', {})).rejects.toMatchObject({ code: 'E002' });
    expect(seen).toHaveLength(1);
  });
});
