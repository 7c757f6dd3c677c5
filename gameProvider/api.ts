/**
 * The signed operator API (contract/gameProvider.ts): every call is a POST under /api/v1 with the operator's
 * HMAC signature over `${timestamp}\n${path}\n${body}`, where path is the call's path as VendorCalls
 * names it ('/transfers/in'); the full request path under the vendor ('/api/v1/transfers/in') is
 * accepted too. Bad input answers BAD_REQUEST; refusals answer their code; nothing answers a bare 500.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { catalogue, findGame } from './catalogue';
import { VendorRefusal } from './errors';
import type { Faults } from './faults';
import {
  TRANSFER_ID_PATTERN, VENDOR_API_PREFIX, VENDOR_CLOCK_SKEW_MS, VENDOR_HEADERS, VENDOR_MAX_TRANSFER,
  type VendorCalls, type VendorLaunch, type VendorPath, type VendorSession,
} from '../contract/gameProvider';
import { signatureMatches } from '../contract/gameProviderSigning';
import type { Rounds } from './rounds';
import type { Sessions } from './sessions';
import type { Wallet } from './wallet';

const player = z.string().regex(/^[\x21-\x7e]{1,64}$/);
const transferId = z.string().regex(TRANSFER_ID_PATTERN);
const amount = z.number().int().min(1).max(VENDOR_MAX_TRANSFER);
const cursor = z.union([z.null(), z.string().regex(/^\d{1,15}$/)]);
const launch = { gameKey: z.string().min(1).max(100), lang: z.enum(['ko', 'en', 'vi']) };
const feedBody = z.object({ after: cursor, limit: z.number().int().min(1).max(500) }).strict();

const BODIES: { [P in VendorPath]: z.ZodType<VendorCalls[P]['body']> } = {
  '/games': z.object({}).strict() as z.ZodType<Record<string, never>>,
  '/launch': z.object({ player, ...launch }).strict(),
  '/transfers/in': z.object({ transferId, player, amount, launch: z.object(launch).strict().optional() }).strict(),
  '/transfers/out': z.object({ transferId, player, amount }).strict(),
  '/transfers/out-all': z.object({ transferId, player }).strict(),
  '/transfers/lookup': z.object({ transferId }).strict(),
  '/players/balance': z.object({ player }).strict(),
  '/rounds/feed': feedBody,
  '/rounds/proof': z.object({ roundId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict(),
  '/transfers/feed': feedBody,
};

export interface ApiDeps {
  operators: ReadonlyMap<string, string>;
  wallet: Wallet;
  rounds: Rounds;
  sessions: Sessions;
  faults: Faults | null;
  /** The vendor's address for players' browsers (launch URLs), from the call that asks. */
  publicBase(request: FastifyRequest): string;
}

type Handler<P extends VendorPath> = (operator: string, body: VendorCalls[P]['body'], request: FastifyRequest) => Promise<VendorCalls[P]['answer']>;

export function refuse(reply: FastifyReply, refusal: VendorRefusal): FastifyReply {
  return reply.code(refusal.status).send({ ok: false, code: refusal.code, message: refusal.message });
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Checks the signature of a call (signed path `signedPath`, or the full path under the vendor); answers
 * the operator. The signature is checked before the clock so an unsigned caller learns nothing.
 */
export function authenticate(operators: ReadonlyMap<string, string>, request: FastifyRequest, signedPath: string, fullPath: string, body: string): string {
  const operator = header(request, VENDOR_HEADERS.operator);
  const timestamp = header(request, VENDOR_HEADERS.timestamp);
  const signature = header(request, VENDOR_HEADERS.signature);
  const secret = operators.get(operator);
  if (!secret || !/^\d{1,15}$/.test(timestamp)
    || !(signatureMatches(secret, timestamp, signedPath, body, signature) || signatureMatches(secret, timestamp, fullPath, body, signature))) {
    throw new VendorRefusal('SIGNATURE', 'unknown operator or bad signature');
  }
  if (Math.abs(Date.now() - Number(timestamp)) > VENDOR_CLOCK_SKEW_MS) throw new VendorRefusal('CLOCK_SKEW', 'timestamp outside the window');
  return operator;
}

/** Parses a JSON body against a schema; anything else is BAD_REQUEST. */
export function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' && raw !== '' ? raw : '{}');
  } catch {
    throw new VendorRefusal('BAD_REQUEST', 'the body is not JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VendorRefusal('BAD_REQUEST', `bad ${issue?.path.join('.') || 'body'}`);
  }
  return parsed.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerApi(scope: FastifyInstance, deps: ApiDeps): void {
  function route<P extends VendorPath>(path: P, handler: Handler<P>): void {
    const fullPath = `${VENDOR_API_PREFIX}${path}`;
    scope.post(fullPath, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const operator = authenticate(deps.operators, request, path, fullPath, raw);
      const body = parseBody(BODIES[path], raw);
      const fault = deps.faults?.pick(path) ?? null;
      if (fault?.mode === 'fail') throw new VendorRefusal('UNAVAILABLE', 'refused by the fault switch');
      if (fault?.mode === 'delay') await sleep(fault.delayMs ?? 1000);
      const answer = await handler(operator, body, request);
      if (fault?.mode === 'drop') {
        // Applied, never answered: the caller sees its connection close.
        reply.hijack();
        request.raw.socket?.destroy();
        reply.raw.destroy();
        return reply;
      }
      return reply.send({ ok: true, ...answer });
    });
  }

  const { wallet, rounds, sessions } = deps;
  const cursorOf = (after: string | null) => (after === null ? null : Number(after));

  /** A game session for the player, or null when the game is unknown or off. */
  async function openSession(operator: string, player: string, { gameKey, lang }: VendorLaunch, request: FastifyRequest): Promise<VendorSession | null> {
    const game = findGame(gameKey);
    if (!game || !game.enabled) return null;
    const session = await sessions.create({ operator, player, gameKey: game.gameKey, lang });
    const url = `${deps.publicBase(request)}/play/${encodeURIComponent(game.gameKey)}?lang=${lang}#s=${session.token}`;
    return { url, sessionId: session.sessionId, expiresAt: session.expiresAt.toISOString() };
  }

  route('/games', async () => ({ games: catalogue() }));
  route('/launch', async (operator, { player, ...wanted }, request) => {
    const session = await openSession(operator, player, wanted, request);
    if (!session) throw new VendorRefusal('UNKNOWN_GAME', `no game ${wanted.gameKey}`);
    return session;
  });
  route('/transfers/in', async (operator, { launch: wanted, ...b }, request) => {
    const transfer = await wallet.transfer({ operator, kind: 'in', ...b });
    const session = wanted ? await openSession(operator, b.player, wanted, request) : null;
    return session ? { transfer, session } : { transfer };
  });
  route('/transfers/out', (operator, b) => wallet.transfer({ operator, kind: 'out', ...b }).then((transfer) => ({ transfer })));
  route('/transfers/out-all', (operator, b) => wallet.transfer({ operator, kind: 'out-all', ...b }).then((transfer) => ({ transfer })));
  route('/transfers/lookup', (operator, b) => wallet.lookup(operator, b.transferId).then((transfer) => ({ transfer })));
  route('/players/balance', (operator, b) => wallet.balance(operator, b.player));
  route('/rounds/feed', (operator, b) => rounds.feed(operator, cursorOf(b.after), b.limit));
  route('/rounds/proof', (operator, b) => rounds.proof(operator, b.roundId).then((proof) => ({ proof })));
  route('/transfers/feed', (operator, b) => wallet.transfersFeed(operator, cursorOf(b.after), b.limit));
}
