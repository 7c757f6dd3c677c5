/**
 * The one HTTP client of the app (SPEC §7). Every call is a POST of {data: seal(payload)} with the site
 * authorization header and, when signed in, the session-token header; every answer is opened from the
 * same envelope. resultCode "0" gives the data, anything else an ApiError.
 *
 * Member calls (and GETs) go through ky, loaded with the first of them; guest calls (the site options,
 * the game codes, the site check, login: what a guest's first visit makes) go through fetch itself with
 * the same request, so that visit does not load ky. Both send the same headers and body, with the same
 * time limit, and the answer is opened the same way.
 *
 * ky's own retry is off so no call (money calls included) is ever repeated behind the caller's back;
 * the only repeat is the one SPEC §8 asks for: NT99/TE99 wait 5 s and try again, at most twice.
 */
import type { KyInstance } from 'ky';
import { callPaths, fillPath, type AnswerOf, type CallName } from '../../contract/callPaths';
import type { PayloadOf } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { RESULT_OK, RETRY_CODES } from '../../contract/codeBasics';
import {
  HEADER_LOCALE, HEADER_SESSION_TOKEN, RETRY_DELAY_MS, TOKEN_REFRESH_BEFORE_MS, siteAuthorization,
} from '../../contract/constants';
import { open, seal, type WireBody } from '../../contract/envelope';
import type { SessionToken } from '../../contract/types';
import { readLocaleCookie } from '../i18n/localeCookie';
import { ApiError, NETWORK_ERROR } from './ApiError';
import { SITE_ID } from './siteId';
import { readToken, writeToken } from './token';
import { nextTask } from '../nextTask';

export { ApiError } from './ApiError';

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

/** How long a call may take before it counts as unanswered (a call that the server holds on purpose adds its hold: CallOptions). */
export const CALL_TIMEOUT_MS = 15_000;

export interface CallOptions {
  /** Wait this long for the answer instead of CALL_TIMEOUT_MS (a live sports bet, which the server holds for seconds first). */
  timeoutMs?: number;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const siteId = options.siteId ?? SITE_ID;
  const fetchCall = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  let kyClient: Promise<KyInstance> | null = null;
  const loadKy = () => kyClient ??= import('ky').then(({ default: ky }) => ky.create({
    retry: 0,
    timeout: CALL_TIMEOUT_MS,
    throwHttpErrors: false, // failures are read from the answer's resultCode, not the HTTP status
    fetch: fetchCall,
  }));

  function headers(): Headers {
    const sent = new Headers({ authorization: siteAuthorization(siteId), [HEADER_LOCALE]: readLocaleCookie() });
    const token = readToken();
    if (token) sent.set(HEADER_SESSION_TOKEN, token.token);
    return sent;
  }

  /** The opened answer; a garbled one, or one sealed for another site, counts as unanswered. */
  async function opened<T>(response: Response): Promise<ApiAnswer<T>> {
    const body = (await response.json().catch(() => null)) as Partial<WireBody> | null;
    const answer = open(body?.data);
    if (!answer.ok || answer.siteId !== siteId || !isAnswer(answer.payload)) throw new ApiError(NETWORK_ERROR);
    return answer.payload as ApiAnswer<T>;
  }

  const url = (path: string) => new URL(path, options.origin ?? globalThis.location.origin);

  async function exchange<T>(send: () => Promise<Response>): Promise<T> {
    for (let retries = 0; ; retries++) {
      const answer = await send().then((response) => opened<T>(response)).catch((error: unknown) => {
        throw error instanceof ApiError ? error : new ApiError(NETWORK_ERROR);
      });
      if (answer.resultCode === RESULT_OK) return answer.data as T;
      if (!RETRY_CODES.includes(answer.resultCode) || retries >= MAX_DELAY_RETRIES) {
        throw new ApiError(answer.resultCode, answer.resultMessage, answer.data ?? null);
      }
      await wait(RETRY_DELAY_MS);
    }
  }

  const post = <T>(path: string, payload: unknown, member: boolean, timeout = CALL_TIMEOUT_MS) => exchange<T>(async () => {
    // Each call seals and sends in a task of its own: a page that starts its reads together (a screen's first
    // commit) gives the main thread back between them instead of holding it for all of them at once.
    await nextTask();
    const json: WireBody = { data: seal(payload, siteId) };
    if (member) return (await loadKy()).post(url(path), { json, headers: headers(), timeout });
    const sent = headers();
    sent.set('content-type', 'application/json');
    return fetchCall(new Request(url(path), { method: 'POST', headers: sent, body: JSON.stringify(json), signal: AbortSignal.timeout(timeout) }));
  });

  // Single flight: every caller that needs a fresh token while one is being fetched shares that fetch.
  let renewing: Promise<SessionToken> | null = null;
  function renewToken(): Promise<SessionToken> {
    renewing ??= post<SessionToken>(callPaths.getToken.path, {}, true)
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
    if (!token) throw new ApiError('TK001', 'no session'); // the catalog's api.TK001 is what a member reads
    return force || needsRefresh(token) ? renewToken() : token;
  }

  async function callApi<N extends CallName>(name: N, payload: PayloadOf<N>, options: CallOptions = {}): Promise<AnswerOf<N>> {
    const call = callPaths[name];
    const token = readToken();
    if (call.member && name !== 'getToken' && token && needsRefresh(token)) await renewToken();
    return post<AnswerOf<N>>(fillPath(call.path, payload), payload, call.member, options.timeoutMs);
  }

  /** GET calls (SPEC §7) carry ?t=<timestamp> so no cache along the way answers them. */
  function getApi<T>(path: string, searchParams: Record<string, string> = {}): Promise<T> {
    return exchange<T>(async () => (await loadKy()).get(url(path), { searchParams: { ...searchParams, t: String(Date.now()) }, headers: headers() }));
  }

  /** Raw bytes to an upload path (a board image), answered in the envelope like every call. */
  async function uploadBytes<T>(path: string, bytes: Blob): Promise<T> {
    const token = readToken();
    if (token && needsRefresh(token)) await renewToken();
    const sent = headers();
    sent.set('content-type', 'application/octet-stream');
    return exchange<T>(async () => (await loadKy()).post(url(path), { body: bytes, headers: sent }));
  }

  return { callApi, getApi, refreshToken, uploadBytes };
}

export const { callApi, getApi, refreshToken, uploadBytes } = createApiClient();
