/** Launch sessions: a random token given once in the launch URL; the vendor keeps only its hash. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { VendorDb } from './db/client';
import { vendorSeedPairs, vendorSeeds, vendorSessions } from './db/schema';
import type { VendorLang } from '../contract/gameProvider';
import type { ReadPair } from './rounds';

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
  /**
   * The live session with the player's seed pair for the session's game (null before their first round), read in one
   * statement and then kept in this process for the session's life, so a spin is one statement: the pair kept may be
   * stale (a round or a rotation elsewhere), which the round's statement finds out (rounds.play draws again).
   */
  playContext(token: string): Promise<PlayContext | null>;
}

export interface PlayContext {
  session: PlayerSession;
  pair: ReadPair | null;
  /** Keeps the pair as the round left it (its nonce claimed) for the session's next round. */
  keep(pair: ReadPair): void;
}

/** Sessions whose play context this process keeps (the oldest is dropped beyond it). */
const KEPT_CONTEXTS = 10_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const liveSession = (token: string) => and(eq(vendorSessions.tokenHash, hashToken(token)), gt(vendorSessions.expiresAt, new Date()));
const sessionOf = (row: typeof vendorSessions.$inferSelect): PlayerSession =>
  ({ operator: row.operator, player: row.player, gameKey: row.gameKey, lang: row.lang as VendorLang, expiresAt: row.expiresAt });

export function createSessions(db: VendorDb, ttlMs: number): Sessions {
  // Every spin reads this: built once, and on PostgreSQL parsed once per connection (a named statement).
  const sessionWithPair = db.select().from(vendorSessions)
    .leftJoin(vendorSeedPairs, and(eq(vendorSeedPairs.operator, vendorSessions.operator), eq(vendorSeedPairs.player, vendorSessions.player),
      eq(vendorSeedPairs.gameKey, vendorSessions.gameKey)))
    .leftJoin(vendorSeeds, eq(vendorSeeds.id, vendorSeedPairs.seedId))
    .where(and(eq(vendorSessions.tokenHash, sql.placeholder('tokenHash')), gt(vendorSessions.expiresAt, sql.placeholder('now'))))
    .prepare('vendor_session_with_pair');
  const contexts = new Map<string, { session: PlayerSession; pair: ReadPair | null }>();
  const context = (tokenHash: string, session: PlayerSession, pair: ReadPair | null): PlayContext => ({
    session,
    pair,
    keep(next) {
      contexts.delete(tokenHash); // re-inserted as the newest
      contexts.set(tokenHash, { session, pair: next });
      if (contexts.size > KEPT_CONTEXTS) contexts.delete(contexts.keys().next().value!);
    },
  });
  return {
    async create(session) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.insert(vendorSessions).values({ tokenHash, ...session, expiresAt });
      return { token, sessionId: tokenHash.slice(0, 32), expiresAt };
    },
    async resolve(token) {
      if (!TOKEN.test(token)) return null;
      const [row] = await db.select().from(vendorSessions).where(liveSession(token));
      return row ? sessionOf(row) : null;
    },
    async playContext(token) {
      if (!TOKEN.test(token)) return null;
      const tokenHash = hashToken(token);
      const kept = contexts.get(tokenHash);
      if (kept && kept.session.expiresAt > new Date()) return context(tokenHash, kept.session, kept.pair);
      contexts.delete(tokenHash);
      const [row] = await sessionWithPair.execute({ tokenHash, now: new Date().toISOString() });
      if (!row) return null;
      const { vendor_seed_pairs: pair, vendor_seeds: seed } = row;
      return context(tokenHash, sessionOf(row.vendor_sessions), pair && seed ? { pair, seed } : null);
    },
  };
}
