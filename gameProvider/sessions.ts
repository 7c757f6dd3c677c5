/** Launch sessions: a random token given once in the launch URL; the vendor keeps only its hash. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { VendorDb } from './db/client';
import { vendorSessions } from './db/schema';
import type { VendorLang } from '../contract/gameProvider';

export interface PlayerSession {
  operator: string;
  player: string;
  gameKey: string;
  lang: VendorLang;
  expiresAt: Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface Sessions {
  create(session: Omit<PlayerSession, 'expiresAt'>): Promise<{ token: string; sessionId: string; expiresAt: Date }>;
  /** The live session of a token, or null (unknown, malformed or expired). */
  resolve(token: string): Promise<PlayerSession | null>;
}

export function createSessions(db: VendorDb, ttlMs: number): Sessions {
  return {
    async create(session) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.insert(vendorSessions).values({ tokenHash, ...session, expiresAt });
      return { token, sessionId: tokenHash.slice(0, 32), expiresAt };
    },
    async resolve(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const [row] = await db.select().from(vendorSessions)
        .where(and(eq(vendorSessions.tokenHash, hashToken(token)), gt(vendorSessions.expiresAt, new Date())));
      return row ? { operator: row.operator, player: row.player, gameKey: row.gameKey, lang: row.lang as VendorLang, expiresAt: row.expiresAt } : null;
    },
  };
}
