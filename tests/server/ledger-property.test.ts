/**
 * Ledger property test: a seeded random run of many concurrent members and an operator against the real
 * server and database (app.inject, sealed calls; PGlite, or PostgreSQL with TEST_DATABASE_URL where the
 * races are real). Deposits approved and rejected, withdrawals (some over held money, some with a wrong
 * password), cancellations racing the operator, point conversions, operator grants and recoveries,
 * coupons used, gifted and double-spent, transfers inside and across partner lines, and retries with the
 * same key (in sequence, at the same time, and with a changed payload: C999).
 *
 * After the run: the ledger invariants hold, every call answered "0" left exactly its effect, and every
 * member's cash and points equal a model built only from the answers the server gave.
 * Replay a run with LEDGER_SEED=<seed> (printed in the test name).
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf, CallName, PayloadOf } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import type { CashRequest } from '../../contract/wallet';
import { hashSecret } from '../../server/member/passwords';
import { findMemberByMemId, insertMember } from '../../server/member/queries';
import { signupForm } from './fixtures';
import { seoulDay } from '../../server/clock';
import { seededRandom } from './random';
import { startTestServer, type TestServer } from './harness';
import { checkLedgerInvariants } from './invariants';

const SEED = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : Math.floor(Math.random() * 2 ** 31);
const MEMBERS = 20;
const ROUNDS = 24;
const CASH_OUT_PASS = '4321';
/** Fixed server time (noon in Seoul): outside bank maintenance, one Seoul day for the daily bonus. */
const NOON_SEOUL = new Date(Date.UTC(2030, 4, 15, 3, 0, 0));

const random = seededRandom(SEED);

interface Actor {
  index: number;
  memId: string;
  memberId: number;
  token: string;
  /** The model: won and points this member must hold, from the answers the server gave. */
  cash: number;
  points: number;
  /** The daily rewards (attendance, the wheel) already credited today. */
  rewarded: Set<string>;
  /** Wrong cash-out passwords since the last right one: near the limit (5), a call may be refused as locked (C218). */
  wrongPasswords: number;
}

/** The answers a call with the cash-out password may also get: C218 once the member's wrong tries near the limit (two may be in flight). */
const lockedOut = (actor: Actor): string[] => (actor.wrongPasswords >= 3 ? ['C218'] : []);

/** Counts a cash-out password's outcome: a wrong one adds up, a call that got through forgives them (server/member/passwordChecks.ts). */
function notePassword(actor: Actor, code: string): void {
  if (code === 'C008') actor.wrongPasswords += 1;
  else if (code === '0') actor.wrongPasswords = 0;
}

interface TrackedRequest {
  id: number;
  actor: Actor;
  direction: 'in' | 'out';
  amount: number;
  /** What the answers so far say: 0 applied, 2 waiting, 1 complete, -1 cancelled. */
  status: number;
}

interface Answered {
  call: CallName;
  actor: Actor;
  key: string;
  data: unknown;
}

let server: TestServer;
const actors: Actor[] = [];
const requests = new Map<number, TrackedRequest>();
const answered: Answered[] = [];
/** Answers the rules do not allow (a 500, an unexpected code, two winners of one race...). */
const surprises: string[] = [];
let keySequence = 0;
const newKey = () => `p${SEED.toString(36)}-${(keySequence += 1)}-${random.int(0, 1e6)}`;

/** How often each call got each code, printed after the run (a run that refuses everything proves nothing). */
const outcomes = new Map<string, number>();

function expectCode(what: string, code: string, allowed: readonly string[]): void {
  const tally = `${what.split(' ')[0]} ${code}`;
  outcomes.set(tally, (outcomes.get(tally) ?? 0) + 1);
  if (!allowed.includes(code)) surprises.push(`${what}: answered ${code}, expected one of ${allowed.join(', ')}`);
}

// ---------------------------------------------------------------- set-up

async function makePartner(memId: string): Promise<void> {
  await insertMember(server.database.db, {
    memId, memNick: `파트너${memId}`, memName: '김파트너', memPhone: '01077770002', bankCode: '004', bankacc: '77770000000002',
    passHash: await hashSecret('partner1234'), cashOutPassHash: await hashSecret('1234'), isPartner: true, partnerType: 'PTN_4',
    status: 'active', approvedAt: new Date(),
  });
}

/** Signed up, approved and logged in through the API (at once): the first 14 under partner01, the rest under partner02. */
async function makeActors(): Promise<void> {
  await makePartner('partner02');
  const forms = Array.from({ length: MEMBERS }, (_, index) =>
    signupForm({ recommenderId: index < 14 ? 'partner01' : 'partner02', cashOutPass: CASH_OUT_PASS }));
  actors.push(...await Promise.all(forms.map(async (form, index) => {
    expect((await server.call('signup', form)).resultCode).toBe('0');
    expect((await server.admin('POST', `/admin/api/signups/${form.memId}/approve`)).status).toBe(200);
    const login = await server.login(form.memId, form.memPass);
    expect(login.resultCode).toBe('0');
    const memberId = (await findMemberByMemId(server.database.db, form.memId))!.id;
    return { index, memId: form.memId, memberId, token: login.data!.token, cash: 0, points: 0, rewarded: new Set<string>(), wrongPasswords: 0 };
  })));
}

// ---------------------------------------------------------------- calls

function call<N extends CallName>(actor: Actor, name: N, payload: PayloadOf<N>): Promise<ApiAnswer<AnswerOf<N>>> {
  return server.call(name, payload, { token: actor.token });
}

interface OperatorAnswer {
  status: number;
  body: { request?: CashRequest; coupon?: { couponId: number }; resultCode?: string };
}

async function operator(method: 'POST' | 'PUT', url: string, body?: unknown): Promise<OperatorAnswer> {
  const answer = await server.admin(method, url, body);
  if (answer.status >= 500) surprises.push(`operator ${method} ${url}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer as unknown as OperatorAnswer;
}

/**
 * A money call with an idempotency key, sometimes retried: in sequence (must replay the first answer),
 * at the same time (every "0" must carry the same answer), or in sequence with a changed payload (C999).
 * Answers the code and data that count, so the caller updates the model once.
 */
async function keyed<N extends CallName>(
  actor: Actor, name: N, payload: PayloadOf<N> & { idempotencyKey: string }, allowed: readonly string[],
  changed: () => PayloadOf<N>,
): Promise<ApiAnswer<AnswerOf<N>>> {
  const what = `${name} by ${actor.memId} (${JSON.stringify(payload)})`;
  const concurrent = random.chance(0.15);
  const answers = await Promise.all(Array.from({ length: concurrent ? 2 : 1 }, () => call(actor, name, payload)));
  for (const a of answers) expectCode(what, a.resultCode, allowed);
  const winners = answers.filter((a) => a.resultCode === '0');
  if (winners.length > 1 && !isDeepStrictEqual(winners[0]!.data, winners[1]!.data)) {
    surprises.push(`${what}: two concurrent calls with one key answered differently: ${JSON.stringify(winners.map((w) => w.data))}`);
  }
  const first = winners[0] ?? answers[0]!;
  if (first.resultCode !== '0') return first;
  answered.push({ call: name, actor, key: payload.idempotencyKey, data: first.data });

  if (random.chance(0.15)) {
    const again = await call(actor, name, payload);
    if (again.resultCode !== '0' || !isDeepStrictEqual(again.data, first.data)) {
      surprises.push(`${what}: a retry with the same key answered ${again.resultCode} ${JSON.stringify(again.data)}, not the first answer`);
    }
  }
  if (random.chance(0.1)) {
    const different = await call(actor, name, changed());
    if (different.resultCode !== 'C999') surprises.push(`${what}: the same key with a different payload answered ${different.resultCode}, not C999`);
  }
  return first;
}

function track(actor: Actor, request: CashRequest, direction: 'in' | 'out'): void {
  if (requests.has(request.requestId)) surprises.push(`request ${request.requestId} was answered twice as new`);
  requests.set(request.requestId, { id: request.requestId, actor, direction, amount: request.amount, status: request.status });
}

/** A request reached its final status; the model moves its money once (a second success is a bug). */
function settle(request: TrackedRequest, status: 1 | -1, bonus: number, by: string): void {
  if (request.status === 1 || request.status === -1) {
    surprises.push(`request ${request.id}: ${by} succeeded although it was already ${request.status === 1 ? 'approved' : 'cancelled'}`);
    return;
  }
  request.status = status;
  if (request.direction === 'in' && status === 1) request.actor.cash += request.amount + bonus;
  if (request.direction === 'out' && status === -1) request.actor.cash += request.amount;
}

// ---------------------------------------------------------------- member moves

async function deposit(actor: Actor): Promise<void> {
  const amount = random.int(1, 60) * 10_000;
  const bonusYn = random.pick(['Y', 'N'] as const);
  const key = newKey();
  const answer = await keyed(actor, 'cashIn', { idempotencyKey: key, amount, bonusYn }, ['0', 'C003'],
    () => ({ idempotencyKey: key, amount: amount + 10_000, bonusYn }));
  if (answer.resultCode === '0') track(actor, answer.data!.request, 'in');
}

async function withdraw(actor: Actor): Promise<void> {
  const overHeld = random.chance(0.2);
  const amount = overHeld ? (Math.floor(actor.cash / 10_000) + random.int(1, 5)) * 10_000 : random.int(1, 10) * 10_000;
  const wrongPassword = random.chance(0.1);
  const key = newKey();
  const answer = await keyed(actor, 'cashOut', { idempotencyKey: key, amount, cashOutPass: wrongPassword ? '9999' : CASH_OUT_PASS },
    [...(wrongPassword ? ['C008', 'C202', 'C209'] : ['0', 'C202', 'C209', ...(overHeld ? ['C101'] : [])]), ...lockedOut(actor)],
    () => ({ idempotencyKey: key, amount: amount + 10_000, cashOutPass: CASH_OUT_PASS }));
  notePassword(actor, answer.resultCode);
  if (answer.resultCode !== '0') return;
  actor.cash -= amount;
  track(actor, answer.data!.request, 'out');
}

async function cancel(actor: Actor): Promise<void> {
  const own = [...requests.values()].filter((r) => r.actor === actor && r.status === 0);
  const foreign = [...requests.values()].filter((r) => r.actor !== actor);
  if (own.length === 0 || random.chance(0.15)) {
    if (foreign.length === 0) return;
    const target = random.pick(foreign);
    const answer = await call(actor, 'cashDel', { requestId: target.id });
    expectCode(`cashDel of ${target.actor.memId}'s request ${target.id} by ${actor.memId}`, answer.resultCode, ['C501']);
    return;
  }
  const target = random.pick(own);
  const answer = await call(actor, 'cashDel', { requestId: target.id });
  // The operator may move it to waiting in the same instant: then C501, and the wait wins.
  expectCode(`cashDel of request ${target.id} by ${actor.memId}`, answer.resultCode, ['0', 'C501']);
  if (answer.resultCode !== '0') return;
  if (answer.data!.request.status !== -1 || target.status === 2) {
    surprises.push(`cashDel of request ${target.id} answered status ${answer.data!.request.status}; the operator's answers say ${target.status}`);
  }
  settle(target, -1, 0, 'member cancel');
}

async function convert(actor: Actor): Promise<void> {
  const belowMinimum = random.chance(0.1);
  const amount = belowMinimum ? random.int(1, 999) : random.int(1, 30) * 1_000;
  const key = newKey();
  const answer = await keyed(actor, 'pointConvert', { idempotencyKey: key, amount },
    belowMinimum ? ['P004'] : ['0', 'P002'], () => ({ idempotencyKey: key, amount: amount + 1 }));
  if (answer.resultCode !== '0') return;
  actor.points -= amount;
  actor.cash += amount;
}

async function give(actor: Actor): Promise<void> {
  const to = random.pick(actors.filter((a) => a !== actor));
  const sameLine = (actor.index < 14) === (to.index < 14);
  const amount = random.int(1, 50) * 1_000;
  const key = newKey();
  const answer = await keyed(actor, 'give', { idempotencyKey: key, toMemId: to.memId, amount, cashOutPass: CASH_OUT_PASS },
    [...(sameLine ? ['0', 'C202'] : ['C302']), ...lockedOut(actor)],
    () => ({ idempotencyKey: key, toMemId: to.memId, amount: amount + 1, cashOutPass: CASH_OUT_PASS }));
  notePassword(actor, answer.resultCode);
  if (answer.resultCode !== '0') return;
  actor.cash -= amount;
  to.cash += amount;
}

/** Uses or gifts one of the member's available coupons; sometimes both at once (only one may win). */
async function useCoupon(actor: Actor): Promise<void> {
  const listed = await call(actor, 'couponList', { page: 1 });
  expectCode(`couponList by ${actor.memId}`, listed.resultCode, ['0']);
  const available = (listed.data?.list ?? []).filter((c) => c.status === 'available');
  if (available.length === 0) return;
  const coupon = random.pick(available);
  const credit = () => {
    if (coupon.kind === 'cash') actor.cash += coupon.amount;
    else actor.points += coupon.amount;
  };
  const to = random.pick(actors.filter((a) => a !== actor));
  const useKey = newKey();
  const giftKey = newKey();
  const use = () => keyed(actor, 'couponUse', { idempotencyKey: useKey, couponId: coupon.couponId }, ['0', 'C901'],
    () => ({ idempotencyKey: useKey, couponId: coupon.couponId + 1 }));
  const gift = () => keyed(actor, 'couponGift', { idempotencyKey: giftKey, couponId: coupon.couponId, toMemId: to.memId }, ['0', 'C901'],
    () => ({ idempotencyKey: giftKey, couponId: coupon.couponId, toMemId: actor.memId }));
  const move = random.int(0, 2);
  if (move === 0) {
    if ((await use()).resultCode === '0') credit();
    return;
  }
  if (move === 1) {
    await gift();
    return;
  }
  const [used, gifted] = await Promise.all([use(), gift()]);
  const winners = [used, gifted].filter((a) => a.resultCode === '0').length;
  if (winners !== 1) surprises.push(`coupon ${coupon.couponId} used and gifted at once: ${winners} successes`);
  if (used.resultCode === '0') credit();
}

/**
 * Attendance or a spin of the prize wheel, sometimes two or three at once with one key or different
 * keys: the clock stands still, so each member is credited at most once per kind in the whole run, and
 * every "0" answer of one key is the same answer.
 */
async function dailyReward(actor: Actor): Promise<void> {
  const name = random.chance(0.5) ? 'attendanceCheck' as const : 'rotarySpin' as const;
  const shared = newKey();
  const keys = Array.from({ length: random.int(1, 3) }, () => (random.chance(0.5) ? shared : newKey()));
  const answers = await Promise.all(keys.map((key) => call(actor, name, { idempotencyKey: key })));
  const credited = new Map<string, { points: number }>();
  answers.forEach((answer, i) => {
    expectCode(`${name} by ${actor.memId}`, answer.resultCode, ['0', name === 'attendanceCheck' ? 'AT001' : 'RT001']);
    if (answer.resultCode === '0') credited.set(keys[i]!, answer.data as { points: number });
  });
  if (credited.size === 0) return;
  if (credited.size > 1 || actor.rewarded.has(name)) surprises.push(`${name} by ${actor.memId}: credited more than once a day`);
  actor.rewarded.add(name);
  for (const [key, data] of credited) {
    actor.points += data.points;
    answered.push({ call: name, actor, key, data });
  }
}

// ---------------------------------------------------------------- operator moves

async function operatorStep(request: TrackedRequest): Promise<void> {
  const base = `/admin/api/cash-requests/${request.id}`;
  if (request.status === 0) {
    const answer = await operator('POST', `${base}/wait`);
    // The member may have cancelled it a moment earlier (409); the table is compared with the answers at the end.
    if (answer.status === 200) {
      if (request.status === 0) request.status = 2;
      else surprises.push(`request ${request.id}: moved to waiting although the member had cancelled it`);
    } else if (answer.status !== 409) {
      surprises.push(`wait of request ${request.id} (${request.status}): HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return;
  }
  if (request.status !== 2) return;
  // Sometimes two final decisions race; exactly one may win.
  const decisions = random.chance(0.2) ? ['approve', 'reject'] as const : [random.pick(['approve', 'approve', 'reject'] as const)];
  const answers = await Promise.all(decisions.map((d) => operator('POST', `${base}/${d}`, d === 'reject' ? { reason: '입금 확인 불가' } : undefined)));
  answers.forEach((answer, i) => {
    const decision = decisions[i]!;
    if (answer.status === 200) settle(request, decision === 'approve' ? 1 : -1, answer.body.request?.bonusAmount ?? 0, `operator ${decision}`);
    else if (answer.status !== 409) surprises.push(`${decision} of request ${request.id}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  });
  if (!answers.some((a) => a.status === 200)) surprises.push(`request ${request.id}: no final decision succeeded (${decisions.join(' + ')})`);
}

async function operatorPoints(actor: Actor): Promise<void> {
  const recover = random.chance(0.25);
  const amount = recover ? -random.int(1, 40) * 1_000 : random.int(1, 40) * 1_000;
  const answer = await operator('POST', `/admin/api/members/${actor.memId}/points`, { amount, reason: 'property test' });
  if (answer.status === 200) actor.points += amount;
  else if (!(recover && answer.status < 500 && answer.body.resultCode === 'P003')) {
    surprises.push(`points ${amount} for ${actor.memId}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

async function operatorCoupon(actor: Actor): Promise<void> {
  const kind = random.pick(['cash', 'point'] as const);
  const expiresAt = new Date(NOON_SEOUL.getTime() + 30 * 86_400_000).toISOString();
  const answer = await operator('POST', `/admin/api/members/${actor.memId}/coupons`, { name: '축하 쿠폰', kind, amount: random.int(1, 20) * 1_000, expiresAt });
  if (answer.status !== 200) surprises.push(`coupon for ${actor.memId}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

// ---------------------------------------------------------------- the run

const MEMBER_MOVES: [weight: number, move: (actor: Actor) => Promise<void>][] = [
  [3, deposit], [3, withdraw], [2, cancel], [2, convert], [2, give], [2, useCoupon], [1, dailyReward],
];

function memberMove(): (actor: Actor) => Promise<void> {
  const total = MEMBER_MOVES.reduce((s, [w]) => s + w, 0);
  let roll = random.next() * total;
  for (const [weight, move] of MEMBER_MOVES) {
    roll -= weight;
    if (roll < 0) return move;
  }
  return MEMBER_MOVES[0]![1];
}

async function round(): Promise<void> {
  const work: Promise<void>[] = [];
  for (const actor of actors) if (random.chance(0.7)) work.push(memberMove()(actor));
  for (const request of requests.values()) if (request.status === 0 || request.status === 2) if (random.chance(0.5)) work.push(operatorStep(request));
  for (let i = 0; i < 5; i += 1) work.push(random.chance(0.6) ? operatorPoints(random.pick(actors)) : operatorCoupon(random.pick(actors)));
  await Promise.all(work);
}

/** Every call answered "0" left its effect: its key is recorded, its request or ledger transaction exists. */
async function missingEffects(): Promise<string[]> {
  const missing: string[] = [];
  const keys = new Set((await server.rows<{ member_id: string; key: string; call: string }>('select member_id, key, call from idempotency_keys'))
    .map((k) => `${k.member_id}/${k.key}/${k.call}`));
  const cashRows = new Map((await server.rows<{ id: string; member_id: string; status: number }>('select id, member_id, status from cash_requests'))
    .map((r) => [Number(r.id), r]));
  const ledgerKeys = new Set((await server.rows<{ idempotency_key: string }>('select idempotency_key from ledger_transactions')).map((t) => t.idempotency_key));
  for (const a of answered) {
    const label = `${a.call} ${a.key} by ${a.actor.memId}`;
    if (!keys.has(`${a.actor.memberId}/${a.key}/${a.call}`)) missing.push(`${label}: no idempotency key row`);
    const requestId = (a.data as { request?: CashRequest }).request?.requestId;
    if (requestId !== undefined && Number(cashRows.get(requestId)?.member_id) !== a.actor.memberId) missing.push(`${label}: cash request ${requestId} missing`);
    if ((a.call === 'pointConvert' || a.call === 'give') && !ledgerKeys.has(`${a.call}:${a.actor.memberId}:${a.key}`)) missing.push(`${label}: no ledger transaction`);
    const couponId = (a.data as { coupon?: { couponId: number } }).coupon?.couponId;
    if (a.call === 'couponUse' && !ledgerKeys.has(`couponUse:${couponId}`)) missing.push(`${label}: coupon ${couponId} never credited`);
    const reward = ({ attendanceCheck: 'attendance', rotarySpin: 'rotary' } as Record<string, string>)[a.call];
    if (reward && (a.data as { points: number }).points > 0 && !ledgerKeys.has(`${reward}:${a.actor.memberId}:${seoulDay(NOON_SEOUL)}`)) missing.push(`${label}: no ledger transaction`);
  }
  for (const request of requests.values()) {
    const row = cashRows.get(request.id);
    if (row && Number(row.status) !== request.status) missing.push(`request ${request.id}: answers said status ${request.status}, the table says ${row.status}`);
  }
  return missing;
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  expect((await server.admin('PUT', '/admin/api/test/clock', { now: NOON_SEOUL.toISOString() })).status).toBe(200);
  // No re-request wait: the run is about money, not pacing.
  expect((await server.admin('PUT', '/admin/api/wallet-settings', { rerequestWaitMinutes: 0 })).status).toBe(200);
  await makeActors();
}, 60_000);
afterAll(async () => { await server?.close(); });

describe('ledger under a random concurrent run', () => {
  it(`never creates, loses or double-spends a won (seed ${SEED}; replay with LEDGER_SEED=${SEED})`, async () => {
    console.log(`ledger property run: seed ${SEED} on ${server.database.kind}`);
    for (let i = 0; i < ROUNDS; i += 1) await round();
    console.log([...outcomes].sort().map(([tally, n]) => `  ${tally}: ${n}`).join('\n'));

    expect(surprises).toEqual([]);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
    expect(await missingEffects()).toEqual([]);
    const balances = await server.rows<{ member_id: string; currency: string; balance: string }>(
      `select member_id, currency, balance from ledger_accounts where owner_kind = 'member' and currency in ('KRW', 'POINT')`);
    const held = (actor: Actor, currency: string) => Number(balances.find((b) => Number(b.member_id) === actor.memberId && b.currency === currency)?.balance ?? 0);
    expect(actors.map((a) => ({ memId: a.memId, cash: held(a, 'KRW'), points: held(a, 'POINT') })))
      .toEqual(actors.map((a) => ({ memId: a.memId, cash: a.cash, points: a.points })));
    // The run did move money of every kind (a run that refused everything would prove nothing).
    const calls = new Set(answered.map((a) => a.call));
    expect([...calls]).toEqual(expect.arrayContaining(['cashIn', 'cashOut', 'couponGift', 'couponUse', 'give', 'pointConvert', 'attendanceCheck', 'rotarySpin']));
    expect([...requests.values()].some((r) => r.status === 1) && [...requests.values()].some((r) => r.status === -1)).toBe(true);
  }, 120_000);
});
