/**
 * Cash-out passwords (4 digits): a keyed hash, HMAC-SHA256 under CASH_OUT_PASS_KEY with a random salt per
 * hash, stored as `hs1$<salt>$<mac>` (base64url). The key lives outside the database (the environment), so
 * a copy of the members table alone does not let anyone try the 10,000 values; what protects the password
 * against a member's session in the wrong hands is the attempt limit (server/member/attempts.ts: 5 wrong
 * in 30 minutes), not the hash's cost. argon2id (server/member/passwords.ts, still the login password's)
 * spent two cores' time on every withdrawal for a secret whose whole space it could not make costly.
 * Hashes written before (argon2id, `$argon2...`) still verify, once, the old way, and are rehashed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MIN_SECRET_LENGTH } from '../../gameProvider/config';
import { verifySecret } from './passwords';

const PREFIX = 'hs1$';
/** Outside production only: a development database keeps verifying across restarts. */
const DEVELOPMENT_KEY = 'development-only cash-out password key; set CASH_OUT_PASS_KEY in production';

export class CashOutPassKeyError extends Error {
  override name = 'CashOutPassKeyError';
}

/** CASH_OUT_PASS_KEY (at least MIN_SECRET_LENGTH characters); required when NODE_ENV=production. */
export function cashOutPassKey(env: Record<string, string | undefined> = process.env): string {
  const key = env.CASH_OUT_PASS_KEY?.trim() ?? '';
  if (key === '') {
    if (env.NODE_ENV === 'production') throw new CashOutPassKeyError('CASH_OUT_PASS_KEY must be set when NODE_ENV=production');
    return DEVELOPMENT_KEY;
  }
  if (key.length < MIN_SECRET_LENGTH) throw new CashOutPassKeyError(`CASH_OUT_PASS_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
  return key;
}

let processKey: string | null = null;
const key = () => (processKey ??= cashOutPassKey());

function mac(salt: Buffer, typed: string): Buffer {
  return createHmac('sha256', key()).update(salt).update(typed, 'utf8').digest();
}

export function hashCashOutPass(typed: string): string {
  const salt = randomBytes(16);
  return `${PREFIX}${salt.toString('base64url')}$${mac(salt, typed).toString('base64url')}`;
}

/** Whether `typed` is the password; `rehashed` is the keyed hash to store when `stored` was an older kind. */
export async function verifyCashOutPass(stored: string, typed: string): Promise<{ right: boolean; rehashed: string | null }> {
  if (!stored.startsWith(PREFIX)) {
    const right = await verifySecret(stored, typed);
    return { right, rehashed: right ? hashCashOutPass(typed) : null };
  }
  const [salt, expected] = stored.slice(PREFIX.length).split('$');
  if (!salt || !expected) return { right: false, rehashed: null };
  const wanted = Buffer.from(expected, 'base64url');
  const got = mac(Buffer.from(salt, 'base64url'), typed);
  return { right: wanted.length === got.length && timingSafeEqual(wanted, got), rehashed: null };
}

/**
 * What a database function compares with the stored hash, so the key never leaves the server: `proof` equals
 * `stored` exactly when `typed` is the password (for a keyed hash, the keyed hash of `typed` under the stored
 * salt). An older kind is verified here; `rehashed` is then the keyed hash to store in its place.
 */
export async function cashOutProof(stored: string, typed: string): Promise<{ proof: string; rehashed: string | null }> {
  if (!stored.startsWith(PREFIX)) {
    const { right, rehashed } = await verifyCashOutPass(stored, typed);
    return { proof: right ? stored : '', rehashed };
  }
  const [salt = ''] = stored.slice(PREFIX.length).split('$');
  return { proof: `${PREFIX}${salt}$${mac(Buffer.from(salt, 'base64url'), typed).toString('base64url')}`, rehashed: null };
}
