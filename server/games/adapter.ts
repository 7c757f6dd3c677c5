/**
 * The one way the site reaches a game vendor: an adapter interface, and its implementation for the
 * house vendor's signed HTTP API (contract/gameProvider.ts; nothing of gameProvider/ is imported). An outside
 * aggregator would be another implementation of the same interface.
 *
 * Transfers are safe to repeat: each carries an id the site chose and wrote down before the call. When a
 * call times out or its connection drops, the adapter does not know whether the vendor applied it, so
 * it looks the id up first and only re-sends the same request (same id) when the vendor never saw it.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  VENDOR_API_PREFIX, VENDOR_HEADERS,
  type VendorCalls, type VendorCode, type VendorGame, type VendorLang, type VendorLaunch, type VendorPath, type VendorProof, type VendorRound,
  type VendorSession, type VendorTransfer,
} from '../../contract/gameProvider';
import { signedCallHeaders } from '../../contract/gameProviderSigning';

/** The vendor refused the call with its code (a definite answer: nothing was applied). */
export class VendorRefused extends Error {
  override name = 'VendorRefused';
  constructor(readonly code: VendorCode, message: string) {
    super(`${code}: ${message}`);
  }
}

/** No definite answer (timeout, connection lost, unreadable answer): the call may or may not have been applied. */
export class VendorUnreachable extends Error {
  override name = 'VendorUnreachable';
}

export interface TransferRequest {
  transferId: string;
  player: string;
  direction: 'in' | 'out' | 'out-all';
  /** Won; not for out-all. */
  amount?: number;
  /** A transfer in only: the game to open for the player once it is applied (the launch's session with its money). */
  launch?: VendorLaunch;
}

/** A transfer as the vendor answered it; `session`: the game session it opened (asked with `launch`, and only then). */
export type AppliedTransfer = VendorTransfer & { session?: VendorSession };

export interface GameAdapter {
  games(): Promise<VendorGame[]>;
  launch(player: string, gameKey: string, lang: VendorLang): Promise<VendorSession>;
  /**
   * Applies a transfer, or answers it as already applied: on a lost answer it looks the id up and
   * re-sends the same request only when the vendor never saw it (an answer found by the look-up has no session).
   * Throws VendorRefused for a definite refusal and VendorUnreachable when no definite answer came after its attempts.
   */
  transfer(request: TransferRequest): Promise<AppliedTransfer>;
  /** The transfer with that id, or null when the vendor never applied it. */
  lookup(transferId: string): Promise<VendorTransfer | null>;
  balance(player: string): Promise<{ balance: number; inRound: boolean }>;
  rounds(after: string | null, limit: number): Promise<{ rounds: VendorRound[]; next: string | null }>;
  /** A round's proof as it is now (a slot's or fishing shot's server seed appears once the player rotated it). */
  proof(roundId: string): Promise<VendorProof | null>;
  transfers(after: string | null, limit: number): Promise<{ transfers: VendorTransfer[]; next: string | null }>;
}

export interface HttpAdapterOptions {
  /** The vendor's base address (VENDOR_URL), without a trailing slash; asked per call (a mounted vendor's port is known once the server listens). */
  url: string | (() => string);
  operator: string;
  secret: string;
  /** Per call (default 5 s; transfers and look-ups are short calls). */
  timeoutMs?: number;
  /** Attempts of one transfer before giving up with VendorUnreachable (default 3). */
  attempts?: number;
  /** Pause between attempts (default 200 ms, doubled each time). */
  backoffMs?: number;
}

/**
 * POSTs a call over keep-alive connections and answers the status and the body; rejects when the connection
 * is lost or the answer is not complete within `timeoutMs`. node:http rather than fetch: a launch and its
 * merge make three or four calls, and fetch's streams and abort signals cost about three times the CPU of a
 * plain request per call (measured in this process, where the mounted vendor's work shares the event loop).
 */
function keepAlivePost(): (url: string, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<{ status: number; text: string }> {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return (url, body, headers, timeoutMs) => new Promise((resolveCall, rejectCall) => {
    const resolve = (answer: { status: number; text: string }) => { clearTimeout(timer); resolveCall(answer); };
    const reject = (error: Error) => { clearTimeout(timer); rejectCall(error); };
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(target, {
      method: 'POST', agent: secure ? agents.https : agents.http, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('close', () => {
        if (!response.complete) reject(new Error('the connection closed before the answer was complete'));
      });
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', reject);
    request.end(body);
  });
}

export function createHttpAdapter(options: HttpAdapterOptions): GameAdapter {
  const { operator, secret, timeoutMs = 5_000, attempts = 3, backoffMs = 200 } = options;
  const baseUrl = typeof options.url === 'string' ? () => options.url as string : options.url;
  const post = keepAlivePost();

  async function call<P extends VendorPath>(path: P, body: VendorCalls[P]['body'], timeout = timeoutMs): Promise<VendorCalls[P]['answer']> {
    const text = JSON.stringify(body);
    let status: number;
    let answer: { ok?: unknown; code?: unknown; message?: unknown };
    try {
      const response = await post(`${baseUrl()}${VENDOR_API_PREFIX}${path}`, text, signedCallHeaders(VENDOR_HEADERS, operator, secret, path, text), timeout);
      status = response.status;
      answer = JSON.parse(response.text) as typeof answer;
    } catch (error) {
      throw new VendorUnreachable(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (answer.ok === true) return answer as unknown as VendorCalls[P]['answer'];
    if (typeof answer.code !== 'string') throw new VendorUnreachable(`${path}: HTTP ${status} without a code`);
    throw new VendorRefused(answer.code as VendorCode, typeof answer.message === 'string' ? answer.message : '');
  }

  async function lookup(transferId: string): Promise<VendorTransfer | null> {
    try {
      return (await call('/transfers/lookup', { transferId })).transfer;
    } catch (error) {
      if (error instanceof VendorRefused && error.code === 'UNKNOWN_TRANSFER') return null;
      throw error;
    }
  }

  async function send(request: TransferRequest): Promise<AppliedTransfer> {
    const { transferId, player, launch } = request;
    if (request.direction === 'out-all') return (await call('/transfers/out-all', { transferId, player })).transfer;
    const amount = request.amount ?? 0;
    if (request.direction === 'in') {
      const { transfer, session } = await call('/transfers/in', launch ? { transferId, player, amount, launch } : { transferId, player, amount });
      return session ? { ...transfer, session } : transfer;
    }
    return (await call('/transfers/out', { transferId, player, amount })).transfer;
  }

  return {
    async games() {
      return (await call('/games', {})).games;
    },
    launch(player, gameKey, lang) {
      return call('/launch', { player, gameKey, lang });
    },
    async transfer(request) {
      let lastError: unknown = null;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (attempt > 0) {
          await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
          // The last attempt's answer was lost: did the vendor apply it?
          try {
            const found = await lookup(request.transferId);
            if (found) return found;
          } catch (error) {
            // UNAVAILABLE is a definite "not now" for the look-up; the transfer stays unknown.
            if (!(error instanceof VendorUnreachable) && !(error instanceof VendorRefused && error.code === 'UNAVAILABLE')) throw error;
            lastError = error;
            continue;
          }
        }
        try {
          return await send(request);
        } catch (error) {
          // UNAVAILABLE: the fault switch or a vendor outage refused before applying; try again like a lost answer.
          if (error instanceof VendorRefused && error.code !== 'UNAVAILABLE') throw error;
          lastError = error;
        }
      }
      throw lastError instanceof VendorUnreachable ? lastError : new VendorUnreachable(`transfer ${request.transferId}: no definite answer`);
    },
    lookup,
    balance(player) {
      return call('/players/balance', { player });
    },
    rounds(after, limit) {
      return call('/rounds/feed', { after, limit });
    },
    async proof(roundId) {
      return (await call('/rounds/proof', { roundId })).proof;
    },
    transfers(after, limit) {
      return call('/transfers/feed', { after, limit });
    },
  };
}

/** The vendor's player id for a member: opaque to the vendor, the member's row id for the site. */
export const playerOf = (memberId: number): string => `m${memberId}`;
export function memberOfPlayer(player: string): number | null {
  const match = /^m(\d{1,15})$/.exec(player);
  return match ? Number(match[1]) : null;
}
