/**
 * The one HTTP client of the app (SPEC §7). Every call is a POST of {data: seal(payload)} with the site
 * authorization header and, when signed in, the session-token header; every answer is opened from the
 * same envelope. resultCode "0" gives the data, anything else an ApiError.
 *
 * ky's own retry is off so no call (money calls included) is ever repeated behind the caller's back;
 * the only repeat is the one SPEC §8 asks for: NT99/TE99 wait 5 s and try again, at most twice.
 */
import ky, { type ResponsePromise } from 'ky';
import { callPaths, fillPath, type AnswerOf, type CallName } from '../../contract/callPaths';
import type { PayloadOf } from '../../contract/calls';
import { RESULT_OK, RETRY_CODES, resultMessage, type ApiAnswer } from '../../contract/codes';
import {
  HEADER_SESSION_TOKEN, RETRY_DELAY_MS, TOKEN_REFRESH_BEFORE_MS, siteAuthorization,
} from '../../contract/constants';
import { open, seal, type WireBody } from '../../contract/envelope';
import type { SessionToken } from '../../contract/types';
import { readLocaleCookie } from '../i18n/localeCookie';
import { ApiError, NETWORK_ERROR } from './ApiError';
import { SITE_ID } from './siteId';
import { readToken, writeToken } from './token';

export { ApiError } from './ApiError';

/** The member's language on every call (the 'lang' cookie), for rules that differ by locale (point minimum). */
export const HEADER_LOCALE = 'x-locale';

/** How many times an NT99/TE99 answer is retried before it is handed to the caller. */
export const MAX_DELAY_RETRIES = 2;

export interface ApiClientOptions {
  /** A fetch of your own (tests). */
  fetch?: typeof fetch;
  /** Origin the call paths resolve against; the page's own by default. */
  origin?: string;
  siteId?: string;
}

function isAnswer(value: unknown): value is ApiAnswer {
  return typeof value === 'object' && value !== null && typeof (value as ApiAnswer).resultCode === 'string';
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function needsRefresh(token: SessionToken): boolean {
  return Date.parse(token.expiresAt) - Date.now() <= TOKEN_REFRESH_BEFORE_MS;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const siteId = options.siteId ?? SITE_ID;

  const http = ky.create({
    retry: 0,
    timeout: 15_000,
    throwHttpErrors: false, // failures are read from the answer's resultCode, not the HTTP status
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('authorization', siteAuthorization(siteId));
          request.headers.set(HEADER_LOCALE, readLocaleCookie());
          const token = readToken();
          if (token) request.headers.set(HEADER_SESSION_TOKEN, token.token);
        },
      ],
      afterResponse: [
        // Replace the sealed body with the opened answer, so callers only ever see ApiAnswer JSON.
        async (_request, _options, response) => {
          const body = (await response.json().catch(() => null)) as Partial<WireBody> | null;
          const opened = open(body?.data);
          if (!opened.ok || opened.siteId !== siteId || !isAnswer(opened.payload)) throw new ApiError(NETWORK_ERROR);
          return new Response(JSON.stringify(opened.payload), { headers: { 'content-type': 'application/json' } });
        },
      ],
    },
  });

  const url = (path: string) => new URL(path, options.origin ?? globalThis.location.origin);

  async function exchange<T>(send: () => ResponsePromise): Promise<T> {
    for (let retries = 0; ; retries++) {
      const answer = await send()
        .json<ApiAnswer<T>>()
        .catch((error: unknown) => {
          throw error instanceof ApiError ? error : new ApiError(NETWORK_ERROR);
        });
      if (answer.resultCode === RESULT_OK) return answer.data as T;
      if (!RETRY_CODES.includes(answer.resultCode) || retries >= MAX_DELAY_RETRIES) {
        throw new ApiError(answer.resultCode, answer.resultMessage);
      }
      await wait(RETRY_DELAY_MS);
    }
  }

  const post = <T>(path: string, payload: unknown) =>
    exchange<T>(() => http.post(url(path), { json: { data: seal(payload, siteId) } satisfies WireBody }));

  // Single flight: every caller that needs a fresh token while one is being fetched shares that fetch.
  let renewing: Promise<SessionToken> | null = null;
  function renewToken(): Promise<SessionToken> {
    renewing ??= post<SessionToken>(callPaths.getToken.path, {})
      .then((fresh) => {
        writeToken(fresh);
        return fresh;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  /**
   * Extends the session through /api/getToken when 5 minutes or fewer remain, or always with force,
   * stores the new expiry and answers the current token. Without a stored token it fails with TK001.
   */
  async function refreshToken({ force = false }: { force?: boolean } = {}): Promise<SessionToken> {
    const token = readToken();
    if (!token) throw new ApiError('TK001', resultMessage('TK001'));
    return force || needsRefresh(token) ? renewToken() : token;
  }

  async function callApi<N extends CallName>(name: N, payload: PayloadOf<N>): Promise<AnswerOf<N>> {
    const call = callPaths[name];
    const token = readToken();
    if (call.member && name !== 'getToken' && token && needsRefresh(token)) await renewToken();
    return post<AnswerOf<N>>(fillPath(call.path, payload), payload);
  }

  /** GET calls (SPEC §7) carry ?t=<timestamp> so no cache along the way answers them. */
  function getApi<T>(path: string, searchParams: Record<string, string> = {}): Promise<T> {
    return exchange<T>(() => http.get(url(path), { searchParams: { ...searchParams, t: String(Date.now()) } }));
  }

  return { callApi, getApi, refreshToken };
}

export const { callApi, getApi, refreshToken } = createApiClient();
