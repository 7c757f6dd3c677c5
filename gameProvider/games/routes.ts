/**
 * The table games' side of the vendor (baccarat tables, fishing and the e-sports arena, game 101): their pages' scripts and styles,
 * their play calls and the sweep that settles table rounds (and refunds interrupted shots) every
 * second, from start (so a restarted vendor settles what was due while it was down) to close.
 *
 * Play calls are POSTs under /play/api/<game>/<call> with the launch session's token in the
 * `x-play-session` header (the page takes it from the launch URL's fragment). Answers are
 * `{ ok: true, ... }` or `{ ok: false, code, message }`; SESSION means the token is unknown or expired.
 * GET /tables/<gameKey>/public is a baccarat table's public state (no session): what the site's live
 * area shows (the round, its times, cards turned over, the result and the last results).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VendorDb } from '../db/client';
import { VendorRefusal } from '../errors';
import type { Rounds } from '../rounds';
import type { PlayerSession, Sessions } from '../sessions';
import type { Wallet } from '../wallet';
import { tableGameArt } from './art';
import { BetRefusal, createBaccarat, type Baccarat } from './baccarat/service';
import { BACCARAT_TABLES, findTable } from './baccarat/tables';
import { asset, isAssetName } from './bundle';
import { createFishing, FISHING_GAMES, findFishingGame, ShotRefusal, type Fishing } from './fishing/service';
import { createEsport, type Esport } from './esport/service';
import { ESPORT_GAMES, findArena } from './esport/teams';

export interface TableGamesDeps {
  db: VendorDb;
  sessions: Sessions;
  rounds: Rounds;
  wallet: Wallet;
  now?: () => number;
}

export const SWEEP_EVERY_MS = 1_000;

/** What the table games' tests reach: the services and one sweep of both. */
export interface TableGames {
  baccarat: Baccarat;
  fishing: Fishing;
  esport: Esport;
  sweep(): Promise<number>;
}

export function createTableGames(deps: TableGamesDeps): TableGames {
  const baccarat = createBaccarat(deps);
  const fishing = createFishing(deps);
  const esport = createEsport(deps);
  return { baccarat, fishing, esport, sweep: async () => (await baccarat.sweep()) + (await fishing.sweep()) + (await esport.sweep()) };
}

class PlayRefusal extends Error {
  constructor(readonly code: string, readonly status: number, message: string) {
    super(message);
  }
}

function parseJson(raw: unknown): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(typeof raw === 'string' && raw !== '' ? raw : '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new PlayRefusal('BAD_REQUEST', 400, 'the body is not a JSON object');
}

/**
 * The page of a table game's launch (at <vendor>/play/<gameKey>): its script and style by relative
 * links, so it works mounted under a prefix or alone; the script reads the token from the fragment.
 */
export function tableGamePage(gameKey: string, lang: string): string | null {
  const kind = findTable(gameKey) ? 'baccarat' : findFishingGame(gameKey) ? 'fishing' : findArena(gameKey) ? 'esport' : null;
  if (!kind) return null;
  const name = (findTable(gameKey) ?? findFishingGame(gameKey) ?? findArena(gameKey))!.names;
  const title = name[lang === 'en' || lang === 'vi' ? lang : 'ko'];
  const escaped = title.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="${lang === 'en' || lang === 'vi' ? lang : 'ko'}"><head><meta charset="utf-8">`
    + '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">'
    + `<title>${escaped}</title><link rel="stylesheet" href="assets/${kind}.css">`
    + `<script src="assets/${kind}.js" defer></script></head><body><div id="app"></div></body></html>`;
}

/** The tables' sweep (deals due rounds, settles their bets): started by whoever decides where it runs. */
export interface TableSweeper {
  start(): Promise<void>;
  /** Stops it, waiting for a sweep in progress. */
  stop(): Promise<void>;
}

export function registerTableGames(scope: FastifyInstance, deps: TableGamesDeps, games: TableGames = createTableGames(deps)): TableSweeper {
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    sweeping ??= games.sweep().then(() => undefined, (error: unknown) => {
      scope.log.error({ err: error }, 'table games sweep failed');
    }).finally(() => { sweeping = null; });
    return sweeping;
  };
  const sweeper: TableSweeper = {
    async start() {
      if (timer) return;
      timer = setInterval(() => void tick(), SWEEP_EVERY_MS);
      timer.unref();
      await tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping;
    },
  };
  scope.addHook('onClose', () => sweeper.stop());

  async function seat(request: FastifyRequest, kind: 'baccarat' | 'fishing' | 'esport'): Promise<PlayerSession> {
    const token = request.headers['x-play-session'];
    const session = typeof token === 'string' ? await deps.sessions.resolve(token) : null;
    if (!session) throw new PlayRefusal('SESSION', 401, 'the game session is unknown or has ended');
    const ofKind = kind === 'baccarat' ? findTable(session.gameKey) : kind === 'fishing' ? findFishingGame(session.gameKey) : findArena(session.gameKey);
    if (!ofKind) throw new PlayRefusal('BAD_REQUEST', 400, 'this session is for another game');
    return session;
  }

  function fail(reply: FastifyReply, error: unknown): FastifyReply {
    if (error instanceof PlayRefusal) return reply.code(error.status).send({ ok: false, code: error.code, message: error.message });
    if (error instanceof BetRefusal || error instanceof ShotRefusal) return reply.code(409).send({ ok: false, code: error.code, message: error.message });
    if (error instanceof VendorRefusal) return reply.code(error.status).send({ ok: false, code: error.code, message: error.message });
    throw error;
  }

  const calls: Record<string, (request: FastifyRequest) => Promise<object>> = {
    'baccarat/state': async (request) => games.baccarat.state(await seat(request, 'baccarat')),
    'baccarat/bet': async (request) => {
      const session = await seat(request, 'baccarat');
      const { bets } = parseJson(request.body);
      if (!bets || typeof bets !== 'object' || Array.isArray(bets)) throw new BetRefusal('BAD_BET', 'bets are stakes by spot');
      return games.baccarat.bet(session, bets as Record<string, number>);
    },
    'esport/state': async (request) => games.esport.state(await seat(request, 'esport')),
    'esport/bet': async (request) => {
      const session = await seat(request, 'esport');
      const { picks, stake } = parseJson(request.body);
      return games.esport.bet(session, { picks, stake });
    },
    'fishing/state': async (request) => games.fishing.state(await seat(request, 'fishing')),
    'fishing/shoot': async (request) => {
      const session = await seat(request, 'fishing');
      const { waveNo, fishId, stake } = parseJson(request.body);
      return games.fishing.shoot(session, { waveNo, fishId, stake });
    },
    'fishing/seed': async (request) => {
      const session = await seat(request, 'fishing');
      const { clientSeed } = parseJson(request.body);
      if (clientSeed !== undefined && typeof clientSeed !== 'string') throw new PlayRefusal('BAD_REQUEST', 400, 'a client seed is text');
      return deps.rounds.rotateSeed(session, clientSeed);
    },
  };

  scope.post<{ Params: { game: string; call: string } }>('/play/api/:game/:call', async (request, reply) => {
    const call = calls[`${request.params.game}/${request.params.call}`];
    reply.header('cache-control', 'no-store');
    if (!call) return reply.code(404).send({ ok: false, code: 'BAD_REQUEST', message: 'no such call' });
    try {
      return reply.send({ ok: true, ...(await call(request)) });
    } catch (error) {
      return fail(reply, error);
    }
  });

  // A table's public state for the site's live area: no session, no player data, readable from any origin.
  scope.get<{ Params: { gameKey: string } }>('/tables/:gameKey/public', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
    try {
      return reply.send({ ok: true, ...(await games.baccarat.publicState(request.params.gameKey)) });
    } catch (error) {
      return fail(reply, error);
    }
  });

  // Each game's launch page and art: static paths of their own, so they never meet another module's routes.
  for (const { gameKey } of [...BACCARAT_TABLES, ...FISHING_GAMES, ...ESPORT_GAMES]) {
    scope.get<{ Querystring: { lang?: string } }>(`/play/${gameKey}`, async (request, reply) => {
      const page = tableGamePage(gameKey, String(request.query.lang ?? 'ko'));
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    });
    scope.get(`/art/${gameKey}.svg`, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(tableGameArt(gameKey)));
  }

  scope.get<{ Params: { file: string } }>('/play/assets/:file', async (request, reply) => {
    const { file } = request.params;
    if (!isAssetName(file)) return reply.code(404).send({ ok: false, code: 'BAD_REQUEST', message: 'no such file' });
    const built = await asset(file);
    reply.header('cache-control', 'no-cache').header('etag', built.etag).type(built.type);
    if (request.headers['if-none-match'] === built.etag) return reply.code(304).send();
    return reply.send(built.body);
  });

  return sweeper;
}

