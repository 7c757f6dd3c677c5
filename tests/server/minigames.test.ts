/**
 * Mini games through the API: a round opens on its slot, a member bets before the cutoff (stake out of
 * held money, a `bets` row of type wait), the round draws from its committed seed and settles once
 * (win paid, `bets` row follows), bad input moves nothing, a bet after the cutoff is refused, a void
 * refunds; the operator's settings and exposure; the chain replays to its published terminal hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawRound, hashSeed, hashTimes } from '../../contract/fairness';
import { findSelection, factsOf, type MiniBoard, type MiniRound } from '../../contract/minigames';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let member: TestMember;
let key = 0;
const nextKey = () => `minitest-${process.pid}-${(key += 1)}`;

async function setClock(iso: string | null) {
  const answer = await server.admin('PUT', '/admin/api/test/clock', { now: iso });
  expect(answer.status).toBe(200);
}
async function tick() {
  expect((await server.admin('POST', '/admin/api/minigames/tick')).status).toBe(200);
}
async function board(game = 'powerball', token = member.token): Promise<MiniBoard> {
  const answer = await server.call('miniBoard', { game }, { token });
  expect(answer.resultCode).toBe('0');
  return answer.data!;
}
async function bet(round: MiniRound, market: string, selection: string, amount: unknown, token = member.token, idempotencyKey = nextKey()) {
  return server.callUnchecked('betProc', { idempotencyKey, game: round.game, roundId: round.roundId, market, selection, amount }, { token });
}
async function cash(m = member) {
  return (await memberBalances(server, m.memId)).cashAmt;
}
async function giveCash(m: TestMember, amount: number) {
  await server.rows(`select ledger_post('seed-${m.memberId}-${amount}-${key += 1}', 'test.grant', array[${m.memberId}, null]::bigint[], array[null, 'coupons']::text[], array['KRW','KRW']::text[], array[${amount}, ${-amount}]::bigint[])`);
}

beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  member = await enrolMember(server);
  await giveCash(member, 2_000_000);
  // 12:01:00 Seoul: the 5-minute round drawing at 12:05 (round 145) takes bets until 12:04:30.
  await setClock('2026-11-23T03:01:00Z');
  await tick();
});
afterAll(async () => {
  await server?.close();
});

describe('a powerball round', () => {
  let round: MiniRound;
  let betAnswer: Awaited<ReturnType<typeof bet>>;

  it('opens on its Seoul slot with a committed seed hash', async () => {
    const b = await board();
    round = b.round!;
    expect(round).toMatchObject({ day: '2026-11-23', roundNo: 1, status: 'open', seed: null, draw: null });
    expect(round.drawsAt).toBe('2026-11-23T03:05:00.000Z');
    expect(round.closesAt).toBe('2026-11-23T03:04:30.000Z');
    expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.odds.pbOddEven).toEqual({ odd: 195, even: 195 });
  });

  it('takes a bet: the stake leaves held money and the betting history shows it waiting', async () => {
    const before = await cash();
    betAnswer = await bet(round, 'pbOddEven', 'odd', 10_000);
    expect(betAnswer.resultCode).toBe('0');
    expect(await cash()).toBe(before - 10_000);
    const [row] = await server.rows<Record<string, unknown>>(`select group_key, type, stake, win, game_type, source_ref, detail from bets`);
    expect(row).toMatchObject({ group_key: 'minigame', type: 'wait', game_type: 'pbOddEven' });
    expect(Number(row!.stake)).toBe(10_000);
    expect(row!.source_ref).toBe(`mini:${(betAnswer.data as { bet: { betId: number } }).bet.betId}`);
  });

  it('refuses bad input with its code and moves nothing', async () => {
    const before = await cash();
    const bets = await server.count('mini_bets');
    const cases: [string, string, string, unknown, string][] = [
      ['nogame', 'pbOddEven', 'odd', 10_000, 'B0201'],
      ['powerball', 'nomarket', 'odd', 10_000, 'B0201'],
      ['powerball', 'pbOddEven', 'left', 10_000, 'B0201'],
      ['powerball', 'sumOddEven', 'odd', -5, 'R003'],
      ['powerball', 'sumOddEven', 'odd', 10_000.5, 'R003'],
      ['powerball', 'sumOddEven', 'odd', 'abc', 'R003'],
      ['powerball', 'sumOddEven', 'odd', 1e30, 'R003'],
      ['powerball', 'sumOddEven', 'odd', 999_999_999, 'B6002'],
      ['powerball', 'sumOddEven', 'odd', 500, 'B6001'],
      ['powerball', 'pbOddEven', 'even', 10_000, 'B6005'],
    ];
    for (const [game, market, selection, amount, code] of cases) {
      const answer = await bet({ ...round, game: game as never }, market, selection, amount);
      expect(answer.resultCode, `${game} ${market} ${selection} ${String(amount)}`).toBe(code);
    }
    expect((await bet({ ...round, roundId: round.roundId + 999 }, 'sumOddEven', 'odd', 10_000)).resultCode).toBe('B0202');
    expect((await bet(round, 'sumOddEven', 'odd', 10_000, 'not-a-token')).resultCode).toBe('TK001');
    expect(await cash()).toBe(before);
    expect(await server.count('mini_bets')).toBe(bets);
  });

  it('answers a replayed key with the first answer and takes nothing more', async () => {
    const before = await cash();
    const idem = nextKey();
    const first = await bet(round, 'sumUnderOver', 'under', 20_000, member.token, idem);
    const again = await bet(round, 'sumUnderOver', 'under', 20_000, member.token, idem);
    expect(again).toEqual(first);
    expect(await cash()).toBe(before - 20_000);
    expect((await bet(round, 'sumUnderOver', 'over', 20_000, member.token, idem)).resultCode).toBe('C999');
  });

  it('refuses a bet after the cutoff', async () => {
    await setClock('2026-11-23T03:04:30Z');
    const before = await cash();
    expect((await bet(round, 'sumSize', 'small', 10_000)).resultCode).toBe('B0202');
    expect(await cash()).toBe(before);
  });

  it('draws from the committed seed, settles once and pays the win', async () => {
    const before = await cash();
    await setClock('2026-11-23T03:05:01Z');
    await tick();
    const b = await board();
    const drawn = b.recent.find((r) => r.roundId === round.roundId)!;
    expect(drawn.status).toBe('settled');
    expect(await hashSeed(drawn.seed!)).toBe(round.seedHash);
    expect(await drawRound('powerball', drawn.seed!, drawn.day, drawn.roundNo)).toEqual(drawn.draw);
    const facts = factsOf('powerball', drawn.draw as never);
    const oddWins = findSelection('powerball', 'pbOddEven', 'odd')!.selection.wins(facts);
    const underWins = findSelection('powerball', 'sumUnderOver', 'under')!.selection.wins(facts);
    const expected = (oddWins ? 19_500 : 0) + (underWins ? Math.floor(20_000 * b.odds.sumUnderOver!.under! / 100) : 0);
    expect(await cash()).toBe(before + expected);
    const rows = await server.rows<{ type: string; win: string }>(`select type, win::text from bets order by id`);
    expect(rows.map((r) => r.type)).toEqual([oddWins ? 'win' : 'lose', underWins ? 'win' : 'lose']);
    const [detail] = await server.rows<{ seed: string; draw: unknown }>(`select detail #>> '{proof,serverSeed}' as seed, detail #> '{outcome,draw}' as draw from bets order by id limit 1`);
    expect(detail).toEqual({ seed: drawn.seed, draw: drawn.draw });
    // The member's bet detail answers the pick and the draw as data, for the screen to word.
    const [first] = await server.rows<{ id: string }>(`select id::text from bets order by id limit 1`);
    const answered = await server.call('betDetail', { betId: first!.id }, { token: member.token });
    expect(answered.data!.bet.outcome).toEqual({
      kind: 'mini', mini: { game: 'powerball', market: 'pbOddEven', selection: 'odd', oddsCents: 195, draw: drawn.draw, void: false },
    });
    // A second tick (or a second server) settles nothing again.
    await tick();
    expect(await cash()).toBe(before + expected);
    expect(await server.count('mini_settlements')).toBe(2);
    expect(b.round!.roundNo).toBe(2);
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('replays the chain: each revealed seed hashes to the one before, down to the published terminal hash', async () => {
    await setClock('2026-11-23T03:10:01Z');
    await tick();
    const results = await server.call('powerballResult', { game: 'powerball', page: 1 }, { token: member.token });
    const [newer, older] = results.data!.list;
    expect(await hashSeed(newer!.seed!)).toBe(older!.seed);
    const chain = results.data!.chains.at(-1)!;
    expect(await hashTimes(older!.seed!, 1)).toBe(chain.terminalHash);
  });
});

describe('voiding and the operator', () => {
  it('voids a round and refunds every bet; refuses a second void', async () => {
    const round = (await board()).round!;
    const before = await cash();
    expect((await bet(round, 'pbSection', 'A', 30_000)).resultCode).toBe('0');
    const exposure = await server.admin('GET', `/admin/api/minigames/rounds/${round.roundId}/exposure`);
    expect(exposure.status).toBe(200);
    const voided = await server.admin('POST', `/admin/api/minigames/rounds/${round.roundId}/void`);
    expect(voided.status).toBe(200);
    expect(await cash()).toBe(before);
    expect((await server.admin('POST', `/admin/api/minigames/rounds/${round.roundId}/void`)).status).toBe(409);
    const [row] = await server.rows<{ type: string }>(`select type from bets order by id desc limit 1`);
    expect(row!.type).toBe('cancel');
    expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  });

  it('applies the margin and limits the operator sets, refuses a bad setting, audits both', async () => {
    expect((await server.admin('PUT', '/admin/api/minigames/powerball/settings', { margins: { pbOddEven: 9_000 } })).status).toBe(200);
    expect((await board()).odds.pbOddEven).toEqual({ odd: 180, even: 180 });
    expect((await server.admin('PUT', '/admin/api/minigames/powerball/settings', { cutoffSec: 600 })).status).toBe(400);
    expect((await server.admin('PUT', '/admin/api/minigames/powerball/settings', { margins: { pbOddEven: 10_500 } })).status).toBe(400);
    const audited = await server.rows<{ n: number }>(`select count(*)::int as n from audit_log where action like 'minigame.%'`);
    expect(Number(audited[0]!.n)).toBeGreaterThan(2);
  });

  it('refuses a member without bet permission (B1001), one without the money (B6000) and a suspended one (B1002)', async () => {
    await setClock('2026-11-23T03:15:01Z');
    await tick();
    const round = (await board()).round!;
    await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: false });
    expect((await bet(round, 'sumOddEven', 'odd', 10_000)).resultCode).toBe('B1001');
    await server.admin('PUT', `/admin/api/minigames/members/${member.memId}/bet-permission`, { allowed: true });
    const poor = await enrolMember(server);
    expect((await bet(round, 'sumOddEven', 'odd', 10_000, poor.token)).resultCode).toBe('B6000');
    await server.admin('PUT', `/admin/api/members/${poor.memId}/restrictions`, { suspended: true });
    expect((await bet(round, 'sumOddEven', 'odd', 10_000, poor.token)).resultCode).toBe('B1002');
  });

  it('takes a bet at the odds of the margin the operator set after the server last read the settings, never the old ones', async () => {
    const round = (await board()).round!;
    expect((await board()).odds.pbOddEven).toEqual({ odd: 180, even: 180 });
    expect((await server.admin('PUT', '/admin/api/minigames/powerball/settings', { margins: { pbOddEven: 9_500 } })).status).toBe(200);
    const placed = await bet(round, 'pbOddEven', 'odd', 10_000);
    expect(placed.resultCode).toBe('0');
    const betId = (placed.data as { bet: { betId: number; oddsCents: number } }).bet.betId;
    expect((placed.data as { bet: { oddsCents: number } }).bet.oddsCents).toBe(190);
    const [row] = await server.rows<{ odds: number; detail: number }>(`select b.odds_cents as odds, (h.detail ->> 'oddsCents')::int as detail
      from mini_bets b join bets h on h.source_ref = 'mini:' || b.id where b.id = ${betId}`);
    expect(row).toEqual({ odds: 190, detail: 190 });

    // The function itself refuses odds computed from a margin the settings no longer give, keeping nothing (the key included).
    const before = await cash();
    const bets = await server.count('mini_bets');
    const stale = `select mini_bet(${member.memberId}, 'stale-odds', 'hash', 'powerball', ${round.roundId}, 'pbUnderOver', 'under', 10000, 180, 9000,
      '2026-11-23T03:15:02Z', '{}', '{}', 'mini.game.powerball')`;
    const refusal = await server.rows(stale).then(() => null, (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code);
    expect(refusal).toBe('HB002');
    expect(await cash()).toBe(before);
    expect(await server.count('mini_bets')).toBe(bets);
    expect(await server.rows(`select 1 from idempotency_keys where key = 'stale-odds'`)).toEqual([]);
  });

  it('answers B9999 while the member has a bet on a round past its draw that is not settled', async () => {
    const round = (await board()).round!;
    expect((await bet(round, 'sumOddEven', 'even', 10_000)).resultCode).toBe('0');
    // The draw time passes, the scheduler has not run yet: the next round is not even made, so use SQL to open one.
    await setClock('2026-11-23T03:20:01Z');
    await server.rows(`insert into mini_rounds (game, day, round_no, opens_at, closes_at, draws_at, chain_id, chain_use, seed_hash)
      select game, day, 99, '2026-11-23T03:20:00Z', '2026-11-23T03:24:30Z', '2026-11-23T03:25:00Z', chain_id, chain_use, seed_hash from mini_rounds where id = ${round.roundId}`);
    const [next] = await server.rows<{ id: number }>(`select id from mini_rounds where round_no = 99`);
    expect((await bet({ ...round, roundId: Number(next!.id) }, 'sumOddEven', 'odd', 10_000)).resultCode).toBe('B9999');
    await server.rows(`delete from mini_rounds where round_no = 99`);
    await tick();
  });
});

describe('the other games', () => {
  it('keno ladder draws from its speed keno round', async () => {
    await setClock('2026-11-23T03:31:00Z');
    await tick();
    await setClock('2026-11-23T03:35:01Z');
    await tick();
    const keno = (await board('speedkino')).recent[0]!;
    const ladder = (await board('kinoladder')).recent[0]!;
    expect(ladder.roundNo).toBe(keno.roundNo);
    expect(ladder.seed).toBe(keno.seed);
    const draw = ladder.draw as { numbers: number[]; start: string };
    expect(draw.numbers).toEqual((keno.draw as { numbers: number[] }).numbers);
    expect(draw.start).toBe(draw.numbers[0]! % 2 === 1 ? 'left' : 'right');
    expect((await board('powerladder')).recent[0]!.draw).toHaveProperty('finish');
  });
});
