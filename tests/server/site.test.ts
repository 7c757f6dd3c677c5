/** The built site: files from dist/, the shell for client routes, never for /api, /admin or missing files. */
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type InjectOptions } from 'fastify';
import { listeningAddress } from '../../server/games/jobs';
import { closeGracefully } from '../../server/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract/calls';
import { siteAuthorization } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { SHELL_HTML, startSiteServer, type TestServer } from './harness';

const SCRIPT = `console.log(${JSON.stringify('한빛 '.repeat(400))})`;

let server: TestServer;
beforeAll(async () => {
  server = await startSiteServer({
    'assets/app-abc123.js': SCRIPT,
    // What scripts/precompress.mjs writes next to each text file at build time.
    'assets/app-abc123.js.br': brotliCompressSync(SCRIPT),
    'assets/app-abc123.js.gz': gzipSync(SCRIPT),
    'index.html.br': brotliCompressSync(SHELL_HTML),
    'assets/app-abc123.js.map': '{"version":3,"sources":["secret.ts"]}',
  });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('serving the site', () => {
  it('answers client routes with the shell, never cached', async () => {
    for (const url of ['/', '/member/mypage', '/join?x=1', '/warning']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the service worker uncached and hashed assets cached for long', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file, /admin, /api, /ws and /vendor paths with 404, not the shell', async () => {
    for (const url of ['/assets/missing.js', '/admin/api/nothing', '/admin/api/minigames/nothing', '/ws', '/favicon-nope.png']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>shell</title>');
    }
    // The member API answers everything inside its envelope (HTTP 200), an unknown call too.
    for (const url of ['/api/nothing', '/api/member/nothing']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('<title>shell</title>');
      expect(response.json(), url).toHaveProperty('data');
    }
  });

  it('answers unknown paths under the mounted vendor in the vendor\'s own shape', async () => {
    for (const url of ['/vendor', '/vendor/', '/vendor/nothing', '/vendor/api/nothing', '/vendor/play/nothing/more', '/vendor/test/nothing']) {
      const response = await get(url);
      expect([response.statusCode, response.body.slice(0, 80)], url).toEqual([404, expect.stringContaining('BAD_REQUEST')]);
    }
  });
});

describe('the prerendered pages', () => {
  const home = (locale: string) => `<!doctype html><html lang="${locale}"><title>home ${locale}</title>`;
  const memberPage = (locale: string, path: string) => `<!doctype html><html lang="${locale}"><title>member ${path} ${locale}</title>`;
  const KEPT = 'token=%7B%22token%22%3A%22abc%22%7D';
  let site: TestServer;
  beforeAll(async () => {
    const pages: Record<string, string | Uint8Array> = { 'home.ko.html': home('ko'), 'home.en.html': home('en'), 'home.vi.html': home('vi'), 'home.ko.html.br': brotliCompressSync(home('ko')) };
    for (const locale of ['ko', 'en', 'vi']) {
      for (const path of ['/charge', '/member/chargeMain/charge']) pages[`pages/${locale}${path}.html`] = memberPage(locale, path);
    }
    pages['pages/ko/charge.html.br'] = brotliCompressSync(memberPage('ko', '/charge'));
    // A page missing in one language is not served in any.
    pages['pages/ko/exchange.html'] = memberPage('ko', '/exchange');
    site = await startSiteServer(pages);
  });
  afterAll(() => site.close());
  const visit = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

  it('sends a guest at / the main page in the language of their cookie, uncached and varying by cookie', async () => {
    for (const [cookie, locale] of [[undefined, 'ko'], ['lang=en', 'en'], ['a=1; lang=vi', 'vi'], ['lang=fr', 'ko'], ['lang=%E0', 'ko']] as const) {
      const response = await visit('/', cookie ? { cookie } : {});
      expect(response.statusCode, cookie).toBe(200);
      expect(response.body, cookie).toContain(`<title>home ${locale}</title>`);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
    }
    const compressed = await visit('/', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<title>home ko</title>');
    expect((await site.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('sends a visitor with a session cookie a member screen\'s page in their language, uncached and varying by cookie', async () => {
    for (const [url, cookie, title] of [
      ['/charge', KEPT, 'member /charge ko'],
      ['/charge?from=menu', `lang=en; ${KEPT}`, 'member /charge en'],
      ['/member/chargeMain/charge', `${KEPT}; lang=vi`, 'member /member/chargeMain/charge vi'],
    ] as const) {
      const response = await visit(url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/cookie/i);
    }
    const compressed = await visit('/charge', { cookie: KEPT, 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<title>member /charge ko</title>');
  });

  it('sends the shell to a guest on a member screen, and to a member at /, on a path with no page, or with a page in one language only', async () => {
    for (const [url, cookie] of [['/charge', 'lang=en'], ['/', `lang=en; ${KEPT}`], ['/member/mypage', KEPT], ['/exchange', KEPT], ['/charge/', KEPT], ['/pages/ko/charge', KEPT]] as const) {
      const response = await visit(url, { cookie });
      expect(response.body, `${url} ${cookie}`).toContain('<title>shell</title>');
      expect(response.headers.vary, url).toMatch(/cookie/i);
    }
  });
});

describe('delivery', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that only takes gzip, the file to others', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the shell compressed and still uncached', async () => {
    const shell = await get('/charge', { 'accept-encoding': 'br' });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<title>shell</title>');
  });

  it('never serves a source map', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const map = await get('/assets/app-abc123.js.map', headers);
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    }
  });

  const post = (path: string, payload: unknown) => server.app.inject({
    method: 'POST', url: path,
    payload: JSON.stringify({ data: seal(payload, server.config.siteId) }),
    headers: { 'content-type': 'application/json', authorization: siteAuthorization(server.config.siteId), 'accept-encoding': 'br, gzip' },
  });

  it('compresses a large API answer and leaves a small one as it is', async () => {
    const large = await post(calls.gameCodes.path, { masterCode: 'GAME' });
    expect(large.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { data: string };
    expect(body.data.length).toBeGreaterThan(1024);
    const opened = open(body.data);
    expect(opened.ok && (opened.payload as { resultCode: string }).resultCode).toBe('0');

    const small = await post(calls.siteCheckInfo.path, {});
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(open((small.json() as { data: string }).data).ok).toBe(true);
  });

  it('does not inflate a compressed request body', async () => {
    const body = JSON.stringify({ data: seal({}, server.config.siteId) });
    const response = await server.app.inject({
      method: 'POST', url: calls.siteCheckInfo.path, payload: gzipSync(body),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: siteAuthorization(server.config.siteId) },
    });
    const opened = open((response.json() as { data: string }).data);
    expect(opened.ok && (opened.payload as { resultCode: string }).resultCode).not.toBe('0');
  });
});

describe('a site that is closing', () => {
  it('answers calls that still come in with TE99, "try again", in each area\'s shape, never the framework\'s 503 body', async () => {
    // The app's closing answer, on an instance of its own: a request that arrives once the close has begun
    // (here from a later close hook, before the server stops listening), as on a restart.
    const app = Fastify({ return503OnClosing: false });
    closeGracefully(app, 'hanbit', '/vendor');
    app.get('/admin/api/signups', async () => ({ list: [] }));
    // The mounted vendor says it is closing in its own protocol: the site leaves its paths alone.
    app.get('/vendor/play/api/state', async () => ({ ok: true }));
    const answers: Response[] = [];
    app.addHook('preClose', async () => {
      const base = listeningAddress(app, '');
      answers.push(await fetch(`${base}/admin/api/signups`));
      answers.push(await fetch(`${base}/api/common/siteCheckInfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
      answers.push(await fetch(`${base}/vendor/play/api/state`));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${listeningAddress(app, '')}/admin/api/signups`)).status).toBe(200);
    await app.close();

    const [operatorCall, memberCall, vendorCall] = answers;
    expect(operatorCall!.status).toBe(503);
    const plainBody = await operatorCall!.text();
    expect(JSON.parse(plainBody)).toEqual({ resultCode: 'TE99', resultMessage: expect.any(String) });
    expect(plainBody).not.toMatch(/Service Unavailable|statusCode/);
    const opened = open(((await memberCall!.json()) as { data: string }).data);
    expect(opened.ok && (opened.payload as { resultCode: string }).resultCode).toBe('TE99');
    expect(await vendorCall!.json()).toEqual({ ok: true });
  });

  it('closes a keep-alive connection once the call that was under way when the close began is answered', async () => {
    // Otherwise the close waits for the connection's keep-alive timeout (72 s), longer than this test may take.
    const app = Fastify({ return503OnClosing: false });
    closeGracefully(app, 'hanbit', null);
    let arrived!: () => void;
    const underWay = new Promise<void>((resolve) => { arrived = resolve; });
    let finish!: () => void;
    app.get('/admin/api/slow', async () => {
      arrived();
      await new Promise<void>((resolve) => { finish = resolve; });
      return { done: true };
    });
    // The call is answered once the close has begun (a close hook after the app's).
    app.addHook('preClose', async () => finish());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
      http.get(`${listeningAddress(app, '')}/admin/api/slow`, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
        response.on('end', () => resolve({ connection: response.headers.connection, body }));
      }).on('error', reject);
    });
    await underWay;
    const closed = app.close();
    expect(await answer).toEqual({ connection: 'close', body: '{"done":true}' });
    await closed;
    agent.destroy();
  });
});

describe('refusals before any call, in the catalogue shape', () => {
  const admin = { authorization: 'Bearer test-operator-token-0123456789abcdef' };

  /** A plain refusal: the status, and a body that is our code and message, never the framework's. */
  async function plain(request: InjectOptions, status: number, code: string) {
    const response = await server.app.inject(request);
    expect(response.statusCode, JSON.stringify(request)).toBe(status);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['resultCode', 'resultMessage']);
    expect(body.resultCode).toBe(code);
    expect(response.body).not.toMatch(/FST_|statusCode|Error|\bat \//);
  }

  it('answers a malformed URL and an over-long path parameter with R003, on pages and the operator API', async () => {
    await plain({ method: 'GET', url: '/%zz' }, 400, 'R003');
    await plain({ method: 'GET', url: '/admin/api/%zz', headers: admin }, 400, 'R003');
    await plain({ method: 'POST', url: `/admin/api/signups/${'a'.repeat(300)}/approve`, headers: admin }, 400, 'R003');
  });

  it('answers a malformed URL on the member API inside the envelope', async () => {
    const answer = await server.raw('/api/%zz', '{}');
    expect(answer.resultCode).toBe('R003');
  });

  it('refuses control characters in operator paths and bodies with 400 R003, writing nothing', async () => {
    const audits = await server.count('audit_log');
    await plain({ method: 'POST', url: '/admin/api/signups/a%00b/approve', headers: admin }, 400, 'R003');
    await plain({
      method: 'PUT', url: '/admin/api/site-options', headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ joinRecommanderId: 'a\u0000b' }),
    }, 400, 'R003');
    await plain({ method: 'GET', url: '/admin/api/signups?status=pending%07', headers: admin }, 400, 'R003');
    expect(await server.count('audit_log')).toBe(audits);
  });

  it('answers unknown routes, oversized bodies and wrong content types with a code', async () => {
    await plain({ method: 'DELETE', url: '/admin/api/site-options', headers: admin }, 404, 'R404');
    await plain({ method: 'POST', url: '/member/mypage' }, 404, 'R404');
    await plain({ method: 'GET', url: '/assets/%00.js' }, 400, 'R003');
    const tooLarge = JSON.stringify({ sns2Link: 'x'.repeat(2_000_000) });
    const large = await server.app.inject({ method: 'PUT', url: '/admin/api/site-options', headers: { ...admin, 'content-type': 'application/json' }, payload: tooLarge });
    expect(large.statusCode).toBeLessThan(500);
    expect(large.json()).toMatchObject({ resultCode: 'R003' });
    await plain({ method: 'PUT', url: '/admin/api/site-options', headers: { ...admin, 'content-type': 'text/xml' }, payload: '<x/>' }, 400, 'R003');
  });
});
