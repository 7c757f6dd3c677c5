/**
 * A fresh server per test file: PGlite in memory by default; with TEST_DATABASE_URL (a PostgreSQL
 * server URL) a new database with a random name, dropped afterwards. Calls go through app.inject()
 * with the real envelope, exactly as the client sends them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AnswerOf, CallName, PayloadOf } from '../../contract/calls';
import { fillPath } from '../../contract/callPaths';
import { calls } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../../contract/constants';
import * as clientEnvelope from '../../contract/envelope';
import type { LoginAnswer, SocketMessage } from '../../contract/types';
import { type AppOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import type { Push } from '../../server/push';
import { decodeMemberFrame, decodeTopicPayload } from '../../contract/topics';
import { createRealtime } from '../../server/realtime';
import { sessionAuthenticator } from '../../server/session/service';
import { consoleAuthenticator } from '../../server/console/operators';
import { systemClock } from '../../server/clock';
import { seed } from '../../server/seed';
import { migratedCopy } from './pgliteSnapshot';
import { type GameJobOptions, listeningAddress } from '../../server/games/jobs';
import { createPostgresDatabase } from '../postgresDatabase';

export const TEST_CAPTCHA = '1234';
export const TEST_ADMIN_TOKEN = 'test-operator-token-0123456789abcdef';

export interface Pushed {
  to: 'session' | 'member';
  target: string;
  msg: SocketMessage;
}

export interface TopicPushed {
  destination: string;
  body: unknown;
}

/**
 * Records every push instead of delivering it, and reads each as the client will (contract/topics.ts):
 * a member frame or a topic payload the client would not decode is noted in `undecodable`, which fails
 * the test server's close. So every server test that publishes checks the server's payloads.
 */
export class RecordingPush implements Push {
  readonly pushed: Pushed[] = [];
  readonly undecodable: string[] = [];
  async publishToSession(sessionId: string, msg: SocketMessage): Promise<void> {
    this.check('member frame', msg, decodeMemberFrame(msg));
    this.pushed.push({ to: 'session', target: sessionId, msg });
  }
  async publishToMember(memId: string, msg: SocketMessage): Promise<void> {
    this.check('member frame', msg, decodeMemberFrame(msg));
    this.pushed.push({ to: 'member', target: memId, msg });
  }
  readonly topicPushed: TopicPushed[] = [];
  async publishToTopic(destination: string, body: unknown): Promise<void> {
    this.check(destination, body, decodeTopicPayload(destination, body));
    this.topicPushed.push({ destination, body });
  }
  private check(where: string, sent: unknown, decoded: unknown): void {
    if (decoded === null) this.undecodable.push(`${where}: ${JSON.stringify(sent)}`);
  }
}

export interface AdminAnswer {
  ok?: boolean;
  resultCode?: string;
  resultMessage?: string;
  list?: { memId: string; memNick: string; memPhone: string; recommenderId: string | null; createdAt: string; status: string }[];
}

export interface CallOptions {
  token?: string;
  siteId?: string;
  ip?: string;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  push: RecordingPush;
  /** Sends a call the way the client does and opens the answer. */
  call<N extends CallName>(name: N, payload: PayloadOf<N>, options?: CallOptions): Promise<ApiAnswer<AnswerOf<N>>>;
  /** Sends any payload (wrong types, hostile values) to a call's path. */
  callUnchecked(name: CallName, payload: unknown, options?: CallOptions): Promise<ApiAnswer>;
  /** Posts a raw body to a path (headers override the defaults) and opens the answer. */
  raw(path: string, body: string, headers?: Record<string, string>, remoteAddress?: string): Promise<ApiAnswer>;
  /** An operator call (plain JSON). */
  admin(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string): Promise<{ status: number; body: AdminAnswer }>;
  /** A captcha id ready for login (its answer is TEST_CAPTCHA). */
  captcha(): Promise<string>;
  login(memId: string, memPass: string, options?: CallOptions): Promise<ApiAnswer<LoginAnswer>>;
  /** Runs SQL against the test database (for set-up and for looking at what was written). */
  rows<T>(query: string): Promise<T[]>;
  /** Counts rows of a table (to prove that refused calls wrote nothing). */
  count(table: string): Promise<number>;
  /** The site restarting: the app is closed and built again on the same database (listening again if it did). */
  restart(): Promise<void>;
  /** The address the app listens on (with `listen`), e.g. for the mounted vendor's player pages. */
  url(): string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Listen on a free port of 127.0.0.1: the games adapter reaches the mounted vendor over HTTP. */
  listen?: boolean;
  /** The games jobs while listening (default: none; a test runs them by hand). */
  gameJobs?: GameJobOptions | false;
  /** The games adapter's per-call timeout. */
  vendorTimeoutMs?: number;
  /**
   * How calls are sealed and answers opened: the browser's code (crypto-js) by default. The bench uses the
   * server's own (node:crypto, the same bytes), so that the client's work in this one process, which a
   * real client does on its own machine, does not count as the server's.
   */
  envelope?: Pick<typeof clientEnvelope, 'seal' | 'open'>;
  /**
   * The real-time channel itself (server/realtime, as server/main.ts starts it) instead of the recording
   * fake: the bench, so that each money call's CASH push costs what it costs in production (its NOTIFY,
   * batched with the others', and its delivery; RabbitMQ's with the `rabbit` config). `push` then records nothing.
   */
  realtime?: boolean;
  /** The sportsbook's live hold (default: returns at once, so a test decides what happens during the hold). */
  sportsSleep?: (ms: number) => Promise<void>;
  /** The mounted odds feed's clock, leagues and seeds. */
  feedMount?: AppOptions['feedMount'];
}

export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { seal, open } = options.envelope ?? clientEnvelope;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await createPostgresDatabase(serverUrl, 'test') : null;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: 'memory://', from: migratedCopy() });
  await seed(database.db);
  const config: Config = {
    // The tests' operator token is their set-up hand: its calls skip four-eyes (ADMIN_TOKEN_FOUR_EYES=0, never in production).
    ...loadConfig({ CAPTCHA_FIXED: TEST_CAPTCHA, ADMIN_TOKEN: TEST_ADMIN_TOKEN, ADMIN_TOKEN_FOUR_EYES: '0', NODE_ENV: 'test', VENDOR_FAULTS: '1' }),
    distDir: '/nonexistent-dist',
    ...overrides,
  };
  const push = new RecordingPush();
  const realtime = options.realtime
    ? await createRealtime({
      database, siteId: config.siteId, authenticate: sessionAuthenticator(database.db, systemClock),
      authenticateOperator: consoleAuthenticator(database.db, systemClock), rabbit: config.rabbit,
    })
    : null;
  const build = async () => {
    const built = await buildApp({
      database, config, realtime: realtime ?? push, gameJobs: options.gameJobs ?? false, vendorTimeoutMs: options.vendorTimeoutMs,
      sportsSleep: options.sportsSleep ?? (async () => undefined), feedMount: options.feedMount,
    });
    realtime?.attach(built.server);
    if (options.listen) await built.listen({ port: 0, host: '127.0.0.1' });
    else await built.ready();
    return built;
  };
  let app = await build();

  async function raw(path: string, body: string, headers: Record<string, string> = {}, remoteAddress?: string) {
    const response = await app.inject({
      method: 'POST', url: path, payload: body, ...(remoteAddress ? { remoteAddress } : {}),
      headers: { 'content-type': 'application/json', authorization: siteAuthorization(config.siteId), ...headers },
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
    const opened = open((response.json() as { data?: unknown }).data);
    if (!opened.ok) throw new Error(`answer did not open: ${response.body}`);
    if (opened.siteId !== config.siteId) throw new Error('answer sealed for another site');
    return opened.payload as ApiAnswer;
  }

  const server: TestServer = {
    app, database, config, push, raw,
    async call(name, payload, options = {}) {
      return server.callUnchecked(name, payload, options) as Promise<ApiAnswer<never>>;
    },
    callUnchecked(name, payload, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers[HEADER_SESSION_TOKEN] = options.token;
      return raw(fillPath(calls[name].path, payload), JSON.stringify({ data: seal(payload, options.siteId ?? config.siteId) }), headers, options.ip);
    },
    async admin(method, url, body, token = TEST_ADMIN_TOKEN) {
      const response = await app.inject({
        method, url, ...(body === undefined ? {} : { payload: body as object }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.statusCode, body: response.json() as AdminAnswer };
    },
    async captcha() {
      const answer = await server.call('captcha', {});
      return answer.data!.captchaId;
    },
    async login(memId, memPass, options = {}) {
      return server.call('login', { memId, memPass, captchaId: await server.captcha(), captcha: TEST_CAPTCHA }, options);
    },
    async rows<T>(query: string) {
      const result = await database.db.execute(query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async count(table) {
      const [row] = await server.rows<{ n: number }>(`select count(*)::int as n from "${table}"`);
      return Number(row!.n);
    },
    async restart() {
      await app.close();
      app = await build();
      server.app = app;
    },
    url() {
      return listeningAddress(app, '');
    },
    async close() {
      await app.close();
      await realtime?.close();
      await database.close();
      await postgres?.drop();
      if (push.undecodable.length > 0) throw new Error(`pushed what the client does not decode: ${push.undecodable.join('; ')}`);
    },
  };
  return server;
}

/** The shell every built site has: a client route answers with it. */
export const SHELL_HTML = '<!doctype html><title>shell</title>';

/**
 * A test server serving a built site from a temporary dist/: the shell, a service worker and `files`
 * (paths inside dist/, e.g. 'assets/app-abc123.js'); closing it removes the directory.
 */
export async function startSiteServer(files: Record<string, string | Uint8Array>): Promise<TestServer> {
  const dist = mkdtempSync(join(tmpdir(), 'hanbit-dist-'));
  const site = { 'index.html': SHELL_HTML, 'sw.js': 'self.addEventListener("fetch", () => {});', ...files };
  for (const [path, content] of Object.entries(site)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  const server = await startTestServer({ distDir: dist });
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
