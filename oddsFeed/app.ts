/**
 * The house odds feed as a Fastify plugin: the signed API (/api/v1/...), the push channel (GET
 * /api/v1/stream, a WebSocket) and, with FEED_FAULTS=1, the fault switch (POST /api/v1/test/faults). The
 * site's server may mount it (mount.ts, under /feed); oddsFeed/main.ts runs it alone. It answers with headers
 * of its own and never with the host's error pages. Its engine (the schedule, play and results) runs only
 * when the host starts its scheduler: one instance per database does.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEED_STREAM_PATH } from '../contract/oddsFeed';
import { registerApi, refuse } from './api';
import { LEAGUES, type League } from './catalogue';
import { systemFeedClock, type FeedClock } from './clock';
import type { FeedEnvSettings } from './config';
import type { FeedDatabase } from './db/client';
import { createEngine, type Engine } from './engine';
import { FeedRefusal } from './errors';
import { createFaults, type Faults } from './faults';
import { createLog, type FeedLog } from './log';
import { createScheduler, type FeedScheduler } from './scheduler';
import { createSettingsStore, type SettingsStore } from './settings';
import { createStream } from './stream';

export interface FeedAppOptions {
  database: FeedDatabase;
  /** Operator id → secret. */
  operators: Record<string, string>;
  settings: FeedEnvSettings;
  /** The prefix the feed is mounted under in a host server ('/feed'); null when it runs alone. */
  mountPrefix: string | null;
  /** The feed's time (default the system's; tests drive a manual one). */
  clock?: FeedClock;
  /** The leagues this feed runs (default all of the catalogue; tests take a few). */
  leagues?: readonly League[];
  /** A fresh seed, 64 hex digits (default crypto-random). */
  newSeed?: () => string;
  /** The fault switch's randomness (tests). */
  random?: () => number;
  /** Publish fixtures at most this far ahead (default: each league's horizon, up to a day). */
  maxHorizonMinutes?: number;
  /** How often an instance without the engine looks for new messages for its waiting readers (default 500 ms). */
  pollMs?: number;
}

/** What the running feed offers its host and tests. */
export interface FeedHandle {
  engine: Engine;
  scheduler: FeedScheduler;
  log: FeedLog;
  settings: SettingsStore;
  faults: Faults | null;
  leagues: readonly League[];
}

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function createFeedPlugin(options: FeedAppOptions): { plugin: (scope: FastifyInstance) => Promise<void>; handle: FeedHandle } {
  const operators = new Map(Object.entries(options.operators));
  const leagues = options.leagues ?? LEAGUES;
  const clock = options.clock ?? systemFeedClock;
  const log = createLog(options.database, options.pollMs);
  const settings = createSettingsStore(options.database.db);
  const faults = options.settings.faults ? createFaults(options.random) : null;
  let hostLog: { error(details: object, message: string): void } = { error: (details, message) => console.error(message, details) };
  const onError = (details: object, message: string) => hostLog.error(details, message);
  const engine = createEngine({
    database: options.database, log, settings, clock, leagues, env: options.settings,
    newSeed: options.newSeed ?? (() => randomBytes(32).toString('hex')), maxHorizonMinutes: options.maxHorizonMinutes, onError,
  });
  const scheduler = createScheduler(engine, options.settings.tickMs, { error: onError });
  const stream = createStream({ path: `${options.mountPrefix ?? ''}${FEED_STREAM_PATH}`, operators, log, faults });

  async function plugin(scope: FastifyInstance): Promise<void> {
    hostLog = scope.log;
    // Bodies stay text: the signature covers the exact bytes sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    let closing = false;
    scope.addHook('preClose', async () => {
      closing = true;
      await scheduler.stop();
      await stream.close();
      log.close();
    });
    scope.addHook('onRequest', async (_request, reply) => {
      if (closing) return reply.code(503).header('retry-after', '1').send({ ok: false, code: 'UNAVAILABLE', message: 'the feed is restarting' });
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', JSON_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
      if (closing) reply.header('connection', 'close');
      return payload;
    });
    scope.setErrorHandler((error: FastifyError | FeedRefusal, request, reply) => {
      if (error instanceof FeedRefusal) return refuse(reply, error);
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) return refuse(reply, new FeedRefusal('BAD_REQUEST', 'bad request'));
      request.log.error({ err: error }, 'odds feed call failed');
      return reply.code(500).send({ ok: false, code: 'UNAVAILABLE', message: 'the feed failed' });
    });
    const noSuchPath = (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ ok: false, code: 'BAD_REQUEST', message: 'no such path' });
    scope.setNotFoundHandler(noSuchPath);
    // Mounted in the site, the site's catch-all GET would otherwise answer the feed's unknown GETs with a page.
    scope.get('/', noSuchPath);
    scope.get('/*', noSuchPath);

    registerApi(scope, { operators, log, engine, settings, leagues, faults });
    stream.attach(scope.server);
  }

  return { plugin, handle: { engine, scheduler, log, settings, faults, leagues } };
}
