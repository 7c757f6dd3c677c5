/**
 * A house odds feed per test file (PGlite in memory, or a fresh PostgreSQL database when TEST_DATABASE_URL is
 * set), on a manual clock the test moves, with reproducible seeds, called through inject() with signed
 * requests like the site's adapter. `restart()` puts a new plugin on the same database.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createFeedPlugin, type FeedHandle } from '../../oddsFeed/app';
import { findLeague, type League } from '../../oddsFeed/catalogue';
import { createManualFeedClock, type ManualFeedClock } from '../../oddsFeed/clock';
import { loadFeedSettings } from '../../oddsFeed/config';
import { openFeedDatabase, type FeedDatabase } from '../../oddsFeed/db/client';
import { signedCallHeaders } from '../../contract/gameProviderSigning';
import { FEED_API_PREFIX, FEED_HEADERS, type FeedCalls, type FeedCode, type FeedMessage, type FeedPath } from '../../contract/oddsFeed';
import { freshTestDatabase } from '../postgresDatabase';

export const OPERATOR = 'hanbit';
export const SECRET = 'test-feed-secret-0123456789abcdef';

export interface SignOptions {
  operator?: string;
  secret?: string;
  timestamp?: number;
  signedPath?: string;
}

export type Answer<T> = { status: number; body: ({ ok: true } & T) | { ok: false; code: FeedCode; message: string } };

export interface FeedOptions {
  /** League ids this feed runs (default: soccer's K League 1 only). */
  leagues?: string[] | 'all';
  start?: Date;
  env?: Record<string, string>;
  random?: () => number;
  /** Publish at most this far ahead (default 3 hours: the first tick stays short). */
  maxHorizonMinutes?: number;
}

export interface TestFeed {
  app: FastifyInstance;
  handle: FeedHandle;
  clock: ManualFeedClock;
  database: FeedDatabase;
  call<P extends FeedPath>(path: P, body: FeedCalls[P]['body'], options?: SignOptions): Promise<Answer<FeedCalls[P]['answer']>>;
  ok<P extends FeedPath>(path: P, body: FeedCalls[P]['body']): Promise<FeedCalls[P]['answer']>;
  raw(url: string, body: string, options?: SignOptions): Promise<{ status: number; json: unknown }>;
  /** Every message after `after`, paged. */
  allMessages(after?: number): Promise<FeedMessage[]>;
  /** Moves the clock by `ms` in steps of `stepMs`, ticking the engine after each. */
  play(ms: number, stepMs: number): Promise<void>;
  restart(): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export function signedHeaders(path: string, body: string, options: SignOptions = {}): Record<string, string> {
  return signedCallHeaders(FEED_HEADERS, options.operator ?? OPERATOR, options.secret ?? SECRET, options.signedPath ?? path, body,
    options.timestamp === undefined ? undefined : String(options.timestamp));
}

/** Seeds from a counter: the same test draws the same matches every run. */
export function seedMaker(label: string): () => string {
  let n = 0;
  return () => createHash('sha256').update(`${label}:${(n += 1)}`).digest('hex');
}

/** 2026-11-28 at the given UTC hour and minute. */
export const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 28, hour, minute));

export async function startFeed(options: FeedOptions = {}): Promise<TestFeed> {
  const { database, drop } = await freshTestDatabase('test_feed', openFeedDatabase);
  const clock = createManualFeedClock(options.start ?? at(12, 0));
  const ids = options.leagues ?? ['kleague1'];
  const leagues: League[] | undefined = ids === 'all' ? undefined : ids.map((id) => findLeague(id)!);
  const settings = loadFeedSettings({ FEED_FAULTS: '1', NODE_ENV: 'test', ...options.env });
  const newSeed = seedMaker(String(options.start?.getTime() ?? 0));

  let app!: FastifyInstance;
  let handle!: FeedHandle;
  async function open() {
    const made = createFeedPlugin({
      database, operators: { [OPERATOR]: SECRET, other: 'other-operator-secret-0123456789' }, settings, mountPrefix: null,
      clock, leagues, newSeed, random: options.random, pollMs: 50, maxHorizonMinutes: options.maxHorizonMinutes ?? 180,
    });
    app = Fastify({ return503OnClosing: false });
    await app.register(made.plugin);
    await app.ready();
    handle = made.handle;
  }
  await open();

  async function raw(url: string, body: string, sign: SignOptions = {}) {
    const response = await app.inject({ method: 'POST', url, payload: body, headers: signedHeaders(sign.signedPath ?? url, body, sign) });
    return { status: response.statusCode, json: response.json() as unknown };
  }

  const feed: TestFeed = {
    get app() { return app; },
    get handle() { return handle; },
    clock,
    database,
    async call(path, body, sign) {
      const answer = await raw(`${FEED_API_PREFIX}${path}`, JSON.stringify(body), sign);
      return { status: answer.status, body: answer.json as never };
    },
    async ok(path, body) {
      const answer = await feed.call(path, body);
      if (!answer.body.ok) throw new Error(`${path} refused: ${answer.body.code} ${answer.body.message}`);
      const { ok: _ok, ...payload } = answer.body;
      return payload as never;
    },
    raw,
    async allMessages(after = 0) {
      const out: FeedMessage[] = [];
      for (let cursor = after; ;) {
        const page = await feed.ok('/messages', { after: cursor });
        out.push(...page.messages);
        if (page.messages.length === 0) return out;
        cursor = page.cursor;
      }
    },
    async play(ms, stepMs) {
      for (let done = 0; done < ms; done += stepMs) {
        clock.advance(Math.min(stepMs, ms - done));
        await handle.engine.tick();
      }
    },
    async restart() {
      await app.close();
      await open();
    },
    async rows<T>(query: string) {
      const result = await database.db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
  return feed;
}
