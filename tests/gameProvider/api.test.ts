/** The vendor's signed operator API: signatures, bad input, transfers, rounds against out-all, feeds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_CLOCK_SKEW_MS } from '../../contract/gameProvider';
import { OPERATOR, SECRET, startVendor, type TestVendor } from './harness';

let vendor: TestVendor;
beforeAll(async () => { vendor = await startVendor(); });
afterAll(async () => { await vendor.close(); });

let seq = 0;
const newId = (label: string) => `${label}-${Date.now()}-${(seq += 1)}`;
const gameKey = 'slot-kplayslot-lucky-fruits';

async function transferCount(): Promise<number> {
  const [row] = await vendor.rows<{ n: number }>('select count(*)::int as n from vendor_transfers');
  return row!.n;
}

describe('signatures', () => {
  it('accepts a signed call and refuses a wrong secret, an unknown operator or missing headers', async () => {
    expect((await vendor.call('/players/balance', { player: 'p-sign' })).body).toEqual({ ok: true, balance: 0, inRound: false });
    expect((await vendor.call('/players/balance', { player: 'p-sign' }, { secret: 'wrong-secret-0123456789abcdef' })).body)
      .toMatchObject({ ok: false, code: 'SIGNATURE' });
    expect((await vendor.call('/players/balance', { player: 'p-sign' }, { operator: 'nobody' })).body).toMatchObject({ ok: false, code: 'SIGNATURE' });
    // Another operator's secret does not sign for this one.
    expect((await vendor.call('/players/balance', { player: 'p-sign' }, { secret: 'other-operator-secret-0123456789' })).body)
      .toMatchObject({ ok: false, code: 'SIGNATURE' });
    const response = await vendor.app.inject({ method: 'POST', url: '/api/v1/players/balance', payload: '{"player":"p"}', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ok: false, code: 'SIGNATURE' });
  });

  it('refuses a signature over another body or path', async () => {
    const body = JSON.stringify({ transferId: newId('sig'), player: 'p-sig', amount: 1000 });
    const forged = await vendor.raw('POST', '/api/v1/transfers/in', body, { signedPath: '/players/balance' });
    expect(forged.json).toMatchObject({ ok: false, code: 'SIGNATURE' });
    expect(await transferCount()).toBe(0);
  });

  it('accepts the full path as the signed path too', async () => {
    const answer = await vendor.raw('POST', '/api/v1/players/balance', '{"player":"p-full"}', { signedPath: '/api/v1/players/balance' });
    expect(answer.json).toMatchObject({ ok: true, balance: 0 });
  });

  it('refuses timestamps outside the skew window, even well signed', async () => {
    const late = await vendor.call('/players/balance', { player: 'p' }, { timestamp: Date.now() - VENDOR_CLOCK_SKEW_MS - 5_000 });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ ok: false, code: 'CLOCK_SKEW' });
    const early = await vendor.call('/players/balance', { player: 'p' }, { timestamp: Date.now() + VENDOR_CLOCK_SKEW_MS + 5_000 });
    expect(early.body).toMatchObject({ ok: false, code: 'CLOCK_SKEW' });
    expect((await vendor.call('/players/balance', { player: 'p' }, { timestamp: Date.now() - 5_000 })).body.ok).toBe(true);
  });
});

describe('bad input', () => {
  const hostile: [string, string][] = [
    ['/api/v1/transfers/in', 'not json'],
    ['/api/v1/transfers/in', ''],
    ['/api/v1/transfers/in', '[]'],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-amount-1', player: 'p', amount: -5 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-amount-2', player: 'p', amount: 10.5 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-amount-3', player: 'p', amount: 1e12 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-amount-4', player: 'p', amount: '1000' })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-amount-5', player: 'p', amount: 0 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'short', player: 'p', amount: 1000 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'x'.repeat(65), player: 'p', amount: 1000 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'has space 123', player: 'p', amount: 1000 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'extra-field-1', player: 'p', amount: 1000, admin: true })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-player-1', player: 'p'.repeat(65), amount: 1000 })],
    ['/api/v1/transfers/in', JSON.stringify({ transferId: 'bad-player-2', player: '', amount: 1000 })],
    ['/api/v1/transfers/out-all', JSON.stringify({ transferId: 'bad-outall-1', player: null })],
    ['/api/v1/rounds/feed', JSON.stringify({ after: 'abc', limit: 10 })],
    ['/api/v1/rounds/feed', JSON.stringify({ after: null, limit: 501 })],
    ['/api/v1/transfers/feed', JSON.stringify({ after: -1, limit: 10 })],
    ['/api/v1/launch', JSON.stringify({ player: 'p', gameKey: gameKey, lang: 'fr' })],
    ['/api/v1/games', JSON.stringify({ x: 1 })],
  ];
  it.each(hostile)('%s %s answers BAD_REQUEST and writes nothing', async (url, body) => {
    const answer = await vendor.raw('POST', url, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await transferCount()).toBe(0);
  });

  it('answers unknown paths and methods with its own code, not the host page', async () => {
    const response = await vendor.app.inject({ method: 'GET', url: '/api/v1/transfers/in' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});

describe('transfers', () => {
  it('moves money in and out, replays answer the first result, conflicts are refused', async () => {
    const player = 'p-transfers';
    const inId = newId('in');
    const first = await vendor.ok('/transfers/in', { transferId: inId, player, amount: 50_000 });
    expect(first.transfer).toMatchObject({ transferId: inId, player, direction: 'in', amount: 50_000, balanceAfter: 50_000 });
    const replay = await vendor.ok('/transfers/in', { transferId: inId, player, amount: 50_000 });
    expect(replay.transfer).toEqual(first.transfer);
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(50_000);

    for (const [path, body] of [
      ['/transfers/in', { transferId: inId, player, amount: 60_000 }],
      ['/transfers/in', { transferId: inId, player: 'someone-else', amount: 50_000 }],
      ['/transfers/out', { transferId: inId, player, amount: 50_000 }],
      ['/transfers/out-all', { transferId: inId, player }],
    ] as const) {
      const answer = await vendor.call(path, body as never);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ ok: false, code: 'TRANSFER_CONFLICT' });
    }
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(50_000);

    const tooMuch = await vendor.call('/transfers/out', { transferId: newId('out'), player, amount: 50_001 });
    expect(tooMuch.body).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    const out = await vendor.ok('/transfers/out', { transferId: newId('out'), player, amount: 20_000 });
    expect(out.transfer).toMatchObject({ direction: 'out', amount: 20_000, balanceAfter: 30_000 });
    const all = await vendor.ok('/transfers/out-all', { transferId: newId('all'), player });
    expect(all.transfer).toMatchObject({ direction: 'out', amount: 30_000, balanceAfter: 0 });
    const empty = await vendor.ok('/transfers/out-all', { transferId: newId('all'), player });
    expect(empty.transfer).toMatchObject({ amount: 0, balanceAfter: 0 });
  });

  it('a refused transfer id is not used up: the same id can apply once the money is there', async () => {
    const player = 'p-refused';
    const id = newId('out');
    expect((await vendor.call('/transfers/out', { transferId: id, player, amount: 1000 })).body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(vendor.call('/transfers/lookup', { transferId: id })).resolves.toMatchObject({ body: { ok: false, code: 'UNKNOWN_TRANSFER' } });
  });

  it('looks transfers up by id', async () => {
    const id = newId('look');
    const applied = await vendor.ok('/transfers/in', { transferId: id, player: 'p-look', amount: 7_000 });
    expect((await vendor.ok('/transfers/lookup', { transferId: id })).transfer).toEqual(applied.transfer);
    const unknown = await vendor.call('/transfers/lookup', { transferId: newId('never') });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, code: 'UNKNOWN_TRANSFER' });
  });

  it('a burst of one transfer id applies it once and answers every call alike', async () => {
    const player = 'p-burst';
    const id = newId('burst');
    const answers = await Promise.all(Array.from({ length: 25 }, () => vendor.call('/transfers/in', { transferId: id, player, amount: 10_000 })));
    expect(answers.every((a) => a.body.ok)).toBe(true);
    const transfers = answers.map((a) => (a.body as { transfer: unknown }).transfer);
    expect(new Set(transfers.map((t) => JSON.stringify(t))).size).toBe(1);
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(10_000);
    const [row] = await vendor.rows<{ n: number }>(`select count(*)::int as n from vendor_transfers where transfer_id = '${id}'`);
    expect(row!.n).toBe(1);
  });

  it('a burst of one transfer id for different players applies it once; the others conflict', async () => {
    const id = newId('burst2');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => vendor.call('/transfers/in', { transferId: id, player: `p-burst2-${i}`, amount: 1_000 })));
    const applied = answers.filter((a) => a.body.ok);
    expect(applied).toHaveLength(1);
    expect(answers.filter((a) => !a.body.ok).every((a) => !a.body.ok && a.body.code === 'TRANSFER_CONFLICT')).toBe(true);
    const [row] = await vendor.rows<{ total: number }>(`select coalesce(sum(balance), 0)::int as total from vendor_players where player like 'p-burst2-%'`);
    expect(row!.total).toBe(1_000);
  });

  it('a burst of outs never takes game money below zero', async () => {
    const player = 'p-drain';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 10_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => vendor.call('/transfers/out', { transferId: newId('drain'), player, amount: 3_000 })));
    expect(answers.filter((a) => a.body.ok)).toHaveLength(3);
    expect(answers.filter((a) => !a.body.ok).every((a) => !a.body.ok && a.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(1_000);
  });
});

describe('rounds and out-all', () => {
  it('out-all is refused while a round is open and allowed after it is settled', async () => {
    const player = 'p-round';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 10_000 });
    const opened = await vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 1_000 });
    expect(opened.balanceAfter).toBe(9_000);
    expect(await vendor.ok('/players/balance', { player })).toEqual({ balance: 9_000, inRound: true });
    const refused = await vendor.call('/transfers/out-all', { transferId: newId('all'), player });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    await vendor.handle.rounds.settle({ roundId: opened.roundId, win: 2_500, outcome: 'test' });
    expect(await vendor.ok('/players/balance', { player })).toEqual({ balance: 11_500, inRound: false });
    expect((await vendor.ok('/transfers/out-all', { transferId: newId('all'), player })).transfer.amount).toBe(11_500);
  });

  it('settles once: a repeat answers the same and pays nothing; another win is refused', async () => {
    const player = 'p-settle';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 5_000 });
    const opened = await vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 1_000 });
    const settles = await Promise.all(Array.from({ length: 8 }, () => vendor.handle.rounds.settle({ roundId: opened.roundId, win: 3_000, outcome: 'x' })));
    expect(new Set(settles.map((s) => s.round.win))).toEqual(new Set([3_000]));
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(7_000);
    await expect(vendor.handle.rounds.settle({ roundId: opened.roundId, win: 9_000, outcome: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await vendor.ok('/players/balance', { player })).balance).toBe(7_000);
  });

  it('refuses a stake above the game money and moves nothing', async () => {
    const player = 'p-poor';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 500 });
    await expect(vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 501 })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey: 'no-such-game', bet: 1 })).rejects.toMatchObject({ code: 'UNKNOWN_GAME' });
    expect(await vendor.ok('/players/balance', { player })).toEqual({ balance: 500, inRound: false });
  });

  it('an out-all racing a round opening: exactly one wins and no won is lost', async () => {
    for (let i = 0; i < 6; i += 1) {
      const player = `p-race-${i}`;
      await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 1_000 });
      const [all, open] = await Promise.allSettled([
        vendor.call('/transfers/out-all', { transferId: newId('all'), player }),
        vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 1_000 }),
      ]);
      const allAnswer = all.status === 'fulfilled' ? all.value.body : null;
      if (open.status === 'fulfilled') {
        expect(allAnswer).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
        expect(await vendor.ok('/players/balance', { player })).toEqual({ balance: 0, inRound: true });
      } else {
        expect(open.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
        expect(allAnswer).toMatchObject({ ok: true, transfer: { amount: 1_000, balanceAfter: 0 } });
      }
    }
  });

  it('a shared seed: the table draws from it and each bet round refers to it; revealed once settled', async () => {
    const player = 'p-shared';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 5_000 });
    const seed = await vendor.handle.rounds.commitSeed();
    const table = await vendor.handle.rounds.seedRng(seed.seedId, 'table-1', 7);
    const opened = await vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 1_000, seed: { seedId: seed.seedId, clientSeed: 'table-1', nonce: 7 } });
    expect(opened.proof).toEqual({ serverSeedHash: seed.serverSeedHash, serverSeed: null, clientSeed: 'table-1', nonce: 7 });
    expect(opened.rng.int(1_000_000)).toBe(table.int(1_000_000));
    const settled = await vendor.handle.rounds.settle({ roundId: opened.roundId, win: 0, outcome: 'banker wins' });
    expect(settled.round.proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await expect(vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 1, seed: { seedId: seed.seedId, clientSeed: 'table-1', nonce: 8 } }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('feeds', () => {
  it('pages finished rounds and transfers after a cursor, oldest first, each once', async () => {
    const player = 'p-feed';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 100_000 });
    const start = await vendor.ok('/rounds/feed', { after: null, limit: 500 });
    const cursor = start.next;
    const opened = await Promise.all(Array.from({ length: 7 }, () => vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 100 })));
    await Promise.all(opened.map((o, i) => vendor.handle.rounds.settle({ roundId: o.roundId, win: i * 10, outcome: `o${i}` })));
    const seen: string[] = [];
    let after = cursor;
    for (let page = 0; page < 10; page += 1) {
      const answer = await vendor.ok('/rounds/feed', { after, limit: 3 });
      seen.push(...answer.rounds.map((r) => r.roundId));
      for (const round of answer.rounds) {
        expect(round).toMatchObject({ player, gameKey, brand: 'kplayslot', kind: 'slot', bet: 100 });
        expect(round.proof).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), serverSeed: null }); // the player's seed pair, not rotated
      }
      if (answer.rounds.length === 0) {
        expect(answer.next).toBe(after);
        break;
      }
      after = answer.next;
    }
    expect(seen.sort()).toEqual(opened.map((o) => o.roundId).sort());

    const transfers = await vendor.ok('/transfers/feed', { after: null, limit: 500 });
    const seqs = transfers.transfers.map((t) => t.transferId);
    expect(new Set(seqs).size).toBe(seqs.length);
    const again = await vendor.ok('/transfers/feed', { after: transfers.next, limit: 500 });
    expect(again.transfers).toEqual([]);
  });

  it('an open round is not in the feed; other operators see nothing of this one', async () => {
    const player = 'p-feed2';
    await vendor.ok('/transfers/in', { transferId: newId('in'), player, amount: 1_000 });
    const before = await vendor.ok('/rounds/feed', { after: null, limit: 500 });
    const opened = await vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 100 });
    const during = await vendor.ok('/rounds/feed', { after: before.next, limit: 500 });
    expect(during.rounds.map((r) => r.roundId)).not.toContain(opened.roundId);
    const other = await vendor.call('/rounds/feed', { after: null, limit: 500 }, { operator: 'other', secret: 'other-operator-secret-0123456789' });
    expect(other.body).toEqual({ ok: true, rounds: [], next: null });
    expect((await vendor.call('/players/balance', { player }, { operator: 'other', secret: 'other-operator-secret-0123456789' })).body)
      .toMatchObject({ balance: 0 });
  });
});

describe('catalogue and launch', () => {
  it('offers at least three slot games under every slot brand, with names in three languages', async () => {
    const { games } = await vendor.ok('/games', {});
    const brands = ['kplayslot', 'pragslot', 'habanero', 'slot_elle', 'slot_quick', 'slot_spade', 'slot_playandgo', 'slot_worldmath',
      'slot_microgaming', 'slot_ylgaming', 'H-habanerohotel', 'H-pragmatichotel'];
    for (const brand of brands) {
      const mine = games.filter((g) => g.brand === brand && g.kind === 'slot');
      expect(mine.length, brand).toBeGreaterThanOrEqual(3);
      for (const game of mine) expect(Object.values(game.names).every((n) => n.length > 0)).toBe(true);
    }
  });

  it('launches a known game with a session URL and refuses an unknown one', async () => {
    const launch = await vendor.ok('/launch', { player: 'p-launch', gameKey, lang: 'vi' });
    expect(launch.url).toMatch(new RegExp(`/play/${gameKey}\\?lang=vi#s=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(launch.expiresAt)).toBeGreaterThan(Date.now());
    const unknown = await vendor.call('/launch', { player: 'p-launch', gameKey: 'slot-nope', lang: 'ko' });
    expect(unknown.body).toMatchObject({ ok: false, code: 'UNKNOWN_GAME' });
  });

  it('opens the game with a transfer in when asked, and leaves the transfer alone when the game is unknown', async () => {
    const withGame = await vendor.ok('/transfers/in', { transferId: 'launch-in-1', player: 'p-launch-in', amount: 5_000, launch: { gameKey, lang: 'en' } });
    expect(withGame.transfer).toMatchObject({ transferId: 'launch-in-1', amount: 5_000, balanceAfter: 5_000 });
    expect(withGame.session!.url).toMatch(new RegExp(`/play/${gameKey}\\?lang=en#s=[A-Za-z0-9_-]{43}$`));
    const unknown = await vendor.ok('/transfers/in', { transferId: 'launch-in-2', player: 'p-launch-in', amount: 1_000, launch: { gameKey: 'slot-nope', lang: 'ko' } });
    expect(unknown.session).toBeUndefined();
    expect(unknown.transfer).toMatchObject({ amount: 1_000, balanceAfter: 6_000 });
    expect((await vendor.ok('/transfers/in', { transferId: 'launch-in-3', player: 'p-launch-in', amount: 1_000 })).session).toBeUndefined();
  });
});

export { SECRET };
