/**
 * The operator API's scope: plain JSON under /admin/api, `Authorization: Bearer <ADMIN_TOKEN>`, bodies
 * checked with the contract/admin.ts schemas. Refusals are HTTP 4xx with {resultCode, resultMessage}:
 * 401 bad token, 400 bad input, 404 unknown member or request, 409 a step the status rules refuse.
 * Every answer, refusals included, is `Cache-Control: no-store`.
 * Each area adds its routes as an AdminRouteModule.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type ResultCode } from '../../contract/codes';
import { resultMessage } from '../../contract/resultMessages';
import { MAX_BODY_BYTES } from '../../contract/constants';
import { isFailure } from '../failure';
import type { OperatorContext } from './audit';
import { isOperator } from './auth';

const STATUS_BY_CODE: Partial<Record<ResultCode, number>> = {
  TK001: 401, U000: 404, R404: 404, BD006: 404, C501: 409, C502: 409, C503: 409, P003: 409, C009: 409,
  // The game vendor failed to answer an operator call that needs it.
  '9999': 424,
};

class BadInput extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new BadInput(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

function refuse(reply: FastifyReply, code: ResultCode, message = resultMessage(code)) {
  return reply.code(STATUS_BY_CODE[code] ?? 400).send({ resultCode: code, resultMessage: message });
}

/** What another area's operator routes get: the scope's input parsing and the operator of a request. */
export interface AdminRouteTools {
  parse: typeof parse;
  operator(ip: string): OperatorContext;
}

/** Operator routes of an area (sign-ups and the site, the wallet), registered inside this scope: same token check and error answers. */
export type AdminRouteModule = (app: FastifyInstance, tools: AdminRouteTools) => void;

export function adminScope(adminToken: string, modules: AdminRouteModule[]) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onRoute', (route) => { route.bodyLimit ??= MAX_BODY_BYTES; });
    // Operator answers carry member data: no browser or proxy keeps a copy.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!isOperator(request.headers.authorization, adminToken)) return refuse(reply, 'TK001', 'operator token required');
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof BadInput) return refuse(reply, 'R003', `${resultMessage('R003')} (${error.message})`);
      if (isFailure(error)) return refuse(reply, error.code, error.message);
      if (typeof error.statusCode === 'number' && error.statusCode < 500) return refuse(reply, 'R003');
      request.log.error({ err: error }, 'operator call failed');
      return reply.code(500).send({ resultCode: 'R500', resultMessage: resultMessage('R500') });
    });

    const operator = (ip: string): OperatorContext => ({ actor: 'operator', ip });
    for (const registerModule of modules) registerModule(app, { parse, operator });
  };
}
