/**
 * The envelope layer for /api: every call is a POST whose JSON body {data} is a sealed payload, and
 * every answer — success or refusal — is HTTP 200 with a sealed {resultCode, resultMessage, data}, so
 * the client can always read the code. Checks run in this order: site authorization header, body
 * shape, envelope, site id inside the envelope, payload schema, session (member calls), then the call.
 */
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ApiAnswer, RESULT_OK, type ResultCode } from '../../contract/codes';
import { resultMessage } from '../../contract/resultMessages';
import type { Call } from '../../contract/calls';
import { DEFAULT_LOCALE, HEADER_LOCALE, HEADER_SESSION_TOKEN, type Locale, LOCALES, MAX_BODY_BYTES, siteAuthorization } from '../../contract/constants';
import { open, seal } from './envelope';
import type { Db } from '../db/client';
import { Failure, isFailure } from '../failure';
import { type PartnerScope, partnerScope } from '../partner/scope';
import { createSessionLookup, type GameSnapshot } from '../session/queries';
import { type LiveSession, sessionSeen, USER_AGENT_MAX } from '../session/service';
import type { Clock } from '../clock';
import { forbiddenCharacterAt } from './input';
import { callPaths } from '../../contract/callPaths';
import { BREAK_ALLOWED_CALLS, BREAK_REFUSAL } from '../../contract/protection';
import { refusedMember } from '../protection/count';

/** The paths a member in a break may still call (contract/protection.ts BREAK_ALLOWED_CALLS). */
const BREAK_ALLOWED_PATHS: ReadonlySet<string> = new Set(BREAK_ALLOWED_CALLS.map((name) => callPaths[name].path));

/** Member protection at the router: a member in a break reaches only BREAK_ALLOWED_CALLS; refusals are counted for the operator's report. */
export interface ProtectionGate {
  /** Business time, which breaks are set in. */
  clock: Clock;
  hit(memberId: number, code: string, path: string): Promise<void>;
}

export interface GuestContext {
  ip: string;
  log: FastifyBaseLogger;
  /** The member's language, from the HEADER_LOCALE header the client sends on every call. */
  locale: Locale;
  /** The browser's User-Agent header (kept with a new session for the operator's session list). */
  userAgent?: string;
}

export interface MemberContext extends GuestContext {
  session: LiveSession;
  /** The member's cash (KRW) balance, read with the session in the same statement (the balance call answers it). */
  cashAmt: number;
  /** The member's game money and open game, read in the same statement (the balance call answers them). */
  game: GameSnapshot;
}

export interface PartnerContext extends MemberContext {
  /** The partner and their own lower members: the only members a partner call may reach. */
  partner: PartnerScope;
}

/** What the router resolves for a member call before its handler runs. */
type Signed = Pick<MemberContext, 'session' | 'cashAmt' | 'game'>;

type Handler<P extends z.ZodType, A, C> = (payload: z.output<P>, ctx: C) => Promise<A>;

export interface ApiRouter {
  /** Registers a call open to guests (call.member must be false). */
  guest<P extends z.ZodType, A>(call: Call<P, A>, handler: Handler<P, A, GuestContext>): void;
  /** Registers a call that needs a live session (call.member must be true). */
  member<P extends z.ZodType, A>(call: Call<P, A>, handler: Handler<P, A, MemberContext>): void;
  /** Registers a member call open to partners only (call.member must be true): others answer PT001. */
  partner<P extends z.ZodType, A>(call: Call<P, A>, handler: Handler<P, A, PartnerContext>): void;
  /** Registers a guest GET call (SPEC §7 GET /api/coin): query parameters checked by `query`, answer sealed. */
  guestGet<Q extends z.ZodType, A>(path: string, query: Q, handler: Handler<Q, A, GuestContext>): void;
}

export function sealAnswer(answer: ApiAnswer, siteId: string): { data: string } {
  return { data: seal(answer, siteId) };
}

export function refusal<T = null>(code: ResultCode, message: string = resultMessage(code), data: T | null = null): ApiAnswer<T> {
  return { resultCode: code, resultMessage: message, data };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
  return `${resultMessage('R003')} (${field})`;
}

function openBody(request: FastifyRequest, siteId: string): { ok: true; payload: unknown } | { ok: false; answer: ApiAnswer<null> } {
  if (request.headers.authorization !== siteAuthorization(siteId)) return { ok: false, answer: refusal('R002') };
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType) || typeof request.body !== 'string') {
    return { ok: false, answer: refusal('R001') };
  }
  let wire: unknown;
  try {
    wire = JSON.parse(request.body);
  } catch {
    return { ok: false, answer: refusal('R001') };
  }
  const cipher = wire !== null && typeof wire === 'object' ? (wire as { data?: unknown }).data : undefined;
  const opened = open(cipher);
  if (!opened.ok) return { ok: false, answer: refusal('R001') };
  if (opened.siteId !== siteId) return { ok: false, answer: refusal('R002') };
  return { ok: true, payload: opened.payload };
}

/** A call whose path has `:name` segments (contract fillPath) takes those values over the body's. */
function withPathValues(payload: unknown, params: unknown): unknown {
  const values = params !== null && typeof params === 'object' ? params as Record<string, string> : {};
  if (Object.keys(values).length === 0 || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  return { ...payload, ...values };
}

function localeOf(request: FastifyRequest): Locale {
  const value = request.headers[HEADER_LOCALE];
  return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}

function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER_SESSION_TOKEN];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sets up the /api scope on `app` (an encapsulated plugin instance): a raw body parser bounded by
 * MAX_BODY_BYTES and an error handler that answers framework errors with sealed codes.
 */
export function createApiRouter(app: FastifyInstance, deps: { db: Db; clock: Clock; siteId: string; protection?: ProtectionGate }): ApiRouter {
  const { db, clock, siteId, protection } = deps;
  const lookupSession = createSessionLookup(db, clock);
  const seen = sessionSeen(db);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    if (!clientError) request.log.error({ err: error }, 'api call failed');
    return sendAnswer(reply, refusal(clientError ? 'R001' : 'R500'));
  });

  function sendAnswer(reply: FastifyReply, answer: ApiAnswer) {
    return reply.code(200).header('cache-control', 'no-store').send(sealAnswer(answer, siteId));
  }

  async function settle<A>(request: FastifyRequest, path: string, work: () => Promise<A>): Promise<ApiAnswer> {
    try {
      const data = await work();
      return { resultCode: RESULT_OK, resultMessage: 'OK', data: data ?? null };
    } catch (error) {
      if (isFailure(error)) return refusal(error.code, error.message, error.data);
      request.log.error({ err: error, path }, 'api call failed');
      return refusal('R500');
    }
  }

  async function answer<P extends z.ZodType, A>(
    request: FastifyRequest,
    call: Call<P, A>,
    run: (payload: z.output<P>, ctx: GuestContext, signed: Signed | null) => Promise<A>,
  ): Promise<ApiAnswer> {
    const opened = openBody(request, siteId);
    if (!opened.ok) return opened.answer;
    const parsed = call.payload.safeParse(withPathValues(opened.payload ?? {}, request.params));
    if (!parsed.success) return refusal('R003', firstIssue(parsed.error));
    const badField = forbiddenCharacterAt(parsed.data, [], call.multiline);
    if (badField !== null) return refusal('R003', `${resultMessage('R003')} (${badField})`);
    return settle(request, call.path, async () => {
      let signed: Signed | null = null;
      if (call.member) {
        const resolved = await lookupSession(sessionToken(request));
        if (resolved.kind === 'replaced') throw new Failure('TK999');
        if (resolved.kind === 'none') throw new Failure('TK001');
        signed = { session: resolved.session, cashAmt: resolved.cashAmt, game: resolved.game };
        await seen(resolved.session.sessionId);
        const breakEnds = resolved.breakEnds;
        if (protection && breakEnds && breakEnds.getTime() > protection.clock.now().getTime() && !BREAK_ALLOWED_PATHS.has(call.path)) {
          throw new Failure(BREAK_REFUSAL, undefined, { endsAt: breakEnds.toISOString() });
        }
      }
      try {
        return await run(parsed.data, contextOf(request), signed);
      } catch (error) {
        // The report names the member whose limit or break refused the call (a partner's give: the member given to).
        const refused = protection && signed ? refusedMember(error, signed.session.memberId) : null;
        if (protection && refused !== null && isFailure(error)) {
          await protection.hit(refused, error.code, call.path).catch((e: unknown) => request.log.warn({ err: e }, 'protection hit not recorded'));
        }
        throw error;
      }
    });
  }

  function contextOf(request: FastifyRequest): GuestContext {
    const agent = request.headers['user-agent'];
    return { ip: request.ip, log: request.log, locale: localeOf(request), userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : '' };
  }

  function register<P extends z.ZodType, A>(
    call: Call<P, A>,
    run: (payload: z.output<P>, ctx: GuestContext, signed: Signed | null) => Promise<A>,
  ): void {
    app.post(call.path, async (request, reply) => sendAnswer(reply, await answer(request, call, run)));
  }

  return {
    guest(call, handler) {
      if (call.member) throw new Error(`${call.path} needs a session; register it with member()`);
      register(call, (payload, ctx) => handler(payload, ctx));
    },
    guestGet(path, query, handler) {
      app.get(path, async (request, reply) => {
        if (request.headers.authorization !== siteAuthorization(siteId)) return sendAnswer(reply, refusal('R002'));
        const parsed = query.safeParse(request.query ?? {});
        if (!parsed.success) return sendAnswer(reply, refusal('R003', firstIssue(parsed.error)));
        return sendAnswer(reply, await settle(request, path, () => handler(parsed.data, contextOf(request))));
      });
    },
    member(call, handler) {
      if (!call.member) throw new Error(`${call.path} is open to guests; register it with guest()`);
      register(call, (payload, ctx, signed) => {
        if (!signed) throw new Failure('TK001');
        return handler(payload, { ...ctx, ...signed });
      });
    },
    partner(call, handler) {
      if (!call.member) throw new Error(`${call.path} is open to guests; a partner call needs a session`);
      register(call, async (payload, ctx, signed) => {
        if (!signed) throw new Failure('TK001');
        return handler(payload, { ...ctx, ...signed, partner: await partnerScope(db, signed.session.memberId) });
      });
    },
  };
}
