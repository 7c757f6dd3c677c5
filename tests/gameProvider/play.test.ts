/** The slot game page and its calls: a launched player spins, game money moves, the round is fair and in the feed. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOT_BETS } from '../../gameProvider/play/routes';
import { themeSymbols } from '../../gameProvider/slots/art';
import { spin } from '../../gameProvider/slots/engine';
import { verifySpin } from '../../gameProvider/verify';
import { OPERATOR, startVendor, type TestVendor } from './harness';

let vendor: TestVendor;
beforeAll(async () => { vendor = await startVendor(); });
afterAll(async () => { await vendor.close(); });

const gameKey = 'slot-habanero-ocean-pearls';

async function launch(player: string, lang: 'ko' | 'en' | 'vi' = 'en'): Promise<{ token: string; url: string }> {
  const { url } = await vendor.ok('/launch', { player, gameKey, lang });
  return { token: /#s=(.+)$/.exec(url)![1]!, url };
}

async function play(path: 'state' | 'spin' | 'seed', token: string, body: unknown = {}) {
  const response = await vendor.app.inject({
    method: 'POST', url: `/play/api/${path}`, payload: JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('slot game page', () => {
  it('serves the page in the launch language with a strict policy that lets the operator frame it', async () => {
    const { url } = await launch('p-page', 'vi');
    const response = await vendor.app.inject({ method: 'GET', url: url.replace(/#.*$/, '') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="vi">');
    expect(response.body).toContain('Ngọc Trai Đại Dương');
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    const script = await vendor.app.inject({ method: 'GET', url: '/play/assets/slot.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    const art = await vendor.app.inject({ method: 'GET', url: `/art/${gameKey}.svg` });
    expect(art.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(art.body).toContain('Ocean Pearls');
    expect((await vendor.app.inject({ method: 'GET', url: '/art/sym/ocean/8.svg' })).body).toContain('WILD');
    expect((await vendor.app.inject({ method: 'GET', url: '/art/sym/ocean/12.svg' })).statusCode).toBe(400);
    expect((await vendor.app.inject({ method: 'GET', url: '/play/slot-nope' })).statusCode).toBe(404);
  });

  it('spins: takes the bet, pays the win, and the round is in the feed with a proof that recomputes the reels once the seed is rotated', async () => {
    const player = 'p-spin';
    await vendor.ok('/transfers/in', { transferId: 'play-in-0001', player, amount: 100_000 });
    const { token } = await launch(player);
    const state = await play('state', token);
    expect(state.body).toMatchObject({ ok: true, balance: 100_000, lang: 'en', bets: SLOT_BETS, game: { gameKey, name: 'Ocean Pearls' } });
    const before = await vendor.ok('/rounds/feed', { after: null, limit: 500 });

    let balance = 100_000;
    const spins = [];
    const grids: number[][][] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await play('spin', token, { bet: 1_000 });
      expect(answer.body.ok).toBe(true);
      grids.push(answer.body.grid);
      balance = balance - 1_000 + answer.body.win;
      expect(answer.body.balance).toBe(balance);
      expect(answer.body.proof).toEqual({ ...state.body.fairness, serverSeed: null, nonce: i });
      spins.push(answer.body);
    }
    const { body: { revealed } } = await play('seed', token);
    for (const shown of spins) {
      const check = verifySpin({ ...shown.proof, serverSeed: revealed.serverSeed, bet: 1_000 });
      expect(check).toMatchObject({ hashMatches: true, win: shown.win });
      expect(check.result.grid).toEqual(shown.grid);
    }
    expect(await vendor.ok('/players/balance', { player })).toEqual({ balance, inRound: false });
    const feed = await vendor.ok('/rounds/feed', { after: before.next, limit: 500 });
    expect(feed.rounds).toHaveLength(5);
    expect(feed.rounds[0]).toMatchObject({ player, gameKey, brand: 'habanero', kind: 'slot', bet: 1_000 });
    expect(feed.rounds[0]!.outcome).toMatch(/^stops \d+,\d+,\d+,\d+,\d+; reels /);
    // The spin as data for the operator's detail view: the reels by symbol key, named, and pays adding up to the win.
    const keys = themeSymbols('ocean');
    feed.rounds.forEach((round, i) => {
      const report = round.detail!;
      if (report.game !== 'slot') throw new Error(`a slot round with ${report.game} facts`);
      expect(report.grid).toEqual(grids[i]!.map((reel) => reel.map((symbol) => keys[symbol])));
      expect(Object.keys(report.symbols).sort()).toEqual([...new Set(report.grid.flat())].sort());
      expect(Object.values(report.symbols).every((names) => names.ko && names.en && names.vi)).toBe(true);
      expect(report.lines.reduce((sum, line) => sum + line.pay, 0) + (report.scatter?.pay ?? 0)).toBe(round.win);
    });
  });

  it('a session kept for its spins still ends at its expiry, and a spin after another process\'s rotation draws from the new pair', async () => {
    await vendor.ok('/transfers/in', { transferId: 'kept-in-xxxxxxxx', player: 'p-kept', amount: 100_000 });
    const { token } = await launch('p-kept');
    expect((await play('spin', token, { bet: 200 })).body.proof.nonce).toBe(0);
    // A rotation the spin's kept pair does not know of (as another instance of the vendor would make it).
    const rotated = await vendor.handle.rounds.rotateSeed({ operator: OPERATOR, player: 'p-kept', gameKey });
    expect((await play('spin', token, { bet: 200 })).body.proof).toEqual({ ...rotated.active, serverSeed: null });
    expect((await play('spin', token, { bet: 200 })).body.proof.nonce).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 7 * 3_600_000); // past the session's life (VENDOR_SESSION_MINUTES, 6 h by default)
      expect(await play('spin', token, { bet: 200 })).toMatchObject({ status: 401, body: { ok: false, code: 'SESSION' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an unknown session, a bet not offered, and a bet above the game money', async () => {
    expect(await play('state', 'x'.repeat(43))).toMatchObject({ status: 401, body: { ok: false, code: 'SESSION' } });
    const { token } = await launch('p-refuse');
    expect(await play('spin', token, { bet: 1_234 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await play('spin', token, { bet: -200 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await play('spin', token, { bet: 200 })).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS' } });
    expect((await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.filter((r) => r.player === 'p-refuse')).toEqual([]);
  });

  it('settles a spin that was interrupted before its payout, with the reels its seed decides', async () => {
    const player = 'p-orphan';
    await vendor.ok('/transfers/in', { transferId: 'play-in-0002', player, amount: 10_000 });
    const opened = await vendor.handle.rounds.open({ operator: OPERATOR, player, gameKey, bet: 2_000 });
    expect((await vendor.ok('/players/balance', { player })).inRound).toBe(true);
    const { token } = await launch(player);
    await play('state', token);
    const round = await vendor.handle.rounds.get(opened.roundId);
    const expected = spin(await vendor.handle.rounds.replayRng(opened.roundId)).totalPay * 100;
    expect(round).toMatchObject({ win: expected });
    expect(await vendor.ok('/players/balance', { player })).toEqual({ balance: 8_000 + expected, inRound: false });
  });
});
