/** Passwords and cash-out passwords: argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | null = null;

/** Spends the time of one verification, so an unknown id answers as slowly as a wrong password. */
export async function verifyDecoy(secret: string): Promise<void> {
  decoyHash ??= hashSecret('decoy-password-for-timing');
  await verifySecret(await decoyHash, secret);
}
