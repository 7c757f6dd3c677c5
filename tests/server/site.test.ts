/** The built site: files from dist/, the shell for client routes, never for /api, /admin or missing files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'hanbit-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

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

  it('answers a missing file, /admin and /ws paths with 404, not the shell', async () => {
    for (const url of ['/assets/missing.js', '/admin/api/nothing', '/ws', '/favicon-nope.png']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>shell</title>');
    }
  });
});
