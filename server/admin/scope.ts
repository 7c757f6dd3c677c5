/**
 * The operator API's scope: plain JSON under /admin/api, bodies checked with the contract/ schemas.
 * A caller is a console session (the CONSOLE_COOKIE of server/console/routes.ts), checked against its
 * operator's role, or the automation token (`Authorization: Bearer <ADMIN_TOKEN>`), checked against its
 * scopes (ADMIN_TOKEN_SCOPES), both by contract/console.ts OPERATOR_CALLS; a call missing there stops the
 * server at start. A refused role answers 403 OP004 and writes an audit row. A call that four-eyes
 * catches (server/console/approvals.ts) answers 202 OP010 with the approval and does not run; once
 * approved it runs here as the maker's call, authenticated by this process's execution key.
 * Refusals are HTTP 4xx with {resultCode, resultMessage}: 401 TK001 no token, 401 OP003 no live console
 * session, 400 bad input, 404 unknown member or request, 409 a step the status rules refuse.
 * Every answer, refusals included, is `Cache-Control: no-store`.
 * Each area adds its routes as an AdminRouteModule.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ResultCode } from '../../contract/codes';
import { resultMessage } from '../../contract/resultMessages';
import { MAX_BODY_BYTES } from '../../contract/constants';
import { CONSOLE_COOKIE, OPERATOR_CALLS, type OperatorCall, type OperatorRole, roleMayCall } from '../../contract/console';
import { cookieValue } from '../../contract/cookies';
import type { Db } from '../db/client';
import { isFailure } from '../failure';
import type { Approvals } from '../console/approvals';
import type { ConsoleSession, Operators } from '../console/operators';
import type { Audit, OperatorContext } from './audit';
import { isOperator } from './auth';

const STATUS_BY_CODE: Partial<Record<ResultCode, number>> = {
  TK001: 401, U000: 404, R404: 404, BD006: 404, C501: 409, C502: 409, C503: 409, P003: 409, C009: 409, PL006: 409,
  OP001: 401, OP002: 429, OP003: 401, OP004: 403, OP005: 403, OP006: 409, OP007: 404, OP008: 409, OP009: 403, OP010: 202,
  // The game vendor failed to answer an operator call that needs it.
  '9999': 424,
};

class BadInput extends Error {}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new BadInput(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

export function refuse(reply: FastifyReply, code: ResultCode, message = resultMessage(code)) {
  return reply.code(STATUS_BY_CODE[code] ?? 400).send({ resultCode: code, resultMessage: message });
}

/** The answers every operator scope shares: body limit, no-store, refusals as {resultCode, resultMessage}. */
export function operatorAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => { route.bodyLimit ??= MAX_BODY_BYTES; });
  // Operator answers carry member data: no browser or proxy keeps a copy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BadInput) return refuse(reply, 'R003', `${resultMessage('R003')} (${error.message})`);
    if (isFailure(error)) return refuse(reply, error.code, error.message);
    if (typeof error.statusCode === 'number' && error.statusCode < 500) return refuse(reply, 'R003');
    request.log.error({ err: error }, 'operator call failed');
    return reply.code(500).send({ resultCode: 'R500', resultMessage: resultMessage('R500') });
  });
}

/** What another area's operator routes get: the scope's input parsing and the operator of a request. */
export interface AdminRouteTools {
  parse: typeof parse;
  operator(request: FastifyRequest): OperatorContext;
}

/** Operator routes of an area (sign-ups and the site, the wallet), registered inside this scope: same checks and error answers. */
export type AdminRouteModule = (app: FastifyInstance, tools: AdminRouteTools) => void;

/** The headers an approved call runs with (inside this process only). */
export const APPROVAL_ID_HEADER = 'x-approval-id';
const APPROVAL_KEY_HEADER = 'x-approval-key';

export interface OperatorAccess {
  db: Db;
  audit: Audit;
  operators: Operators;
  approvals: Approvals;
  adminToken: string;
  /** The roles whose calls the bearer token may make. */
  tokenScopes: readonly OperatorRole[];
  /** Whether the token's calls wait for a second operator too (the default; off only outside production, for tests). */
  tokenFourEyes: boolean;
  /** This process's key for running approved calls (random per start). */
  executionKey: string;
}

export function newExecutionKey(): string {
  return randomBytes(32).toString('hex');
}

function sameKey(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string' || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
}

/** The console session of a request's cookie, or null (no cookie, or no live session for it). */
export async function consoleSessionOf(operators: Operators, request: FastifyRequest): Promise<ConsoleSession | null> {
  const token = cookieValue(request.headers.cookie ?? '', CONSOLE_COOKIE);
  return token ? operators.session(token) : null;
}

export function contextOf(request: FastifyRequest, actor: string, role: string, approvalId: number | null = null): OperatorContext {
  return { actor, role, ip: request.ip, requestId: requestIdOf(request), approvalId };
}

const requestIds = new WeakMap<FastifyRequest, string>();
function requestIdOf(request: FastifyRequest): string {
  let id = requestIds.get(request);
  if (!id) {
    id = randomUUID();
    requestIds.set(request, id);
  }
  return id;
}

/** Who calls, once the onRequest check passed. */
interface Caller {
  ctx: OperatorContext;
  /** Whether `call` is allowed: by the operator's role, or by one of the token's scopes. */
  may(call: string): boolean;
}

export function adminScope(access: OperatorAccess, modules: AdminRouteModule[]) {
  const { db, audit, operators, approvals, adminToken, tokenScopes, tokenFourEyes, executionKey } = access;
  return async function register(app: FastifyInstance): Promise<void> {
    operatorAnswers(app);
    /** `METHOD /path` of each route as registered under the prefix -> its OPERATOR_CALLS name. */
    const callOfRoute = new Map<string, OperatorCall>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const call = `${method === 'HEAD' ? 'GET' : method} ${route.routePath}`;
        if (!Object.hasOwn(OPERATOR_CALLS, call)) throw new Error(`operator route ${call} has no roles in contract/console.ts OPERATOR_CALLS`);
        callOfRoute.set(`${method} ${route.url}`, call as OperatorCall);
      }
    });
    const callers = new WeakMap<FastifyRequest, Caller>();
    const callOf = (request: FastifyRequest) => callOfRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);

    async function identify(request: FastifyRequest): Promise<Caller | ResultCode> {
      const approvalId = request.headers[APPROVAL_ID_HEADER];
      if (approvalId !== undefined) {
        if (!sameKey(request.headers[APPROVAL_KEY_HEADER], executionKey)) return 'TK001';
        const id = Number(approvalId);
        if (!Number.isSafeInteger(id) || id <= 0) return 'OP007';
        const approval = await approvals.get(id);
        return { ctx: contextOf(request, approval.makerId, approval.makerRole, approval.id), may: () => true };
      }
      if (cookieValue(request.headers.cookie ?? '', CONSOLE_COOKIE) !== null) {
        const session = await consoleSessionOf(operators, request);
        if (!session) return 'OP003';
        if (session.mustEnrol) return 'OP005';
        const { role, operatorId } = session.operator;
        return { ctx: contextOf(request, operatorId, role), may: (call) => roleMayCall(role, call) };
      }
      if (isOperator(request.headers.authorization, adminToken)) {
        return { ctx: contextOf(request, 'token', 'token'), may: (call) => tokenScopes.some((scope) => roleMayCall(scope, call)) };
      }
      return 'TK001';
    }

    app.addHook('onRequest', async (request, reply) => {
      const caller = await identify(request);
      if (typeof caller === 'string') return refuse(reply, caller, caller === 'TK001' ? 'operator token required' : resultMessage(caller));
      const call = callOf(request);
      if (call !== undefined && !caller.may(call)) {
        await audit.write(db, caller.ctx, { action: 'refused', target: call, detail: { method: request.method, url: request.url } });
        return refuse(reply, 'OP004');
      }
      callers.set(request, caller);
      reply.header('x-request-id', caller.ctx.requestId);
    });

    // Four-eyes: a call a rule catches waits for a second operator instead of running.
    app.addHook('preHandler', async (request, reply) => {
      const call = callOf(request);
      const caller = callers.get(request);
      if (call === undefined || caller === undefined || request.method === 'GET') return;
      if (caller.ctx.role === 'token' && caller.ctx.approvalId == null && !tokenFourEyes) return;
      const params = { ...(request.params as Record<string, string> | undefined) };
      const approval = await approvals.gate(caller.ctx, { call, params, body: request.body ?? null });
      if (approval) return reply.code(202).send({ resultCode: 'OP010', resultMessage: resultMessage('OP010'), approval });
    });

    const operator = (request: FastifyRequest): OperatorContext => {
      const caller = callers.get(request);
      if (!caller) throw new Error('operator call without a checked caller');
      return caller.ctx;
    };
    for (const registerModule of modules) registerModule(app, { parse, operator });
  };
}

/** Runs an approved call through the operator API (as the maker's, with the checker's address). */
export function approvedCallRunner(app: FastifyInstance, prefix: string, executionKey: string) {
  return async (approval: { id: number; payload: { call: OperatorCall; params: Record<string, string>; body: unknown } }, ip: string) => {
    const [method, path] = approval.payload.call.split(' ') as [string, string];
    const url = prefix + path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(approval.payload.params[name] ?? ''));
    const response = await app.inject({
      method: method as 'POST', url, remoteAddress: ip,
      headers: { [APPROVAL_ID_HEADER]: String(approval.id), [APPROVAL_KEY_HEADER]: executionKey },
      ...(approval.payload.body === null ? {} : { payload: approval.payload.body as object }),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = null;
    }
    return { status: response.statusCode, body };
  };
}
