/**
 * The house game vendor as a Fastify plugin: the signed operator API (/api/v1/...), the game pages and
 * their play calls (/play/...), the games' art (/art/...) and, with VENDOR_FAULTS=1, the fault switch
 * (PUT /test/faults). `npm start` mounts it in the site's server under /vendor; gameProvider/main.ts runs it
 * alone at another address. It answers with headers of its own (its game pages may be framed by the
 * operator's site; its art may be shown by it) and never with the host's error pages.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findGame } from './catalogue';
import type { VendorSettings } from './config';
import type { VendorDatabase } from './db/client';
import { VendorRefusal } from './errors';
import { bonusSchema, createFaults, faultRulesSchema, type Faults } from './faults';
import { authenticate, parseBody, refuse, registerApi } from './api';
import { createRounds, type Rounds } from './rounds';
import { createSessions } from './sessions';
import { PlayRefusal, registerPlay } from './play/routes';
import { registerTableGames, type TableSweeper } from './games/routes';
import { createWallet } from './wallet';

export interface VendorAppOptions {
  database: VendorDatabase;
  /** Operator id → secret. */
  operators: Record<string, string>;
  settings: VendorSettings;
  /** The prefix the vendor is mounted under in a host server ('/vendor'); null when it runs alone. */
  mountPrefix: string | null;
}

/** What the running vendor offers its own game modules and tests. */
export interface VendorHandle {
  rounds: Rounds;
  faults: Faults | null;
  /**
   * The live tables' sweep. Alone, the vendor starts it itself once ready; mounted, the host starts it where
   * it should run (the site: on the instance holding its cluster's jobs) and closing the host stops it.
   */
  tables: TableSweeper;
}

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";
const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

function pagePolicy(frameAncestors: string[]): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
    "base-uri 'none'", "form-action 'none'", `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

function setHeaders(reply: FastifyReply, frameAncestors: string[]): void {
  const type = String(reply.getHeader('content-type') ?? '');
  const page = /^text\/html\b/i.test(type);
  reply.removeHeader('x-frame-options');
  reply.header('content-security-policy', page ? pagePolicy(frameAncestors) : /json/i.test(type) ? JSON_POLICY : ASSET_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  // Art and scripts may be used by the operator's site at another origin.
  reply.header('cross-origin-resource-policy', page || /json/i.test(type) ? 'same-origin' : 'cross-origin');
}

export function createVendorPlugin(options: VendorAppOptions): { plugin: (scope: FastifyInstance) => Promise<void>; handle: VendorHandle } {
  const { db } = options.database;
  const operators = new Map(Object.entries(options.operators));
  const wallet = createWallet(db);
  const rounds = createRounds(db, findGame);
  const sessions = createSessions(db, options.settings.sessionTtlMs);
  const faults = options.settings.faults ? createFaults() : null;

  const publicBase = (request: FastifyRequest): string =>
    options.settings.publicUrl ?? options.mountPrefix ?? `${request.protocol}://${request.host}`;

  // The sweep exists once the plugin is registered; before that there is nothing to start or stop.
  let sweeper: TableSweeper | null = null;
  const handle: VendorHandle = {
    rounds,
    faults,
    tables: { start: async () => sweeper?.start(), stop: async () => sweeper?.stop() },
  };

  async function plugin(scope: FastifyInstance): Promise<void> {
    // Bodies stay text: the signature covers the exact bytes sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // While the vendor closes (a restart), a call that still comes in is told to try again in the protocol's
    // shape, and every answer closes its connection so that none holds the close for the keep-alive timeout;
    // the host is built with `return503OnClosing: false` so that Fastify's own 503 body never answers.
    let closing = false;
    scope.addHook('preClose', async () => {
      closing = true;
    });
    scope.addHook('onRequest', async (_request, reply) => {
      if (closing) return reply.code(503).header('retry-after', '1').send({ ok: false, code: 'UNAVAILABLE', message: 'the vendor is restarting' });
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      setHeaders(reply, options.settings.frameAncestors);
      if (closing) reply.header('connection', 'close');
      return payload;
    });
    scope.setErrorHandler((error: FastifyError | VendorRefusal | PlayRefusal, request, reply) => {
      if (error instanceof VendorRefusal) return refuse(reply, error);
      if (error instanceof PlayRefusal) return reply.code(error.status).send({ ok: false, code: error.code, message: 'the game session has ended' });
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) return refuse(reply, new VendorRefusal('BAD_REQUEST', 'bad request'));
      request.log.error({ err: error }, 'vendor call failed');
      return reply.code(500).send({ ok: false, code: 'UNAVAILABLE', message: 'the vendor failed' });
    });
    const noSuchPath = (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ ok: false, code: 'BAD_REQUEST', message: 'no such path' });
    scope.setNotFoundHandler(noSuchPath);
    // Mounted in the site, the site's own catch-all GET (its files and pages) would otherwise answer the
    // vendor's unknown GETs with the site's page: these routes are more specific than the host's.
    scope.get('/', noSuchPath);
    scope.get('/*', noSuchPath);

    registerApi(scope, { operators, wallet, rounds, sessions, faults, publicBase });
    registerPlay(scope, { sessions, rounds, wallet });
    sweeper = registerTableGames(scope, { db, sessions, rounds, wallet });
    if (options.mountPrefix === null) scope.addHook('onReady', () => handle.tables.start());

    if (faults) {
      scope.put('/test/faults', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        authenticate(operators, request, '/test/faults', '/test/faults', raw);
        faults.set(parseBody(faultRulesSchema, raw).rules);
        return reply.send({ ok: true, rules: faults.rules() });
      });
      scope.put('/test/bonus', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const operator = authenticate(operators, request, '/test/bonus', '/test/bonus', raw);
        const { player, amount } = parseBody(bonusSchema, raw);
        return reply.send({ ok: true, balance: await wallet.bonus(operator, player, amount) });
      });
    }
  }

  return { plugin, handle };
}
