/**
 * The feed's signed API (contract/oddsFeed.ts): every call is a POST under /api/v1 with the operator's HMAC
 * signature (contract/gameProviderSigning.ts, FEED_HEADERS) over `${timestamp}\n${path}\n${body}`, path being
 * the call's full path under the feed ('/api/v1/messages'). Bad input answers BAD_REQUEST; refusals answer
 * their code; nothing answers a bare 500.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FEED_API_PREFIX, FEED_CLOCK_SKEW_MS, FEED_HEADERS, FEED_MAX_LIMIT, FEED_MAX_WAIT_MS, type FeedCalls, type FeedMessage, type FeedPath,
} from '../contract/oddsFeed';
import { signatureMatches } from '../contract/gameProviderSigning';
import type { League } from './catalogue';
import type { Engine } from './engine';
import { FeedRefusal } from './errors';
import { faultsSchema, type Faults } from './faults';
import type { FeedLog } from './log';
import { settingsSchema, type SettingsStore } from './settings';

const fixtureId = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/);
const count = z.number().int().min(0).max(999);
const pair = z.object({ home: count, away: count }).strict();

function bodies(leagues: readonly League[]): { [P in FeedPath]: z.ZodType<FeedCalls[P]['body']> } {
  return {
    '/snapshot': z.object({}).strict() as z.ZodType<Record<string, never>>,
    '/messages': z.object({
      after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      limit: z.number().int().min(1).max(FEED_MAX_LIMIT).optional(),
      waitMs: z.number().int().min(0).max(FEED_MAX_WAIT_MS).optional(),
    }).strict(),
    '/fixture': z.object({ fixtureId }).strict(),
    '/settings': settingsSchema(leagues) as z.ZodType<FeedCalls['/settings']['body']>,
    '/admin/correct': z.object({ fixtureId, score: z.object({ home: count, away: count, periods: z.array(pair).max(40) }).strict() }).strict(),
    '/admin/cancel': z.object({ fixtureId, status: z.enum(['cancelled', 'postponed']) }).strict(),
    '/test/faults': faultsSchema,
  };
}

export interface ApiDeps {
  operators: ReadonlyMap<string, string>;
  log: FeedLog;
  engine: Engine;
  settings: SettingsStore;
  leagues: readonly League[];
  faults: Faults | null;
}

export function refuse(reply: FastifyReply, refusal: FeedRefusal): FastifyReply {
  return reply.code(refusal.status).send({ ok: false, code: refusal.code, message: refusal.message });
}

/** The signature check: the signature before the clock, so an unsigned caller learns nothing. Answers the operator. */
export function checkSignature(operators: ReadonlyMap<string, string>, operator: string, timestamp: string, signature: string, path: string, body: string): string {
  const secret = operators.get(operator);
  if (!secret || !/^\d{1,15}$/.test(timestamp) || !signatureMatches(secret, timestamp, path, body, signature)) {
    throw new FeedRefusal('SIGNATURE', 'unknown operator or bad signature');
  }
  // The signature's freshness is the transport's: real time, whatever the feed's (test) clock says.
  if (Math.abs(Date.now() - Number(timestamp)) > FEED_CLOCK_SKEW_MS) throw new FeedRefusal('CLOCK_SKEW', 'timestamp outside the window');
  return operator;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/** Parses a JSON body against a schema; anything else is BAD_REQUEST. */
export function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' && raw !== '' ? raw : '{}');
  } catch {
    throw new FeedRefusal('BAD_REQUEST', 'the body is not JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedRefusal('BAD_REQUEST', `bad ${issue?.path.join('.') || 'body'}`);
  }
  return parsed.data;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cursor a consumer resumes from after a served batch: the highest seq it was given. */
export const servedCursor = (after: number, served: FeedMessage[]) => served.reduce((max, m) => Math.max(max, m.seq), after);

export function registerApi(scope: FastifyInstance, deps: ApiDeps): void {
  const schemas = bodies(deps.leagues);

  function route<P extends FeedPath>(path: P, handler: (body: FeedCalls[P]['body'], request: FastifyRequest, reply: FastifyReply) => Promise<FeedCalls[P]['answer']>): void {
    const fullPath = `${FEED_API_PREFIX}${path}`;
    scope.post(fullPath, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      checkSignature(deps.operators, header(request, FEED_HEADERS.operator), header(request, FEED_HEADERS.timestamp), header(request, FEED_HEADERS.signature), fullPath, raw);
      const answer = await handler(parseBody(schemas[path], raw), request, reply);
      return reply.send({ ok: true, ...answer });
    });
  }

  const { log, engine, settings, faults } = deps;

  route('/snapshot', () => log.snapshot());

  route('/messages', async (body, _request, reply) => {
    const limit = body.limit ?? FEED_MAX_LIMIT;
    let page = await log.after(body.after, limit);
    if (page.messages.length === 0 && (body.waitMs ?? 0) > 0) {
      // A long poll: wait for the next message, or the caller to hang up, or the time to run out.
      const gone = new AbortController();
      const onClose = () => gone.abort();
      reply.raw.once('close', onClose);
      await log.waitFor(body.after, body.waitMs!, gone.signal);
      reply.raw.off('close', onClose);
      page = await log.after(body.after, limit);
    }
    if (!faults) return page;
    const { delayMs } = faults.current();
    if (delayMs > 0) await sleep(delayMs);
    const messages = faults.apply(page.messages);
    return { cursor: servedCursor(body.after, messages), messages };
  });

  route('/fixture', async (body) => {
    const state = await log.fixture(body.fixtureId);
    if (!state) throw new FeedRefusal('UNKNOWN_FIXTURE', `no fixture ${body.fixtureId}`);
    return state;
  });

  route('/settings', async (body) => {
    const empty = body.marginsBp === undefined && body.liveMarginBp === undefined && body.speed === undefined;
    return { settings: (empty ? await settings.read() : await settings.change(body)).settings };
  });

  route('/admin/correct', async (body) => ({ result: await engine.correct(body) }));
  route('/admin/cancel', async (body) => ({ result: await engine.cancel(body) }));

  if (faults) route('/test/faults', async (body) => ({ faults: faults.set(body) }));
}
