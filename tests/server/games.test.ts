/**
 * Games on the site's side, against the house vendor mounted in the same server and reached over HTTP:
 * vendor and game lists, every launch code, the merge, bad input that must move nothing, the vendor
 * misbehaving (fault switch), a burst of one member's launches and merges. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCH_BURST } from '../../contract/games';
import { gamesOf } from '../../server/app';
import { playerOf, VendorRefused } from '../../server/games/adapter';
import { DEMO_CASH } from '../../server/seed';
import { findGame as findVendorGame } from '../../gameProvider/catalogue';
import { openVendorDatabase } from '../../gameProvider/db/client';
import { createRounds } from '../../gameProvider/rounds';
import { verifySpin } from '../../gameProvider/verify';
import { checkLedgerInvariants } from './invariants';
import { enrolMember, memberBalances, type TestMember } from './fixtures';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './harness';
import { fund, fundedMember, gamesAdapter, key, moneyOf, setFaults, vendorBonus } from './gamesFixtures';

let server: TestServer;
let demo: TestMember;
const SLOT = { vendorKey: 'pragslot', gameType: 'slot' };
let slotKey: string;
/** Transfers a test made at the vendor behind the site's back: reconciliation must report exactly these. */
const strayIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { listen: true });
  await gamesOf(server.app).sync();
  const login = await server.login('demo01', 'demo1234');
  demo = { memId: 'demo01', memPass: 'demo1234', token: login.data!.token, memberId: 0 };
  demo.memberId = (await server.rows<{ id: number }>("select id from members where mem_id = 'demo01'"))[0]!.id;
  const list = await server.call('gameList', { vendorKey: 'pragslot' });
  slotKey = list.data!.games[0]!.key;
});
afterEach(async () => {
  await setFaults(server, []);
  await server.admin('PUT', '/admin/api/test/clock', { now: null });
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
});
afterAll(async () => { await server.close(); });

/** Rows that a refused call must leave as they were. */
async function footprint() {
  return {
    transfers: await server.count('game_transfers'),
    ledger: await server.count('ledger_transactions'),
    launches: await server.count('game_launches'),
  };
}

const launch = (member: TestMember, payload: Partial<{ vendorKey: string; gameType: string; gameKey: string }> = {}) =>
  server.call('getGame', { ...SLOT, gameKey: slotKey, ...payload }, { token: member.token });

describe('vendors and games', () => {
  it('lists a vendor\'s games with art on the vendor, hotel slots numbered SLOT01.., hotel casino tables, and unknown vendors refused', async () => {
    const games = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games;
    expect(games.length).toBeGreaterThan(1);
    expect(games[0]).toMatchObject({ category: 'slot', image: expect.stringMatching(/^\/vendor\//) });
    expect(games[0]!.names.ko).not.toBe('');
    const hotel = (await server.call('gameList', { vendorKey: 'H-habanerohotel' })).data!.games;
    expect(hotel.map((g) => g.id).slice(0, 2)).toEqual(['SLOT01', 'SLOT02']);
    const bySlotsPath = await server.call('slotGames', { prodId: '200', type: 'slot' });
    expect(bySlotsPath.data!.games.map((g) => g.key)).toEqual(games.map((g) => g.key));
    expect((await server.call('gameList', { vendorKey: 'HC-dreamhotel' })).data!.games.map((g) => g.category)).toEqual(['live']);
    expect((await server.call('gameList', { vendorKey: 'nosuchvendor' })).resultCode).toBe('B0092');
    expect((await server.call('slotGames', { prodId: '999', type: 'slot' })).resultCode).toBe('B0092');
  });

  it('leaves hidden vendors out of the game codes and marks those under maintenance; a game switched off leaves its list', async () => {
    const codes = async () => (await server.call('gameCodes', { masterCode: 'GAME' })).data!.codes;
    expect((await codes()).find((c) => c.code === '200')?.vendorState).toBeUndefined();
    expect((await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'maintenance' })).status).toBe(200);
    expect((await codes()).find((c) => c.code === '200')?.vendorState).toBe('maintenance');
    expect((await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'hidden' })).status).toBe(200);
    expect((await codes()).find((c) => c.code === '200')).toBeUndefined();
    expect((await server.call('gameList', { vendorKey: 'pragslot' })).resultCode).toBe('B0092');
    expect((await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'shown' })).status).toBe(200);

    const before = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games.length;
    expect((await server.admin('PUT', `/admin/api/games/catalog/${slotKey}`, { enabled: false })).status).toBe(200);
    expect((await server.call('gameList', { vendorKey: 'pragslot' })).data!.games.length).toBe(before - 1);
    expect((await server.admin('PUT', `/admin/api/games/catalog/${slotKey}`, { enabled: true })).status).toBe(200);
    const audited = await server.rows<{ action: string }>("select action from audit_log where action like 'games.%'");
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['games.vendorState', 'games.switch']));
  });
});

describe('launching', () => {
  it('answers each refusal with its code and moves nothing', async () => {
    const partner = await server.login('partner01', 'partner1234');
    const cases: [string, () => Promise<{ resultCode: string }>, string][] = [
      ['guest', () => server.call('getGame', { ...SLOT, gameKey: slotKey }), 'TK001'],
      ['partner', () => launch({ ...demo, token: partner.data!.token }), 'B0095'],
      ['unknown vendor', () => launch(demo, { vendorKey: 'nosuchvendor' }), 'B0092'],
      ['unknown game', () => launch(demo, { gameKey: 'slot-pragslot-nosuch' }), 'B0092'],
      ['game of another vendor', () => launch(demo, { vendorKey: 'habanero' }), 'B0092'],
      ['wrong game type', () => launch(demo, { gameType: 'live' }), 'B0092'],
      ['hostile key', () => launch(demo, { gameKey: "x' or 1=1 --" }), 'R003'],
    ];
    const before = await footprint();
    for (const [what, run, code] of cases) expect((await run()).resultCode, what).toBe(code);

    await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'maintenance' });
    expect((await launch(demo)).resultCode).toBe('B0093');
    await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'hidden' });
    expect((await launch(demo)).resultCode).toBe('B0092');
    await server.admin('PUT', '/admin/api/games/vendors/200', { state: 'shown' });
    await server.admin('PUT', `/admin/api/games/catalog/${slotKey}`, { enabled: false });
    expect((await launch(demo)).resultCode).toBe('B0092');
    await server.admin('PUT', `/admin/api/games/catalog/${slotKey}`, { enabled: true });

    await server.admin('PUT', '/admin/api/games/members/demo01/lock', { locked: true });
    expect((await launch(demo)).resultCode).toBe('B1002');
    await server.admin('PUT', '/admin/api/games/members/demo01/lock', { locked: false });

    await server.admin('PUT', '/admin/api/members/demo01/restrictions', { suspended: true });
    expect((await launch(demo)).resultCode).toBe('B0091');
    await server.admin('PUT', '/admin/api/members/demo01/restrictions', { suspended: false });

    expect(await footprint()).toEqual(before);
    expect((await moneyOf(server, demo.memberId)).cash).toBe(DEMO_CASH);
  });

  it('refuses a member without money (B0099) and one with a deposit open when the operator says so (F001)', async () => {
    const poor = await fundedMember(server, 0);
    const before = await footprint();
    expect((await launch(poor)).resultCode).toBe('B0099');
    expect(await footprint()).toEqual(before);

    const waiting = await fundedMember(server, 100_000);
    expect((await server.call('cashIn', { idempotencyKey: key(), amount: 100_000 }, { token: waiting.token })).resultCode).toBe('0');
    expect((await server.admin('PUT', '/admin/api/games/settings', { blockWhileCashOpen: true })).status).toBe(200);
    expect((await launch(waiting)).resultCode).toBe('F001');
    expect((await server.admin('PUT', '/admin/api/games/settings', { blockWhileCashOpen: false })).status).toBe(200);
    expect((await launch(waiting)).resultCode).toBe('0');
  });

  it('moves all integrated money into the game, shows it as game money, and opens the game', async () => {
    const member = await fundedMember(server, 300_000);
    const answer = await launch(member);
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.gameurl).toContain(`/play/${slotKey}`);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 300_000, vendor: 300_000 });
    const balance = (await server.call('balance', {}, { token: member.token })).data!;
    expect(balance).toEqual({ balance: 0, isPlayGame: 'Y', gameMoney: 300_000 });
    expect(server.push.pushed.some((p) => p.target === member.memId && p.msg.cmd === 'CASH' && p.msg.data1 === 0)).toBe(true);

    // A second launch reuses the game money; a deposit approved meanwhile moves in too.
    await fund(server, member, 100_000);
    expect((await launch(member, { gameKey: (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[1]!.key })).resultCode).toBe('0');
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 400_000, vendor: 400_000 });
  });

  it('with the cash flag N opens the game on the game money already there', async () => {
    const member = await fundedMember(server, 100_000);
    expect((await server.call('changeMemCashFlag', {}, { token: member.token })).data).toEqual({ memCashFlag: 'N' });
    expect((await launch(member)).resultCode).toBe('B0099');
    expect((await server.call('changeMemCashFlag', { memCashFlag: 'Y' }, { token: member.token })).data).toEqual({ memCashFlag: 'Y' });
    expect((await launch(member)).resultCode).toBe('0');
    expect((await server.call('changeMemCashFlag', {}, { token: member.token })).data).toEqual({ memCashFlag: 'N' });
    await fund(server, member, 50_000);
    expect((await launch(member)).resultCode).toBe('0');
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 50_000, game: 100_000 });
  });

  it(`refuses the launch after ${LAUNCH_BURST.count} in a short time (ABZ01), even when they race, until the wait is over`, async () => {
    const member = await fundedMember(server, 100_000);
    const answers = await Promise.all(Array.from({ length: LAUNCH_BURST.count + 3 }, () => launch(member)));
    const codes = answers.map((a) => a.resultCode);
    expect(codes.filter((c) => c === '0')).toHaveLength(LAUNCH_BURST.count);
    expect(codes.filter((c) => c === 'ABZ01')).toHaveLength(3);
    expect(await server.count('game_launches')).toBeGreaterThanOrEqual(LAUNCH_BURST.count);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 100_000 });
    await server.admin('PUT', '/admin/api/test/clock', { now: new Date(Date.now() + LAUNCH_BURST.waitMs + 1_000).toISOString() });
    expect((await launch(member)).resultCode).toBe('0');
  });
});

describe('the merge', () => {
  it('moves all game money back, once per key, and closes the game', async () => {
    const member = await fundedMember(server, 200_000);
    expect((await launch(member)).resultCode).toBe('0');
    const idempotencyKey = key();
    const merged = await server.call('outGameMoney', { idempotencyKey }, { token: member.token });
    expect(merged.resultCode).toBe('0');
    expect(merged.data).toMatchObject({ merged: 200_000, gameMoney: 0, balances: { cashAmt: 200_000 } });
    const ledger = await server.count('ledger_transactions');
    const again = await server.call('outGameMoney', { idempotencyKey }, { token: member.token });
    expect(again.data).toMatchObject({ merged: 200_000, gameMoney: 0 });
    expect(await server.count('ledger_transactions')).toBe(ledger);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 200_000, game: 0, vendor: 0 });
    expect((await server.call('balance', {}, { token: member.token })).data).toEqual({ balance: 200_000, isPlayGame: 'N', gameMoney: 0 });
    // Nothing in the game: nothing to move.
    expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token })).data).toMatchObject({ merged: 0 });
  });

  it('settles a merge when the vendor returns more than the site sent: the extra waits for the operator, who credits it, audited', async () => {
    const member = await fundedMember(server, 100_000);
    expect((await launch(member)).resultCode).toBe('0');
    await vendorBonus(server, member.memberId, 7_000);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ game: 100_000, vendor: 107_000 });
    const merged = await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
    expect(merged.resultCode).toBe('0');
    expect(merged.data).toMatchObject({ merged: 100_000, gameMoney: 0, balances: { cashAmt: 100_000 } });
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 100_000, game: 0, vendor: 0 });
    expect(await server.count('game_transfers')).toBeGreaterThan(0);
    const [pending] = await server.rows<{ n: number }>(`select count(*)::int as n from game_transfers where member_id = ${member.memberId} and state = 'pending'`);
    expect(Number(pending!.n)).toBe(0);

    const report = (await server.admin('POST', '/admin/api/games/reconciliation')).body as unknown as { report: { proposals: { transferId: string; memberId: number; amount: number; action: string }[] } };
    const proposal = report.report.proposals.find((p) => p.memberId === member.memberId);
    expect(proposal).toMatchObject({ amount: 7_000, action: 'credit-member' });
    const audits = await server.count('audit_log');
    const credits = await Promise.all([1, 2, 3].map(() => server.admin('POST', `/admin/api/games/held/${proposal!.transferId}/credit`)));
    expect(credits.map((c) => c.status).sort()).toEqual([200, 404, 404]);
    expect(await server.count('audit_log')).toBe(audits + 1);
    expect((await memberBalances(server, member.memId)).cashAmt).toBe(107_000);
    const after = (await server.admin('GET', '/admin/api/games/reconciliation')).body as unknown as { report: { proposals: { memberId: number }[] } };
    expect(after.report.proposals.filter((p) => p.memberId === member.memberId)).toEqual([]);
    expect((await server.admin('POST', '/admin/api/games/held/gout-00000000000000000000000000000000/credit')).status).toBe(404);
    expect((await server.admin('POST', '/admin/api/games/held/nonsense/credit')).status).toBe(400);
  });

  it('lets a partner merge a lower member, and nobody else', async () => {
    const partner = await server.login('partner01', 'partner1234');
    const lower = await fundedMember(server, 100_000, { recommenderId: 'partner01' });
    const stranger = await fundedMember(server, 100_000, { recommenderId: 'partner02' }).catch(() => null);
    expect((await launch(lower)).resultCode).toBe('0');
    const answer = await server.call('outGameMoney', { idempotencyKey: key(), memId: lower.memId }, { token: partner.data!.token });
    expect(answer.data).toMatchObject({ merged: 100_000 });
    expect((await server.call('outGameMoney', { idempotencyKey: key(), memId: lower.memId }, { token: demo.token })).resultCode).toBe('PT001');
    if (stranger) expect((await server.call('outGameMoney', { idempotencyKey: key(), memId: stranger.memId }, { token: partner.data!.token })).resultCode).toBe('C402');
  });

  it('is the operator\'s too (forced merge), audited, and shows the member\'s game state', async () => {
    const member = await fundedMember(server, 100_000);
    expect((await launch(member)).resultCode).toBe('0');
    const state = await server.admin('GET', `/admin/api/games/members/${member.memId}`);
    expect(state.body).toMatchObject({ gameMoney: 100_000, openGameKey: slotKey, vendor: { balance: 100_000, inRound: false } });
    const forced = await server.admin('POST', `/admin/api/games/members/${member.memId}/merge`);
    expect(forced.body).toMatchObject({ merged: 100_000 });
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 100_000, game: 0, vendor: 0 });
    expect(await server.rows("select 1 from audit_log where action = 'games.merge'")).not.toHaveLength(0);
    expect((await server.admin('GET', '/admin/api/games/members/nobody')).status).toBe(404);
    expect((await server.admin('GET', '/admin/api/games/vendors', undefined, 'wrong-token-0123456789')).status).toBe(401);
    expect(TEST_ADMIN_TOKEN).not.toBe('');
  });
});

describe('rounds', () => {
  /** The vendor's round service on the same database, as its game pages use it (a round held open). */
  async function vendorRounds() {
    const client = (server.database.db as unknown as { $client: never }).$client;
    const vendorDb = await openVendorDatabase(server.database.kind === 'pglite' ? { kind: 'pglite', client } : { kind: 'postgres', client });
    return createRounds(vendorDb.db, findVendorGame);
  }

  it('refuses the merge while a round is in progress (C009) and moves nothing, then merges once it ends', async () => {
    const member = await fundedMember(server, 100_000);
    expect((await launch(member)).resultCode).toBe('0');
    const rounds = await vendorRounds();
    const opened = await rounds.open({ operator: server.config.vendor.operator, player: playerOf(member.memberId), gameKey: slotKey, bet: 10_000 });
    const before = await server.count('ledger_transactions');
    const refused = await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
    expect(refused.resultCode).toBe('C009');
    expect(await server.count('ledger_transactions')).toBe(before);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 90_000, inRound: true });
    await rounds.settle({ roundId: opened.roundId, win: 25_000, outcome: 'test round' });
    const merged = await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
    expect(merged.data).toMatchObject({ merged: 115_000, balances: { cashAmt: 115_000 } });
    const [bet] = await server.rows<{ type: string; stake: string; win: string; group_key: string; detail: { proof: { serverSeedHash: string } } }>(
      `select type, stake::text, win::text, group_key, detail from bets where source_ref = 'vendor:${opened.roundId}'`);
    expect(bet).toMatchObject({ type: 'win', stake: '10000', win: '25000', group_key: 'slot' });
    expect(bet!.detail.proof.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes each round played through the game page into the history once, however often the feed is pulled', async () => {
    const member = await fundedMember(server, 100_000);
    const answer = await launch(member);
    const session = /#s=([^&]+)/.exec(answer.data!.gameurl)![1]!;
    for (let i = 0; i < 3; i += 1) {
      const spin = await fetch(`${server.url()}/vendor/play/api/spin`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: JSON.stringify({ bet: 1_000 }),
      });
      expect(spin.status).toBe(200);
    }
    const feed = gamesOf(server.app).feed;
    await Promise.all([feed.pull(), feed.pull(), feed.pull()]);
    await server.database.db.execute("update game_feed_cursors set cursor = null where name = 'rounds'");
    await feed.pull();
    const rows = await server.rows<{ n: number }>(`select count(*)::int as n from bets where member_id = ${member.memberId}`);
    expect(Number(rows[0]!.n)).toBe(3);
    // Counted once each too: the count an out-all compares with the vendor's.
    const [counted] = await server.rows<{ n: number }>(`select rounds_posted::int as n from game_members where member_id = ${member.memberId}`);
    expect(Number(counted!.n)).toBe(3);
    const money = await moneyOf(server, member.memberId);
    expect(money.game).toBe(money.vendor);
  });

  it('a merge reads the rounds feed only when the vendor counts rounds of the player the feed has not brought in yet', async () => {
    const member = await fundedMember(server, 100_000);
    const feedReads = vi.spyOn(gamesAdapter(server), 'rounds');
    try {
      // Launched and merged without a round: the out-all applies without reading the feed.
      await launch(member);
      expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token })).data).toMatchObject({ merged: 100_000 });
      expect(feedReads).not.toHaveBeenCalled();

      // Two spins the feed has not brought in: the merge reads it first, and pays out what the spins left.
      const session = /#s=([^&]+)/.exec((await launch(member)).data!.gameurl)![1]!;
      for (let i = 0; i < 2; i += 1) {
        const spin = await fetch(`${server.url()}/vendor/play/api/spin`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: JSON.stringify({ bet: 1_000 }),
        });
        expect(spin.status).toBe(200);
      }
      const atVendor = (await moneyOf(server, member.memberId)).vendor;
      const merged = await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
      expect(feedReads).toHaveBeenCalled();
      expect(merged.data).toMatchObject({ merged: atVendor, gameMoney: 0 });
      const [history] = await server.rows<{ n: number }>(`select count(*)::int as n from bets where member_id = ${member.memberId} and source_ref like 'vendor:%'`);
      expect(Number(history!.n)).toBe(2);

      // The feed has brought both in: the next merge reads nothing.
      feedReads.mockClear();
      await launch(member);
      expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token })).data).toMatchObject({ merged: atVendor });
      expect(feedReads).not.toHaveBeenCalled();
    } finally {
      feedReads.mockRestore();
    }
  });

  it('a slot bet\'s detail carries the committed hash, client seed and nonce, and the server seed once the member rotates it; the spin recomputes from them', async () => {
    const member = await fundedMember(server, 100_000);
    const session = /#s=([^&]+)/.exec((await launch(member)).data!.gameurl)![1]!;
    const play = async (call: 'state' | 'spin' | 'seed', body: unknown = {}) => (await fetch(`${server.url()}/vendor/play/api/${call}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` }, body: JSON.stringify(body),
    })).json();
    const { fairness } = await play('state');
    const spun = await play('spin', { bet: 1_000 });
    await gamesOf(server.app).feed.pull();
    const [row] = await server.rows<{ id: number }>(`select id from bets where source_ref = 'vendor:${spun.roundId}'`);
    const detail = async () => (await server.call('betDetail', { betId: String(row!.id) }, { token: member.token })).data!.bet;
    expect((await detail()).proof).toMatchObject({ serverSeedHash: fairness.serverSeedHash, serverSeed: null, clientSeed: fairness.clientSeed, nonce: 0 });

    const { revealed } = await play('seed', { clientSeed: 'member-choice' });
    // The vendor out of reach: the detail still answers, the seed not yet known to the site.
    await setFaults(server, [{ target: '/rounds/proof', mode: 'fail' }]);
    expect((await detail()).proof).toMatchObject({ serverSeedHash: fairness.serverSeedHash, serverSeed: null });
    await setFaults(server, []);
    const shown = await detail();
    expect(shown.proof).toMatchObject({ serverSeedHash: fairness.serverSeedHash, serverSeed: revealed.serverSeed, clientSeed: fairness.clientSeed, nonce: 0 });
    const check = verifySpin({ ...shown.proof!, serverSeed: shown.proof!.serverSeed!, bet: shown.cash });
    expect(check).toMatchObject({ hashMatches: true, win: shown.winCash });
    expect(check.result.grid).toEqual(spun.grid);
    // Kept with the bet: the detail no longer needs the vendor for it.
    const [stored] = await server.rows<{ detail: { proof: { serverSeed: string } } }>(`select detail from bets where id = ${row!.id}`);
    expect(stored!.detail.proof.serverSeed).toBe(revealed.serverSeed);
  });
});

describe('bad transfers at the vendor', () => {
  it('a replayed transfer id has one effect; a forged one is unknown; the same id with another amount and bad amounts are refused', async () => {
    const adapter = gamesAdapter(server);
    const member = await enrolMember(server);
    const player = playerOf(member.memberId);
    const transferId = `test-${key()}`;
    strayIds.push(transferId);
    const first = await adapter.transfer({ transferId, player, direction: 'in', amount: 1_000 });
    const replay = await adapter.transfer({ transferId, player, direction: 'in', amount: 1_000 });
    expect(replay).toEqual(first);
    expect((await adapter.balance(player)).balance).toBe(1_000);
    await expect(adapter.transfer({ transferId, player, direction: 'in', amount: 2_000 })).rejects.toMatchObject({ code: 'TRANSFER_CONFLICT' });
    expect(await adapter.lookup(`forged-${key()}`)).toBeNull();
    for (const amount of [-1, 0, 1.5, 1e12]) {
      await expect(adapter.transfer({ transferId: `test-${key()}`, player, direction: 'in', amount })).rejects.toBeInstanceOf(VendorRefused);
    }
    await expect(adapter.transfer({ transferId: 'short', player, direction: 'in', amount: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await adapter.balance(player)).balance).toBe(1_000);
    const back = `test-${key()}`;
    strayIds.push(back);
    await adapter.transfer({ transferId: back, player, direction: 'out', amount: 1_000 });
  });

  it('hostile merge keys are refused with R003', async () => {
    for (const idempotencyKey of ['', 'short', 'x'.repeat(65), "'; drop table bets --"]) {
      expect((await server.call('outGameMoney', { idempotencyKey }, { token: demo.token })).resultCode).toBe('R003');
    }
  });
});

describe('the vendor misbehaving', () => {
  it('a launch that moves money gets its game from the transfer in; one that moves none asks the vendor to launch', async () => {
    const member = await fundedMember(server, 100_000);
    await setFaults(server, [{ target: '/launch', mode: 'fail' }]);
    const launched = await launch(member);
    expect(launched.resultCode).toBe('0');
    expect(launched.data!.gameurl).toMatch(/\/play\/[^?]+\?lang=ko#s=[A-Za-z0-9_-]{43}$/);
    // The cash flag off: no money moves, so the game is asked for on its own, and the failing vendor refuses it.
    expect((await server.call('changeMemCashFlag', { memCashFlag: 'N' }, { token: member.token })).resultCode).toBe('0');
    expect((await launch(member)).resultCode).toBe('9999');
    await setFaults(server, []);
    expect((await launch(member)).resultCode).toBe('0');
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 100_000 });
  });

  it('a dropped answer is looked up: the launch goes through once', async () => {
    const member = await fundedMember(server, 100_000);
    await setFaults(server, [{ target: '/transfers/in', mode: 'drop', count: 1 }]);
    expect((await launch(member)).resultCode).toBe('0');
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 100_000 });
  });

  it('a vendor that fails keeps the transfer pending (money shown as game money), settled on the next call', async () => {
    const member = await fundedMember(server, 100_000);
    await setFaults(server, [{ target: 'transfers', mode: 'fail' }]);
    expect((await launch(member)).resultCode).toBe('NT99');
    expect(await server.rows(`select state from game_transfers where member_id = ${member.memberId}`)).toEqual([{ state: 'pending' }]);
    expect((await server.call('balance', {}, { token: member.token })).data).toMatchObject({ balance: 0, gameMoney: 100_000 });
    expect((await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token })).resultCode).toBe('NT99');
    await setFaults(server, []);
    expect((await launch(member)).resultCode).toBe('0');
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 100_000 });
  });

  it('a pending transfer is settled by the job after a restart', async () => {
    const member = await fundedMember(server, 100_000);
    await setFaults(server, [{ target: 'transfers', mode: 'fail' }]);
    expect((await launch(member)).resultCode).toBe('NT99');
    await server.restart();
    await setFaults(server, []);
    await gamesOf(server.app).tick();
    expect(await server.rows(`select state from game_transfers where member_id = ${member.memberId}`)).toEqual([{ state: 'applied' }]);
    expect(await moneyOf(server, member.memberId)).toMatchObject({ cash: 0, game: 100_000, vendor: 100_000 });
  });
});

describe('one member racing', () => {
  it('launches and merges at once leave every won in one place', async () => {
    const member = await fundedMember(server, 500_000);
    await server.admin('PUT', `/admin/api/games/members/${member.memId}/lock`, { locked: false });
    const calls = Array.from({ length: 8 }, (_, i) => (i % 2 === 0
      ? launch(member)
      : server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token })));
    const codes = (await Promise.all(calls)).map((a) => a.resultCode);
    for (const code of codes) expect(['0', 'NT99', 'ABZ01']).toContain(code);
    await gamesOf(server.app).tick();
    const money = await moneyOf(server, member.memberId);
    expect(money.game).toBe(money.vendor);
    expect(money.cash + money.game).toBe(500_000);
    expect(await server.rows(`select 1 from game_transfers where member_id = ${member.memberId} and state = 'pending'`)).toEqual([]);
  });

  it('reconciliation reports only the transfers made behind the site\'s back', async () => {
    type Report = { report: { differences: { kind: string; transferId?: string }[] } };
    const { body } = await server.admin('POST', '/admin/api/games/reconciliation');
    const differences = (body as unknown as Report).report.differences;
    expect(differences.map((d) => [d.kind, d.transferId]).sort()).toEqual(strayIds.map((id) => ['unknown-transfer', id]).sort());
    const latest = await server.admin('GET', '/admin/api/games/reconciliation');
    expect((latest.body as unknown as Report).report.differences).toEqual(differences);
  });
});
