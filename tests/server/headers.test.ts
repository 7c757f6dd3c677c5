/** Security headers on every answer: pages, files, the member API, the operator API and refusals alike. */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract/calls';
import { siteAuthorization } from '../../contract/constants';
import { seal } from '../../contract/envelope';
import { startSiteServer, startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './harness';

/** The operator console's own page (dist/admin.html, built by vite.console.config.ts). */
const CONSOLE_HTML = '<!doctype html><title>console</title><script type="module" src="/assets/console-abc123.js"></script>';

let server: TestServer;
beforeAll(async () => {
  server = await startSiteServer({ 'assets/app-abc123.js': 'console.log(1)', 'admin.html': CONSOLE_HTML });
});
afterAll(() => server.close());

function memberCall(): InjectOptions {
  return {
    method: 'POST', url: calls.siteOption.path, payload: JSON.stringify({ data: seal({}, server.config.siteId) }),
    headers: { 'content-type': 'application/json', authorization: siteAuthorization(server.config.siteId) },
  };
}

const ANSWERS: [string, () => InjectOptions][] = [
  ['the shell', () => ({ method: 'GET', url: '/member/mypage' })],
  ['a hashed asset', () => ({ method: 'GET', url: '/assets/app-abc123.js' })],
  ['the service worker', () => ({ method: 'GET', url: '/sw.js' })],
  ['a member call', memberCall],
  ['an operator call', () => ({ method: 'GET', url: '/admin/api/signups', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })],
  ['an operator refusal', () => ({ method: 'GET', url: '/admin/api/signups' })],
  ['the console page', () => ({ method: 'GET', url: '/admin' })],
  ['a console screen', () => ({ method: 'GET', url: '/admin/cash' })],
  ['a missing file', () => ({ method: 'GET', url: '/assets/missing.js' })],
  ['a malformed URL', () => ({ method: 'GET', url: '/%zz' })],
];

describe('security headers', () => {
  it.each(ANSWERS)('%s carries CSP, frame protection, nosniff, referrer and permissions policies', async (_what, request) => {
    const response = await server.app.inject(request());
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives pages a policy of the site itself, with data: images for the captcha, and JSON answers none at all', async () => {
    const page = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "object-src 'none'"]) {
      expect(page).toContain(directive);
    }
    const api = String((await server.app.inject(memberCall())).headers['content-security-policy']);
    expect(api).toContain("default-src 'none'");
  });

  it("serves the console's page under /admin with the site pages' own strict policy, never cached", async () => {
    const site = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    for (const url of ['/admin', '/admin/', '/admin/members/demo01']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect([response.statusCode, response.body], url).toEqual([200, CONSOLE_HTML]);
      expect(response.headers['content-security-policy'], url).toBe(site);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // An operator call under /admin/api is never the page: an unknown one is a JSON refusal with the API's policy.
    const unknown = await server.app.inject({ method: 'GET', url: '/admin/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<!doctype');
    expect(String(unknown.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('never lets a member or operator answer be cached', async () => {
    const operator = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const answers: [string, InjectOptions][] = [
      ['a member call', memberCall()],
      ['an operator list of members', { method: 'GET', url: '/admin/api/signups', headers: operator }],
      ['an operator member lookup', { method: 'GET', url: '/admin/api/games/members/demo01', headers: operator }],
      ['an operator list of cash requests', { method: 'GET', url: '/admin/api/cash-requests', headers: operator }],
      ['an operator refusal', { method: 'GET', url: '/admin/api/signups' }],
      ['an operator bad input', { method: 'PUT', url: '/admin/api/wallet-settings', payload: { depositUnit: 'x' }, headers: operator }],
      ['an unknown operator path', { method: 'GET', url: '/admin/api/nothing', headers: operator }],
    ];
    for (const [what, request] of answers) {
      const response = await server.app.inject(request);
      expect([what, response.headers['cache-control']]).toEqual([what, 'no-store']);
    }
  });

  it('adds HSTS when told the site runs behind HTTPS', async () => {
    const https = await startTestServer({ behindHttps: true });
    try {
      const response = await https.app.inject(memberCall());
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
