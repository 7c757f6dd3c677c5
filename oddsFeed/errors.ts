/** A refusal with one of the protocol's codes; the API answers it as `{ ok: false, code, message }`. */
import type { FeedCode } from '../contract/oddsFeed';

export const FEED_STATUS: Record<FeedCode, number> = {
  SIGNATURE: 401,
  CLOCK_SKEW: 401,
  BAD_REQUEST: 400,
  UNKNOWN_FIXTURE: 404,
  CURSOR_EXPIRED: 410,
  UNAVAILABLE: 503,
};

export class FeedRefusal extends Error {
  override name = 'FeedRefusal';
  constructor(readonly code: FeedCode, message: string = code) {
    super(message);
  }
  get status(): number {
    return FEED_STATUS[this.code];
  }
}
