/** A refusal with one of the protocol's codes; the API answers it as `{ ok: false, code, message }`. */
import type { VendorCode } from '../contract/gameProvider';

const STATUS: Record<VendorCode, number> = {
  SIGNATURE: 401,
  CLOCK_SKEW: 401,
  BAD_REQUEST: 400,
  UNKNOWN_GAME: 404,
  UNKNOWN_TRANSFER: 404,
  TRANSFER_CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  ROUND_IN_PROGRESS: 409,
  UNAVAILABLE: 503,
};

export class VendorRefusal extends Error {
  override name = 'VendorRefusal';
  constructor(readonly code: VendorCode, message: string = code) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** The SQLSTATE of a database error, as drizzle passes it on (directly or as the cause). */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
