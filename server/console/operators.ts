/**
 * Operator accounts and console sessions (issue 22): sign-in with password (argon2id, member/passwords.ts)
 * and a second factor (TOTP or a recovery code), limited per operator id and per address like the
 * members' login (member/attempts.ts); sessions in an HTTP-only cookie whose token is stored as its
 * sha256, ending after CONSOLE_IDLE_MS without a call and CONSOLE_ABSOLUTE_MS after sign-in. Every
 * sign-in, success or failure, writes an audit row.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  CONSOLE_ABSOLUTE_MS, CONSOLE_COOKIE, CONSOLE_IDLE_MS, type ConsoleMe, type OperatorInfo, type OperatorRole, type TotpEnrolment,
} from '../../contract/console';
import { cookieValue } from '../../contract/cookies';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { auditLog, consoleSessions, operatorRecoveryCodes, operators } from '../db/schema';
import { Failure } from '../failure';
import { createAttemptLimiter } from '../member/attempts';
import { hashSecret, verifyDecoy, verifySecret } from '../member/passwords';
import type { Audit, OperatorContext } from '../admin/audit';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

export const TOTP_ISSUER = 'Hanbit Console';
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A session's last-seen time is written at most this often (each call would otherwise write). */
const TOUCH_EVERY_MS = 30_000;

type OperatorRow = typeof operators.$inferSelect;

/** A live console session, as the operator API sees its caller. */
export interface ConsoleSession {
  sessionId: string;
  operator: OperatorRow;
  mustEnrol: boolean;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A recovery code's stored form: upper case without the dash, hashed. */
const recoveryHash = (code: string) => sha256(code.replace('-', '').toUpperCase());

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new operator's first password: 20 random characters, shown once. */
export function newOperatorPassword(): string {
  return randomBytes(15).toString('base64url');
}

export function operatorInfo(row: OperatorRow): OperatorInfo {
  return {
    operatorId: row.operatorId, name: row.name, role: row.role, status: row.status, totpEnrolled: row.totpSecret !== null,
    createdAt: row.createdAt.toISOString(), lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export function consoleMe(session: ConsoleSession): ConsoleMe {
  return {
    operator: operatorInfo(session.operator), mustEnrol: session.mustEnrol,
    idleExpiresAt: session.idleExpiresAt.toISOString(), absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
  };
}

export interface OperatorsDeps {
  db: Db;
  /** Sessions and TOTP steps follow the app's clock (the test clock in tests). */
  clock: Clock;
  /** Attempt windows keep real time, like the members' login. */
  attemptClock: Clock;
  audit: Audit;
}

export function createOperators({ db, clock, attemptClock, audit }: OperatorsDeps) {
  const limiter = createAttemptLimiter(db, attemptClock);

  async function find(operatorId: string, executor: Db | Tx = db): Promise<OperatorRow | null> {
    const [row] = await executor.select().from(operators).where(eq(operators.operatorId, operatorId.toLowerCase()));
    return row ?? null;
  }

  /** Checks the second factor: a TOTP code for a step not used yet, or an unused recovery code (used up here). */
  async function secondFactor(tx: Tx, row: OperatorRow, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(row.totpSecret!, code, clock.now(), row.totpLastStep);
      if (step === null) return false;
      const used = await tx.update(operators).set({ totpLastStep: step })
        .where(and(eq(operators.operatorId, row.operatorId), lt(operators.totpLastStep, step))).returning({ id: operators.operatorId });
      return used.length === 1;
    }
    const used = await tx.update(operatorRecoveryCodes).set({ usedAt: clock.now() })
      .where(and(eq(operatorRecoveryCodes.operatorId, row.operatorId), eq(operatorRecoveryCodes.codeHash, recoveryHash(code)), isNull(operatorRecoveryCodes.usedAt)))
      .returning({ id: operatorRecoveryCodes.id });
    return used.length === 1;
  }

  async function startSession(row: OperatorRow, mustEnrol: boolean, ip: string): Promise<{ token: string; session: ConsoleSession }> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    const absoluteExpiresAt = new Date(now.getTime() + CONSOLE_ABSOLUTE_MS);
    const sessionId = randomUUID();
    await db.insert(consoleSessions).values({
      id: sessionId, operatorId: row.operatorId, tokenHash: sha256(token), mustEnrol, ip, createdAt: now, lastSeenAt: now, absoluteExpiresAt,
    });
    await db.update(operators).set({ lastSignInAt: now }).where(eq(operators.operatorId, row.operatorId));
    const operator = { ...row, lastSignInAt: now };
    return { token, session: { sessionId, operator, mustEnrol, idleExpiresAt: new Date(now.getTime() + CONSOLE_IDLE_MS), absoluteExpiresAt } };
  }

  const signInContext = (operatorId: string, role: string, ip: string, requestId: string): OperatorContext =>
    ({ actor: operatorId.slice(0, 64), role, ip, requestId });

  return {
    find,

    /**
     * A sign-in: OP001 for an unknown or disabled id, a wrong password or a wrong or missing second factor
     * (one answer for all, each as slow as a password check), OP002 past the attempt limits. Before TOTP
     * is enrolled the password alone opens a session that may only enrol.
     */
    async signIn(input: { operatorId: string; password: string; code?: string }, ip: string, requestId: string) {
      const operatorId = input.operatorId.toLowerCase();
      const keys = [{ kind: 'operatorId' as const, key: operatorId }, { kind: 'operatorIp' as const, key: ip }];
      let signedIn: { row: OperatorRow; mustEnrol: boolean } | null;
      try {
        signedIn = await limiter.check(keys, async (tx) => {
          const row = await find(operatorId, tx);
          if (!row || row.status !== 'active') {
            await verifyDecoy(input.password);
            return null;
          }
          if (!(await verifySecret(row.passHash, input.password))) return null;
          if (row.totpSecret === null) return input.code === undefined ? { row, mustEnrol: true } : null;
          if (input.code === undefined || !(await secondFactor(tx, row, input.code))) return null;
          return { row, mustEnrol: false };
        });
      } catch (error) {
        if (error instanceof Failure) await audit.write(db, signInContext(operatorId, '', ip, requestId), { action: 'console.signIn.locked' });
        throw error;
      }
      if (signedIn === null) {
        await audit.write(db, signInContext(operatorId, '', ip, requestId), { action: 'console.signIn.failed' });
        throw new Failure('OP001');
      }
      await limiter.forgive(db, keys[0]!);
      const started = await startSession(signedIn.row, signedIn.mustEnrol, ip);
      await audit.write(db, signInContext(operatorId, signedIn.row.role, ip, requestId), {
        action: 'console.signIn', detail: { sessionId: started.session.sessionId, mustEnrol: signedIn.mustEnrol },
      });
      return started;
    },

    /** The live session of a cookie token, its idle time-out pushed on; null when there is none. */
    session: (token: string) => findConsoleSession(db, clock, token, true),

    async signOut(session: ConsoleSession, ctx: OperatorContext): Promise<void> {
      await audit.run(ctx, { action: 'console.signOut', detail: { sessionId: session.sessionId } }, (tx) =>
        tx.update(consoleSessions).set({ revokedAt: clock.now() }).where(eq(consoleSessions.id, session.sessionId)));
    },

    /** Offers a new TOTP secret (OP005 once one is enrolled): shown as a QR code, enrolled by its first code. */
    async totpStart(session: ConsoleSession): Promise<TotpEnrolment> {
      const row = await find(session.operator.operatorId);
      if (!row || row.totpSecret !== null) throw new Failure('OP005');
      const secret = newTotpSecret();
      await db.update(operators).set({ totpPending: secret }).where(eq(operators.operatorId, row.operatorId));
      return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUER, row.operatorId, secret) };
    },

    /** Enrols the offered secret with its first code and answers the recovery codes (shown once, stored hashed). */
    async totpConfirm(session: ConsoleSession, code: string, ctx: OperatorContext): Promise<{ recoveryCodes: string[] }> {
      const row = await find(session.operator.operatorId);
      if (!row || row.totpSecret !== null || row.totpPending === null) throw new Failure('OP005');
      const step = matchTotp(row.totpPending, code, clock.now(), 0);
      if (step === null) throw new Failure('OP001');
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await audit.run(ctx, { action: 'console.totp.enrol', target: row.operatorId }, async (tx) => {
        const enrolled = await tx.update(operators).set({ totpSecret: row.totpPending, totpPending: null, totpLastStep: step })
          .where(and(eq(operators.operatorId, row.operatorId), isNull(operators.totpSecret))).returning({ id: operators.operatorId });
        if (enrolled.length !== 1) throw new Failure('OP005');
        await tx.insert(operatorRecoveryCodes).values(recoveryCodes.map((c) => ({ operatorId: row.operatorId, codeHash: recoveryHash(c) })));
        await tx.update(consoleSessions).set({ mustEnrol: false }).where(eq(consoleSessions.id, session.sessionId));
      });
      return { recoveryCodes };
    },

    async changePassword(session: ConsoleSession, change: { current: string; next: string }, ctx: OperatorContext): Promise<void> {
      const row = await find(session.operator.operatorId);
      if (!row || !(await verifySecret(row.passHash, change.current))) throw new Failure('OP001');
      const passHash = await hashSecret(change.next);
      await audit.run(ctx, { action: 'console.password', target: row.operatorId }, (tx) =>
        tx.update(operators).set({ passHash }).where(eq(operators.operatorId, row.operatorId)));
    },

    async list(): Promise<OperatorInfo[]> {
      return (await db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.operatorId))).map(operatorInfo);
    },

    /** A new operator with a random first password (answered once); OP006 for a taken id. */
    async create(input: { operatorId: string; name: string; role: OperatorRole }, ctx: OperatorContext) {
      const password = newOperatorPassword();
      const passHash = await hashSecret(password);
      const row = await audit.run(ctx, { action: 'operator.create', target: input.operatorId, after: { name: input.name, role: input.role } }, async (tx) => {
        const [created] = await tx.insert(operators).values({ ...input, passHash, createdAt: clock.now() }).onConflictDoNothing().returning();
        if (!created) throw new Failure('OP006');
        return created;
      });
      return { operator: operatorInfo(row), password };
    },

    /** A disabled operator active again (their sessions stay ended: they sign in anew). */
    async enable(operatorId: string, ctx: OperatorContext): Promise<OperatorInfo> {
      const current = await find(operatorId);
      if (!current) throw new Failure('OP007');
      const row = await audit.run(ctx, { action: 'operator.enable', target: current.operatorId, before: { status: current.status }, after: { status: 'active' } }, async (tx) => {
        const [updated] = await tx.update(operators).set({ status: 'active' }).where(eq(operators.operatorId, current.operatorId)).returning();
        return updated!;
      });
      return operatorInfo(row);
    },

    /** Another operator's role (not one's own: OP004), in force at their next call (each call reads it). */
    async setRole(operatorId: string, role: OperatorRole, ctx: OperatorContext): Promise<OperatorInfo> {
      const current = await find(operatorId);
      if (!current) throw new Failure('OP007');
      if (current.operatorId === ctx.actor) throw new Failure('OP004');
      const row = await audit.run(ctx, { action: 'operator.role', target: current.operatorId, before: { role: current.role }, after: { role } }, async (tx) => {
        const [updated] = await tx.update(operators).set({ role }).where(eq(operators.operatorId, current.operatorId)).returning();
        return updated!;
      });
      return operatorInfo(row);
    },

    /** Disables an operator and ends their sessions (not oneself: OP004). */
    async disable(operatorId: string, ctx: OperatorContext): Promise<OperatorInfo> {
      if (operatorId === ctx.actor) throw new Failure('OP004');
      const row = await audit.run(ctx, { action: 'operator.disable', target: operatorId, after: { status: 'disabled' } }, async (tx) => {
        const [updated] = await tx.update(operators).set({ status: 'disabled' }).where(eq(operators.operatorId, operatorId)).returning();
        if (!updated) throw new Failure('OP007');
        await tx.update(consoleSessions).set({ revokedAt: clock.now() }).where(and(eq(consoleSessions.operatorId, operatorId), isNull(consoleSessions.revokedAt)));
        return updated;
      });
      return operatorInfo(row);
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;

/**
 * The live console session of a cookie token (not revoked, within both time-outs, its operator active),
 * or null. `touch` pushes its idle time-out on (a call does; the real-time channel's checks do not).
 */
export async function findConsoleSession(db: Db, clock: Clock, token: string, touch: boolean): Promise<ConsoleSession | null> {
  const now = clock.now();
  const [found] = await db.select({ session: consoleSessions, operator: operators }).from(consoleSessions)
    .innerJoin(operators, eq(operators.operatorId, consoleSessions.operatorId))
    .where(and(
      eq(consoleSessions.tokenHash, sha256(token)), isNull(consoleSessions.revokedAt), gt(consoleSessions.absoluteExpiresAt, now),
      gt(consoleSessions.lastSeenAt, new Date(now.getTime() - CONSOLE_IDLE_MS)), eq(operators.status, 'active'),
    ));
  if (!found) return null;
  const seen = touch && now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS ? now : found.session.lastSeenAt;
  if (seen !== found.session.lastSeenAt) await db.update(consoleSessions).set({ lastSeenAt: now }).where(eq(consoleSessions.id, found.session.id));
  return {
    sessionId: found.session.id, operator: found.operator, mustEnrol: found.session.mustEnrol,
    idleExpiresAt: new Date(seen.getTime() + CONSOLE_IDLE_MS), absoluteExpiresAt: found.session.absoluteExpiresAt,
  };
}

/** For the real-time channel: the console session id of a Cookie header (an enrolled, live session), or null. */
export function consoleAuthenticator(db: Db, clock: Clock) {
  return async (cookies: string): Promise<string | null> => {
    const token = cookieValue(cookies, CONSOLE_COOKIE);
    const session = token ? await findConsoleSession(db, clock, token, false) : null;
    return session && !session.mustEnrol ? session.sessionId : null;
  };
}

/**
 * The first owner: made only while no active owner exists (npm start in development, `npm run
 * console:owner` in production). Answers the password to show once, or null when an owner exists.
 */
export async function createFirstOwner(db: Db, clock: Clock, input: { operatorId: string; name: string }): Promise<string | null> {
  const password = newOperatorPassword();
  const passHash = await hashSecret(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console.firstOwner'))`);
    const [owner] = await tx.select({ id: operators.operatorId }).from(operators).where(and(eq(operators.role, 'owner'), eq(operators.status, 'active')));
    if (owner) return null;
    const created = await tx.insert(operators).values({ operatorId: input.operatorId, name: input.name, role: 'owner', passHash, createdAt: clock.now() })
      .onConflictDoNothing().returning({ id: operators.operatorId });
    if (created.length !== 1) throw new Failure('OP006');
    await tx.insert(auditLog).values({ actor: 'system', role: 'system', action: 'operator.firstOwner', target: input.operatorId, at: clock.now() });
    return password;
  });
}
