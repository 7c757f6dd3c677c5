/**
 * The feed mounted in a host server (the site's, under /feed): on the host's database with its own tables and
 * journal, signed over the path under the feed, its stream under the prefix, unknown paths answered by the
 * feed, and its scheduler started and stopped by the host.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { findLeague } from '../../oddsFeed/catalogue';
import { createManualFeedClock } from '../../oddsFeed/clock';
import { loadFeedSettings, mountOddsFeed, type FeedHandle } from '../../oddsFeed/mount';
import { at, OPERATOR, SECRET, seedMaker, signedHeaders } from './harness';
import { freshTestDatabase } from '../postgresDatabase';

let host: FastifyInstance;
let database: Database;
let handle: FeedHandle;
let drop: () => Promise<void>;
const clock = createManualFeedClock(at(9, 55));

beforeAll(async () => {
  ({ database, drop } = await freshTestDatabase('test_feedmount', openDatabase));
  host = Fastify({ return503OnClosing: false });
  host.get('/*', async () => 'the host page');
  handle = await mountOddsFeed(host, database, {
    operator: OPERATOR, secret: SECRET, settings: loadFeedSettings({ FEED_TICK_MS: '50' }), clock, leagues: [findLeague('vsoccer')!], newSeed: seedMaker('mount'),
  }, '/feed');
  await host.ready();
});
afterAll(async () => {
  await host.close();
  await database.close();
  await drop();
});

describe('the feed mounted in a host', () => {
  it('runs its engine when the host starts its scheduler, and stops it with the host', async () => {
    expect(handle.scheduler.running).toBe(false);
    handle.scheduler.start();
    // The scheduler ticks by itself: wait for the first virtual matches to be published.
    for (let i = 0; i < 200 && handle.log.lastKnown() === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.scheduler.stop();
    expect(handle.scheduler.running).toBe(false);
    expect(handle.log.lastKnown()).toBeGreaterThan(0);
  });

  it('answers signed calls under /feed, signed over the path under the feed, on the host database', async () => {
    const body = '{}';
    const response = await host.inject({ method: 'POST', url: '/feed/api/v1/snapshot', payload: body, headers: signedHeaders('/api/v1/snapshot', body) });
    expect(response.statusCode).toBe(200);
    const snapshot = response.json();
    expect(snapshot.ok).toBe(true);
    expect(snapshot.fixtures.length).toBeGreaterThan(0);
    expect(snapshot.fixtures.every((f: { virtual: boolean }) => f.virtual)).toBe(true);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const rows = await database.db.execute('select count(*)::int as n from feed_messages');
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(snapshot.cursor);
    const missing = await host.inject({ method: 'GET', url: '/feed/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect((await host.inject({ method: 'GET', url: '/elsewhere' })).body).toBe('the host page');
  });
});
