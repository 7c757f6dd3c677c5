/**
 * Four-eyes (issue 22): an operator call that a rule below catches does not run; it is kept as an approval
 * (the exact call, path parameters and body, and their sha256) and answered 202 OP010. A second operator,
 * never the maker and allowed the call by their role, approves by sending back the hash they were shown;
 * the one conditional update that moves it from pending to executed lets exactly one approval of a burst
 * through, and the call then runs through the operator API itself (scope.ts) as the maker's, with the
 * approval's id in its audit row. Pending approvals expire after the set minutes. The database announces
 * each new or decided approval on the operator topic (migration 0023).
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  type Approval, type ApprovalPayload, type ApprovalStatus, canonicalJson, type FourEyesAction, type FourEyesSettings,
  OPERATOR_CALLS, type OperatorCall, roleMayCall, type OperatorRole,
} from '../../contract/console';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { approvals, fourEyesSettings } from '../db/schema';
import { Failure } from '../failure';
import type { Audit, OperatorContext } from '../admin/audit';

export const payloadHash = (payload: ApprovalPayload) => createHash('sha256').update(canonicalJson(payload)).digest('hex');

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? value as Fields : {});
const amountOf = (body: unknown) => (Number.isSafeInteger(fields(body).amount) ? fields(body).amount as number : 0);

async function firstRow<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0];
}

/** Which four-eyes action a call is, if it is one (the thresholds are the operator's settings). */
async function actionOf(db: Db, settings: FourEyesSettings, payload: ApprovalPayload): Promise<FourEyesAction | null> {
  const { call, params, body } = payload;
  switch (call) {
    case 'POST /cash-requests/:id/approve': {
      const id = Number(params.id);
      if (!Number.isSafeInteger(id)) return null;
      const row = await firstRow<{ direction: string; amount: string }>(db, sql`select direction, amount from cash_requests where id = ${id}`);
      return row && row.direction === 'out' && Number(row.amount) >= settings.withdrawalMin ? 'withdrawal' : null;
    }
    case 'POST /members/:memId/coupons':
      if (fields(body).kind === 'point') return amountOf(body) > settings.pointGrantMax ? 'pointGrant' : null;
      return fields(body).kind === 'cash' && amountOf(body) > settings.adjustmentMax ? 'balanceAdjustment' : null;
    case 'POST /members/:memId/points':
      return Math.abs(amountOf(body)) > settings.pointGrantMax ? 'pointGrant' : null;
    case 'PUT /partners/:memId/rates': {
      const row = await firstRow<{ top: boolean }>(db, sql`select not exists (select 1 from partner_tree t join members a on a.id = t.ancestor_id
        where t.descendant_id = m.id and t.depth > 0 and a.is_partner) as top from members m where lower(m.mem_id) = lower(${params.memId ?? ''}) and m.is_partner`);
      return row?.top ? 'partnerTopRate' : null;
    }
    case 'POST /sports/fixtures/:fixtureId/result': {
      const row = await firstRow<{ rev: number }>(db, sql`select result_rev as rev from sport_fixtures where fixture_id = ${params.fixtureId ?? ''}`);
      return row && Number(row.rev) > 0 ? 'resultCorrection' : null;
    }
    case 'POST /partners/settlements/:id/reverse':
      return 'settlementReversal';
    // Voiding a settled bet reverses its payout; voiding a market of a resulted fixture judges its bets again.
    case 'POST /sports/bets/:betId/void': {
      const id = Number(params.betId);
      if (!Number.isSafeInteger(id)) return null;
      const row = await firstRow<{ revision: number }>(db, sql`select revision from sport_bets where id = ${id}`);
      return row && Number(row.revision) > 0 ? 'settlementReversal' : null;
    }
    case 'POST /sports/markets/:marketId/void': {
      const row = await firstRow<{ rev: number }>(db, sql`select f.result_rev as rev from sport_markets m join sport_fixtures f on f.fixture_id = m.fixture_id
        where m.market_id = ${params.marketId ?? ''}`);
      return row && Number(row.rev) > 0 ? 'settlementReversal' : null;
    }
    case 'PUT /sports/margins':
      return 'oddsOverride';
    case 'PUT /members/:memId/restrictions':
      return Object.values(fields(body)).includes(false) ? 'restrictionLift' : null;
    // The member's other restrictions: the game lock and the mini games' bet ban, lifted.
    case 'PUT /games/members/:memId/lock':
      return fields(body).locked === false ? 'restrictionLift' : null;
    case 'PUT /minigames/members/:memId/bet-permission':
      return fields(body).allowed === true ? 'restrictionLift' : null;
    default:
      return null;
  }
}

type ApprovalRow = typeof approvals.$inferSelect;

function approvalOf(row: ApprovalRow): Approval {
  return {
    id: row.id, action: row.action, payload: row.payload as ApprovalPayload, payloadHash: row.payloadHash, makerId: row.makerId,
    makerRole: row.makerRole as Approval['makerRole'], status: row.status, createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(), checkerId: row.checkerId, decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason, result: row.result ?? null,
  };
}

/** What running an approved call answered (the operator API's HTTP status and JSON body). */
export interface CallOutcome {
  status: number;
  body: unknown;
}

export interface ApprovalsDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
}

export function createApprovals({ db, clock, audit }: ApprovalsDeps) {
  async function settings(): Promise<FourEyesSettings> {
    const [row] = await db.select().from(fourEyesSettings).where(eq(fourEyesSettings.id, 1));
    const { withdrawalMin, adjustmentMax, pointGrantMax, expiryMinutes } = row!;
    return { withdrawalMin, adjustmentMax, pointGrantMax, expiryMinutes };
  }

  async function expire(): Promise<void> {
    await db.update(approvals).set({ status: 'expired' }).where(and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, clock.now())));
  }

  async function byId(id: number): Promise<ApprovalRow> {
    const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
    if (!row) throw new Failure('OP007');
    return row;
  }

  /** A checker refused (a role not allowed the call, or the maker): the refusal's audit row, then the code. */
  async function refused(checker: OperatorContext, id: number, payload: ApprovalPayload, step: 'approve' | 'reject', code: 'OP004' | 'OP009'): Promise<never> {
    await audit.write(db, { ...checker, approvalId: id }, { action: 'refused', target: payload.call, detail: { approval: step, code } });
    throw new Failure(code);
  }

  return {
    settings,

    get: async (id: number): Promise<Approval> => approvalOf(await byId(id)),

    async changeSettings(change: Partial<FourEyesSettings>, ctx: OperatorContext): Promise<FourEyesSettings> {
      const before = await settings();
      await audit.run(ctx, { action: 'fourEyes.settings', before, after: change }, (tx) => tx.update(fourEyesSettings).set(change).where(eq(fourEyesSettings.id, 1)));
      return settings();
    },

    /**
     * The approval a call must wait for, made now (with its audit row), or null when the call may run.
     * A call that runs for an approval passes `executing`: it runs only with the approved payload.
     */
    async gate(ctx: OperatorContext, payload: ApprovalPayload): Promise<Approval | null> {
      if (ctx.approvalId != null) {
        const row = await byId(ctx.approvalId);
        if (row.status !== 'executed' || row.result !== null || row.payloadHash !== payloadHash(payload)) throw new Failure('OP008');
        return null;
      }
      const current = await settings();
      const action = await actionOf(db, current, payload);
      if (action === null) return null;
      const now = clock.now();
      const hash = payloadHash(payload);
      const row = await audit.run(ctx, { action: 'approval.request', target: payload.call, detail: { fourEyes: action, payloadHash: hash } }, async (tx) => {
        const [created] = await tx.insert(approvals).values({
          action, payload, payloadHash: hash, makerId: ctx.actor, makerRole: ctx.role, createdAt: now,
          expiresAt: new Date(now.getTime() + current.expiryMinutes * 60_000),
        }).returning();
        return created!;
      });
      return approvalOf(row);
    },

    /** The approvals of a status that `viewer` may check (their role may make the call) or made; the owner sees all. */
    async list(status: ApprovalStatus, viewer: { operatorId: string; role: OperatorRole }): Promise<Approval[]> {
      await expire();
      const checkable = (Object.keys(OPERATOR_CALLS) as OperatorCall[]).filter((call) => roleMayCall(viewer.role, call));
      const theirs = viewer.role === 'owner' ? undefined
        : or(eq(approvals.makerId, viewer.operatorId), inArray(sql<string>`${approvals.payload}->>'call'`, checkable));
      const rows = await db.select().from(approvals).where(and(eq(approvals.status, status), theirs)).orderBy(desc(approvals.id)).limit(200);
      return rows.map(approvalOf);
    },

    /**
     * Approves and runs: OP007 unknown, OP004 a role not allowed the call, OP009 the maker, OP008 not
     * pending, expired or another payload's hash. One of a burst wins; the others answer OP008.
     */
    async approve(id: number, hash: string, checker: OperatorContext & { role: OperatorRole }, run: (approval: Approval) => Promise<CallOutcome>): Promise<Approval> {
      const row = await byId(id);
      const payload = row.payload as ApprovalPayload;
      if (!roleMayCall(checker.role, payload.call)) await refused(checker, id, payload, 'approve', 'OP004');
      if (row.makerId === checker.actor) await refused(checker, id, payload, 'approve', 'OP009');
      const now = clock.now();
      const won = await audit.run({ ...checker, approvalId: id }, { action: 'approval.approve', target: payload.call, detail: { payloadHash: hash } }, async (tx) => {
        const [updated] = await tx.update(approvals).set({ status: 'executed', checkerId: checker.actor, decidedAt: now })
          .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'), eq(approvals.payloadHash, hash), sql`${approvals.expiresAt} > ${now.toISOString()}::timestamptz`))
          .returning();
        if (!updated) throw new Failure('OP008');
        return updated;
      });
      const outcome = await run(approvalOf(won));
      const ok = outcome.status >= 200 && outcome.status < 300;
      const code = String(fields(outcome.body).resultCode ?? outcome.status);
      const [done] = await db.update(approvals)
        .set(ok ? { result: (outcome.body ?? {}) as object } : { status: 'failed', reason: code, result: (outcome.body ?? {}) as object })
        .where(eq(approvals.id, id)).returning();
      return approvalOf(done!);
    },

    async reject(id: number, reason: string, checker: OperatorContext & { role: OperatorRole }): Promise<Approval> {
      const row = await byId(id);
      if (!roleMayCall(checker.role, (row.payload as ApprovalPayload).call) && row.makerId !== checker.actor) {
        await refused(checker, id, row.payload as ApprovalPayload, 'reject', 'OP004');
      }
      const now = clock.now();
      const rejected = await audit.run({ ...checker, approvalId: id }, { action: 'approval.reject', target: (row.payload as ApprovalPayload).call, reason }, async (tx) => {
        const [updated] = await tx.update(approvals).set({ status: 'rejected', checkerId: row.makerId === checker.actor ? null : checker.actor, decidedAt: now, reason })
          .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'))).returning();
        if (!updated) throw new Failure('OP008');
        return updated;
      });
      return approvalOf(rejected);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
