/**
 * The console's own calls under /admin/api/console (contract/console.ts CONSOLE_CALLS): sign-in and the
 * session cookie, TOTP enrolment, the operator's password, operators (owner: create, disable, enable, role), approvals, four-eyes
 * settings and the audit trail (owner). Only the console cookie is accepted here, never the bearer token.
 * A session signed in before TOTP was enrolled may only enrol (me, totp, password, sign-out); others OP005.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  approvalIdParam, approvalRejectBody, approvalsQuery, approveBody, auditQuery, CONSOLE_ABSOLUTE_MS, CONSOLE_CALLS, CONSOLE_COOKIE,
  fourEyesSettingsBody, operatorCreateBody, operatorIdParam, operatorRoleBody, passwordChangeBody, signInBody, totpConfirmBody,
} from '../../contract/console';
import { resultMessage } from '../../contract/resultMessages';
import type { Db } from '../db/client';
import type { Audit, OperatorContext } from '../admin/audit';
import { consoleSessionOf, contextOf, operatorAnswers, parse, refuse, type approvedCallRunner } from '../admin/scope';
import type { Approvals } from './approvals';
import { auditPage, verifyAuditChain } from './auditTrail';
import { consoleMe, type ConsoleSession, type Operators } from './operators';

export interface ConsoleRoutesDeps {
  db: Db;
  audit: Audit;
  operators: Operators;
  approvals: Approvals;
  /** Runs an approved call through the operator API. */
  runApproved: ReturnType<typeof approvedCallRunner>;
  /** Adds `Secure` to the cookie (BEHIND_HTTPS=1). */
  secureCookie: boolean;
}

/** Calls a session that has not enrolled TOTP may make. */
const ENROLMENT_CALLS = new Set<keyof typeof CONSOLE_CALLS>(['me', 'totpStart', 'totpConfirm', 'password', 'signOut']);

export function consoleRoutes({ db, audit, operators, approvals, runApproved, secureCookie }: ConsoleRoutesDeps) {
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${CONSOLE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secureCookie ? '; Secure' : ''}`;

  return async function register(app: FastifyInstance): Promise<void> {
    operatorAnswers(app);
    const sessions = new WeakMap<FastifyRequest, ConsoleSession>();
    const nameOf = new Map<string, keyof typeof CONSOLE_CALLS>(
      Object.entries(CONSOLE_CALLS).map(([name, { method, path }]) => [`${method} /admin/api${path}`, name as keyof typeof CONSOLE_CALLS]),
    );

    app.addHook('onRequest', async (request, reply) => {
      const name = nameOf.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`);
      if (name === 'signIn') return;
      const session = await consoleSessionOf(operators, request);
      if (!session) return refuse(reply, 'OP003');
      if (name === undefined) return refuse(reply, 'R404');
      if (session.mustEnrol && !ENROLMENT_CALLS.has(name)) return refuse(reply, 'OP005');
      if (CONSOLE_CALLS[name].owner && session.operator.role !== 'owner') {
        await audit.write(db, ctxOf(request, session), { action: 'refused', target: `${CONSOLE_CALLS[name].method} ${CONSOLE_CALLS[name].path}` });
        return refuse(reply, 'OP004');
      }
      sessions.set(request, session);
    });

    const ctxOf = (request: FastifyRequest, session: ConsoleSession): OperatorContext => contextOf(request, session.operator.operatorId, session.operator.role);
    const sessionOf = (request: FastifyRequest) => sessions.get(request)!;
    const checker = (request: FastifyRequest) => {
      const session = sessionOf(request);
      return { ...ctxOf(request, session), role: session.operator.role };
    };

    app.post('/sign-in', async (request, reply: FastifyReply) => {
      const { token, session } = await operators.signIn(parse(signInBody, request.body), request.ip, contextOf(request, '', '').requestId ?? '');
      reply.header('set-cookie', cookie(token, Math.floor(CONSOLE_ABSOLUTE_MS / 1000)));
      return consoleMe(session);
    });
    app.post('/sign-out', async (request, reply) => {
      await operators.signOut(sessionOf(request), ctxOf(request, sessionOf(request)));
      reply.header('set-cookie', cookie('', 0));
      return { ok: true };
    });
    app.get('/me', async (request) => consoleMe(sessionOf(request)));
    app.post('/totp/start', async (request) => operators.totpStart(sessionOf(request)));
    app.post('/totp/confirm', async (request) =>
      operators.totpConfirm(sessionOf(request), parse(totpConfirmBody, request.body).code, ctxOf(request, sessionOf(request))));
    app.post('/password', async (request) => {
      await operators.changePassword(sessionOf(request), parse(passwordChangeBody, request.body), ctxOf(request, sessionOf(request)));
      return { ok: true };
    });

    app.get('/operators', async () => ({ list: await operators.list() }));
    app.post('/operators', async (request) => operators.create(parse(operatorCreateBody, request.body), ctxOf(request, sessionOf(request))));
    app.post('/operators/:operatorId/disable', async (request) =>
      ({ operator: await operators.disable(parse(operatorIdParam, request.params).operatorId, ctxOf(request, sessionOf(request))) }));
    app.post('/operators/:operatorId/enable', async (request) =>
      ({ operator: await operators.enable(parse(operatorIdParam, request.params).operatorId, ctxOf(request, sessionOf(request))) }));
    app.post('/operators/:operatorId/role', async (request) => ({
      operator: await operators.setRole(parse(operatorIdParam, request.params).operatorId, parse(operatorRoleBody, request.body).role, ctxOf(request, sessionOf(request))),
    }));

    app.get('/approvals', async (request) =>
      ({ list: await approvals.list(parse(approvalsQuery, request.query).status, sessionOf(request).operator) }));
    app.post('/approvals/:id/approve', async (request) => {
      const { id } = parse(approvalIdParam, request.params);
      const approval = await approvals.approve(id, parse(approveBody, request.body).payloadHash, checker(request), (approved) => runApproved(approved, request.ip));
      return { approval };
    });
    app.post('/approvals/:id/reject', async (request) => {
      const { id } = parse(approvalIdParam, request.params);
      return { approval: await approvals.reject(id, parse(approvalRejectBody, request.body).reason, checker(request)) };
    });
    app.get('/four-eyes', async () => ({ settings: await approvals.settings() }));
    app.put('/four-eyes', async (request) =>
      ({ settings: await approvals.changeSettings(parse(fourEyesSettingsBody, request.body), ctxOf(request, sessionOf(request))) }));

    app.get('/audit', async (request) => auditPage(db, parse(auditQuery, request.query)));
    app.get('/audit/verify', async () => verifyAuditChain(db));

    app.setNotFoundHandler((_request, reply) => refuse(reply, 'R404', resultMessage('R404')));
  };
}
