/**
 * What the server answers when a request never reaches a call: a malformed URL, an over-long path
 * parameter, an unknown route, a control character in a path, query or operator body, or a failure
 * outside the call scopes. Always the catalogue's shape, never a framework message or a stack: on
 * the member API the sealed envelope (HTTP 200, like every member answer), elsewhere plain JSON
 * {resultCode, resultMessage} with a 4xx (5xx only for a fault of ours). The /api and /admin/api
 * scopes answer their own calls' errors (server/http/api.ts, server/admin/scope.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { type ResultCode } from '../../contract/codes';
import { resultMessage } from '../../contract/resultMessages';
import { refusal, sealAnswer } from './api';
import type { SetSecurityHeaders } from './headers';
import { forbiddenCharacterAt } from './input';
import { wantsShell, type SendPage } from './site';

const API_PATH = /^\/api(\/|$|\?)/;
const JSON_TYPE = 'application/json; charset=utf-8';

function isApi(request: FastifyRequest): boolean {
  return API_PATH.test(request.url);
}

/** A code in the shape the request's area speaks; `status` is the plain answer's HTTP status. */
function answerCode(siteId: string, request: FastifyRequest, reply: FastifyReply, code: ResultCode, status: number, message = resultMessage(code)) {
  reply.type(JSON_TYPE).header('cache-control', 'no-store');
  if (isApi(request)) return reply.code(200).send(sealAnswer(refusal(code, message), siteId));
  return reply.code(status).send({ resultCode: code, resultMessage: message });
}

/**
 * For Fastify's `frameworkErrors` option: a malformed URL or an over-long path parameter (the
 * router's refusals). These replies skip every hook, so the security headers are set here.
 */
export function frameworkErrorAnswer(siteId: string, setHeaders: SetSecurityHeaders): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (_error, request, reply) => {
    setHeaders(reply.type(JSON_TYPE));
    return answerCode(siteId, request, reply, 'R003', 400);
  };
}

/**
 * While the app closes (a restart, a deploy): a request that still comes in answers TE99, "try again", in
 * the shape its area speaks, where Fastify's own 503 would send a framework body (the member client repeats
 * a TE99 call, SPEC §8), and every answer sent from then on closes its connection, so that a keep-alive
 * connection whose call was under way when the close began does not hold the close for Fastify's keep-alive
 * timeout (72 s). The app is built with `return503OnClosing: false` so that these hooks answer. A mounted
 * service that answers in its own protocol (the house vendor) lives under `ownAnswers` and says it is
 * closing itself.
 */
export function closeGracefully(app: FastifyInstance, siteId: string, ownAnswers: string | null): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing && !(ownAnswers && request.url.startsWith(`${ownAnswers}/`))) return answerCode(siteId, request, reply, 'TE99', 503);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Refuses control characters in every route's path parameters and query, and in any parsed (JSON)
 * body: the member API checks its opened payload itself. Register it before the route scopes.
 */
export function refuseControlCharacters(app: FastifyInstance, siteId: string): void {
  app.addHook('preValidation', async (request, reply) => {
    const body = typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : null;
    // A route may name body fields that are multi-line texts: config { multiline: ['body.content'] }.
    const multiline = (request.routeOptions.config as { multiline?: readonly string[] } | undefined)?.multiline;
    const field = forbiddenCharacterAt(request.params, ['params']) ?? forbiddenCharacterAt(request.query, ['query'])
      ?? forbiddenCharacterAt(body, ['body'], multiline ? new Set(multiline) : undefined);
    if (field !== null) return answerCode(siteId, request, reply, 'R003', 400, `${resultMessage('R003')} (${field})`);
  });
}

/** The root scope's unknown routes (the SPA shell for a page when the site is served) and errors. */
export function registerErrorAnswers(app: FastifyInstance, { siteId, sendPage }: { siteId: string; sendPage: SendPage | null }): void {
  app.setNotFoundHandler((request, reply) => {
    if (sendPage && wantsShell(request)) return sendPage(request, reply);
    return answerCode(siteId, request, reply, 'R404', 404);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return answerCode(siteId, request, reply, 'R500', 500);
    }
    // A body or media type the route cannot take, a bad file path: the request's fault.
    const unknownCall = isApi(request) && request.routeOptions.url === undefined;
    return answerCode(siteId, request, reply, unknownCall ? 'R404' : isApi(request) ? 'R001' : 'R003', status);
  });
}
