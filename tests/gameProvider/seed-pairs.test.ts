/**
 * Slot and fishing fairness the way players know it from verifiable casinos: per player and game a
 * server seed committed by its hash before the first spin, a client seed the player may change, a nonce
 * per spin, the seed revealed when rotated, and every spin recomputable from the three.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../gameProvider/fair';
import { verifySpin } from '../../gameProvider/verify';
import { OPERATOR, signedHeaders, startVendor, type TestVendor } from './harness';

let vendor: TestVendor;
beforeAll(async () => { vendor = await startVendor(); });
afterAll(async () => { await vendor.close(); });

const gameKey = 'slot-habanero-ocean-pearls';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let players = 0;

async function launched(amount = 1_000_000): Promise<{ player: string; token: string }> {
  players += 1;
  const player = `pair-${players}`;
  await vendor.ok('/transfers/in', { transferId: `pair-in-${players}-xxxxx`, player, amount });
  const { url } = await vendor.ok('/launch', { player, gameKey, lang: 'ko' });
  return { player, token: /#s=(.+)$/.exec(url)![1]! };
}

async function play(path: 'state' | 'spin' | 'seed', token: string, body: unknown = {}) {
  const response = await vendor.app.inject({
    method: 'POST', url: `/play/api/${path}`, payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('seed pairs', () => {
  it('shows the committed hash before the first spin; the seed revealed on rotation hashes to it and recomputes every spin', async () => {
    const { token } = await launched();
    const { fairness } = (await play('state', token)).body;
    expect(fairness).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    // Looking again commits nothing new.
    expect((await play('state', token)).body.fairness).toEqual(fairness);
    const spins = [];
    for (let i = 0; i < 4; i += 1) spins.push((await play('spin', token, { bet: 2_000 })).body);
    expect(spins.map((s) => s.proof.nonce)).toEqual([0, 1, 2, 3]);
    expect(spins.every((s) => s.proof.serverSeedHash === fairness.serverSeedHash && s.proof.serverSeed === null)).toBe(true);

    const rotated = (await play('seed', token, { clientSeed: 'my-own-seed_42' })).body;
    expect(sha256(rotated.revealed.serverSeed)).toBe(fairness.serverSeedHash);
    expect(rotated.revealed).toMatchObject({ serverSeedHash: fairness.serverSeedHash, clientSeed: fairness.clientSeed, nonce: 4 });
    expect(rotated.active).toMatchObject({ clientSeed: 'my-own-seed_42', nonce: 0 });
    expect(rotated.active.serverSeedHash).not.toBe(fairness.serverSeedHash);
    for (const shown of spins) {
      const check = verifySpin({ ...shown.proof, serverSeed: rotated.revealed.serverSeed, bet: 2_000 });
      expect(check).toMatchObject({ hashMatches: true, win: shown.win });
      expect(check.result.grid).toEqual(shown.grid);
    }
    const next = (await play('spin', token, { bet: 2_000 })).body;
    expect(next.proof).toEqual({ ...rotated.active, serverSeed: null });
  });

  it('draws the same reels from the same seeds, and other ones from another client seed or nonce', () => {
    for (let i = 0; i < 200; i += 1) {
      const serverSeed = sha256(`server-${i}`);
      const proof = { serverSeed, serverSeedHash: sha256(serverSeed), clientSeed: `client-${i}`, nonce: i, bet: 200 };
      expect(verifySpin(proof)).toEqual(verifySpin({ ...proof }));
      const words = (clientSeed: string, nonce: number) => { const rng = createRng(serverSeed, clientSeed, nonce); return [1, 2, 3, 4].map(() => rng.int(2 ** 32)); };
      expect(words(`client-${i}`, i)).not.toEqual(words(`client-${i}x`, i));
      expect(words(`client-${i}`, i)).not.toEqual(words(`client-${i}`, i + 1));
      expect(verifySpin({ ...proof, serverSeedHash: sha256('another') }).hashMatches).toBe(false);
    }
  });

  it('a concurrent burst of spins takes one nonce each, and rotations in the burst never let a revealed seed draw again', async () => {
    const { player, token } = await launched();
    const who = { operator: OPERATOR, player, gameKey };
    const first = await vendor.handle.rounds.seedPair(who);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 8 === 7
      ? vendor.handle.rounds.rotateSeed(who)
      : play('spin', token, { bet: 200 }).then((r) => ({ proof: r.body.proof as { serverSeedHash: string; nonce: number } })))));
    const rotations = answers.flatMap((a) => ('revealed' in a ? [a] : []));
    const revealed = rotations.map((r) => r.revealed);
    const proofs = answers.flatMap((a) => ('proof' in a ? [a.proof] : []));
    expect(revealed).toHaveLength(3);
    expect(proofs).toHaveLength(21);
    const active = await vendor.handle.rounds.seedPair(who);
    // The rotations form one chain: each revealed the seed the one before it committed (the first, the seed seen before).
    const committedBefore = [first.serverSeedHash, ...rotations.map((r) => r.active.serverSeedHash)];
    expect(revealed.map((r) => r.serverSeedHash).sort()).toEqual(committedBefore.filter((h) => h !== active.serverSeedHash).sort());
    for (const seed of revealed) {
      expect(sha256(seed.serverSeed)).toBe(seed.serverSeedHash);
      // The seed's spins took nonces 0..n-1, each once, and no spin drew from it after it was revealed.
      const nonces = proofs.filter((p) => p.serverSeedHash === seed.serverSeedHash).map((p) => p.nonce).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: seed.nonce }, (_, i) => i));
    }
    expect(revealed.map((r) => r.serverSeedHash)).not.toContain(active.serverSeedHash);
    const onActive = proofs.filter((p) => p.serverSeedHash === active.serverSeedHash).map((p) => p.nonce).sort((a, b) => a - b);
    expect(onActive).toEqual(Array.from({ length: active.nonce }, (_, i) => i));
    expect(revealed.reduce((n, r) => n + r.nonce, 0) + active.nonce).toBe(21);
  });

  it('a burst of first looks commits one seed for the pair', async () => {
    const { player } = await launched();
    const paired = async () => Number((await vendor.rows<{ n: string }>('select count(*)::text as n from vendor_seeds where paired = 1'))[0]!.n);
    const before = await paired();
    const looks = await Promise.all(Array.from({ length: 8 }, () => vendor.handle.rounds.seedPair({ operator: OPERATOR, player, gameKey })));
    expect(new Set(looks.map((l) => l.serverSeedHash)).size).toBe(1);
    expect(await paired()).toBe(before + 1);
  });

  it('refuses a bad client seed and changes nothing', async () => {
    const { token } = await launched();
    const before = (await play('state', token)).body.fairness;
    for (const clientSeed of ['', 'a:b', 'x'.repeat(65), '한글', 42, null]) {
      expect(await play('seed', token, { clientSeed })).toMatchObject({ status: 400, body: { ok: false, code: 'BAD_REQUEST' } });
    }
    expect(await play('seed', token, { clientSeed: 'ok', extra: 1 })).toMatchObject({ status: 400 });
    expect(await play('spin', token, { bet: 200, clientSeed: 'no-longer-per-spin' })).toMatchObject({ status: 400 });
    expect((await play('state', token)).body.fairness).toEqual(before);
  });

  it('the fishing page shows its own pair\'s hash and rotates it the same way', async () => {
    const { player } = await launched();
    const { url } = await vendor.ok('/launch', { player, gameKey: 'fish-kplayfishing-ocean-king', lang: 'ko' });
    const token = /#s=(.+)$/.exec(url)![1]!;
    const fishing = async (call: 'state' | 'seed', body: unknown = {}) => {
      const response = await vendor.app.inject({ method: 'POST', url: `/play/api/fishing/${call}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-play-session': token } });
      return { status: response.statusCode, body: response.json() };
    };
    const { fairness } = (await fishing('state')).body;
    // A player's seeds are per game: the slot's pair is another one.
    expect(fairness.serverSeedHash).not.toBe((await vendor.handle.rounds.seedPair({ operator: OPERATOR, player, gameKey })).serverSeedHash);
    for (const clientSeed of ['a:b', 7]) expect(await fishing('seed', { clientSeed })).toMatchObject({ status: 400, body: { ok: false, code: 'BAD_REQUEST' } });
    const rotated = (await fishing('seed', { clientSeed: 'net' })).body;
    expect(sha256(rotated.revealed.serverSeed)).toBe(fairness.serverSeedHash);
    expect((await fishing('state')).body.fairness).toEqual(rotated.active);
  });

  it('answers a round\'s proof to its operator: the seed hidden until rotated, then revealed', async () => {
    const { player, token } = await launched();
    const { roundId } = (await play('spin', token, { bet: 200 })).body;
    const hidden = await vendor.ok('/rounds/proof', { roundId });
    expect(hidden.proof).toMatchObject({ serverSeed: null, nonce: 0 });
    const { revealed } = await vendor.handle.rounds.rotateSeed({ operator: OPERATOR, player, gameKey });
    expect((await vendor.ok('/rounds/proof', { roundId })).proof).toEqual({ ...hidden.proof, serverSeed: revealed.serverSeed });
    expect((await vendor.ok('/rounds/proof', { roundId: 'r-none' })).proof).toBeNull();
    const body = JSON.stringify({ roundId });
    const other = await vendor.app.inject({ method: 'POST', url: '/api/v1/rounds/proof', payload: body,
      headers: { 'content-type': 'application/json', ...signedHeaders('/rounds/proof', body, { operator: 'other', secret: 'other-operator-secret-0123456789' }) } });
    expect(other.json()).toEqual({ ok: true, proof: null });
    expect(await vendor.call('/rounds/proof', { roundId: 'bad id!' })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});
