/**
 * Game 101, the e-sports arena: its rules (pairings, prices with their margin, the maps drawn from the
 * seed, one- and two-folder slips) and the arena at work (slips taken in betting time only, settled once
 * from the seed committed before them and checkable from the revealed seed, refusals that take nothing,
 * a burst that never passes the round limit, the round in the feed with its facts, refunds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, rngFromWords } from '../../gameProvider/fair';
import {
  mapChance, matchPrices, pairings, playMatch, playRound, priceOf, roundPrices, selectionChances, slipOdds, slipProblem, slipWin, type SlipPick,
} from '../../gameProvider/games/esport/engine';
import { BetRefusal } from '../../gameProvider/games/baccarat/service';
import { tableClock } from '../../gameProvider/games/baccarat/schedule';
import { ARENA, TEAMS } from '../../gameProvider/games/esport/teams';
import { createTableGames, type TableGames } from '../../gameProvider/games/routes';
import { createSessions } from '../../gameProvider/sessions';
import { createWallet } from '../../gameProvider/wallet';
import { catalogue } from '../../gameProvider/catalogue';
import { OPERATOR, startVendor, type TestVendor } from './harness';

const TIMING = { bettingMs: ARENA.bettingMs, dealingMs: ARENA.playingMs, resultMs: ARENA.resultMs, offsetMs: ARENA.offsetMs };
const CYCLE = ARENA.bettingMs + ARENA.playingMs + ARENA.resultMs;

describe('the arena\'s rules', () => {
  it('is game 101\'s (GameStart) e-sports game in the catalogue', () => {
    expect(catalogue().find((game) => game.gameKey === ARENA.gameKey)).toMatchObject({ brand: 'gamestart', kind: 'esport', enabled: true });
  });

  it('pairs every two teams twice in 28 rounds, once at home each, never a team with itself or twice a round', () => {
    const seen = new Map<string, number>();
    for (let roundNo = 0; roundNo < 28; roundNo += 1) {
      const matches = pairings(roundNo);
      expect(matches).toHaveLength(2);
      const tags = matches.flat().map((team) => team.tag);
      expect(new Set(tags).size).toBe(4);
      for (const [home, away] of matches) seen.set(`${home.tag}-${away.tag}`, (seen.get(`${home.tag}-${away.tag}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(TEAMS.length * (TEAMS.length - 1));
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('prices every selection of every pairing below its fair price: each returns between 90% and 1/(1 + margin)', () => {
    for (const home of TEAMS) for (const away of TEAMS) {
      if (home === away) continue;
      const chances = selectionChances(mapChance(home, away));
      const prices = matchPrices(home, away, ARENA.marginBp);
      expect(chances.winner.home + chances.winner.away).toBeCloseTo(1, 12);
      expect(chances.maps.two + chances.maps.three).toBeCloseTo(1, 12);
      for (const [chance, price] of [
        [chances.winner.home, prices.winner.home], [chances.winner.away, prices.winner.away],
        [chances.maps.two, prices.maps.two], [chances.maps.three, prices.maps.three],
      ] as const) {
        const expected = (chance * price) / 100;
        expect(expected).toBeLessThanOrEqual(1 / (1 + ARENA.marginBp / 10_000) + 1e-12);
        expect(expected).toBeGreaterThan(0.9);
      }
    }
    expect(priceOf(0.5, 600)).toBe(188);
    expect(priceOf(0.999, 600)).toBe(101);
  });

  it('draws maps with the model\'s chances (40,000 matches of one pairing), kills and minutes in their ranges', () => {
    const [home, away] = [TEAMS[0]!, TEAMS[7]!];
    const rng = createRng('a-fixed-seed-for-the-test', 'esport', 0);
    const expected = selectionChances(mapChance(home, away));
    let homeWins = 0;
    let threeMaps = 0;
    const n = 40_000;
    let broken = 0;
    for (let i = 0; i < n; i += 1) {
      const match = playMatch(rng, home, away);
      if (!(match.homeMaps === 2 || match.awayMaps === 2) || match.maps.length !== match.homeMaps + match.awayMaps) broken += 1;
      for (const map of match.maps) {
        const [winner, loser] = map.winner === 'home' ? [map.homeKills, map.awayKills] : [map.awayKills, map.homeKills];
        if (winner < 15 || winner > 30 || loser > winner - 3 || map.minutes < 24 || map.minutes > 40) broken += 1;
      }
      if (match.winner === 'home') homeWins += 1;
      if (match.maps.length === 3) threeMaps += 1;
    }
    expect(broken).toBe(0);
    // Four standard errors at most.
    const within = (share: number, p: number) => Math.abs(share - p) < 4 * Math.sqrt((p * (1 - p)) / n);
    expect(within(homeWins / n, expected.winner.home)).toBe(true);
    expect(within(threeMaps / n, expected.maps.three)).toBe(true);
  });

  it('draws a map for the home team exactly when the word is under p × 10^6', () => {
    const [home, away] = [TEAMS[3]!, TEAMS[4]!];
    const threshold = Math.round(mapChance(home, away) * 1_000_000);
    // Words straight from the stream: map draw, kills (16 ways), loser kills, minutes (17 ways).
    const words = [threshold - 1, 0, 0, 0, threshold, 15, 0, 16, threshold - 1, 3, 5, 1];
    const match = playMatch(rngFromWords(() => words.shift()!), home, away);
    expect(match.maps.map((map) => map.winner)).toEqual(['home', 'away', 'home']);
    expect(match.maps[1]).toEqual({ winner: 'away', homeKills: 0, awayKills: 30, minutes: 40 });
    expect(match).toMatchObject({ homeMaps: 2, awayMaps: 1, winner: 'home' });
  });

  it('takes one pick, or one pick on each match, and multiplies two folders rounding down', () => {
    const prices = roundPrices(5, ARENA.marginBp);
    const one: SlipPick[] = [{ match: 0, market: 'winner', pick: 'home' }];
    const two: SlipPick[] = [{ match: 0, market: 'winner', pick: 'home' }, { match: 1, market: 'maps', pick: 'three' }];
    expect(slipProblem(one)).toBeNull();
    expect(slipProblem(two)).toBeNull();
    expect(slipProblem([])).not.toBeNull();
    expect(slipProblem([{ match: 0, market: 'winner', pick: 'home' }, { match: 0, market: 'maps', pick: 'two' }])).not.toBeNull();
    expect(slipOdds(prices, one)).toBe(prices[0]!.winner.home);
    expect(slipOdds(prices, two)).toBe(Math.floor((prices[0]!.winner.home * prices[1]!.maps.three) / 100));
    const results = playRound(createRng('seed', 'c', 0), 5);
    const allWon = results[0]!.winner === 'home' && results[1]!.maps.length === 3;
    expect(slipWin(10_000, slipOdds(prices, two), results, two)).toBe(allWon ? Math.floor((10_000 * slipOdds(prices, two)) / 100) : 0);
  });
});

let vendor: TestVendor;
let clock = 0;
let players = 0;
/** The tests' clock runs a day ahead, so the vendor's own sweep (on the real clock) never settles these rounds. */
const FIRST_ROUND = Math.ceil((Date.now() + 86_400_000) / CYCLE);

function games(): TableGames {
  const { db } = vendor.database;
  return createTableGames({ db, rounds: vendor.handle.rounds, wallet: createWallet(db), sessions: createSessions(db, 60_000), now: () => clock });
}

async function seated(amount = 1_000_000) {
  players += 1;
  const player = `esp-player-${players}`;
  await vendor.ok('/transfers/in', { transferId: `esp-in-${players}-xxxx`, player, amount });
  return { operator: OPERATOR, player, gameKey: ARENA.gameKey, lang: 'ko' as const };
}

async function balance(player: string) {
  const { balance: amount, inRound } = await vendor.ok('/players/balance', { player });
  return { balance: amount, inRound };
}

function bettingTime(n: number) {
  clock = ARENA.offsetMs + (FIRST_ROUND + n) * CYCLE + 1_000;
  return tableClock(TIMING, clock);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BetRefusal) return error.code;
    throw error;
  }
  return 'accepted';
}

beforeAll(async () => {
  vendor = await startVendor();
});
afterAll(async () => {
  await vendor.close();
});

describe('the arena at work', () => {
  it('settles one- and two-folder slips once, from the seed committed before them, and shows each map only once it ends', async () => {
    const arena = games();
    const times = bettingTime(10);
    const [a, b] = await Promise.all([seated(), seated()]);
    const before = await arena.esport.state(a);
    expect(before.round.phase).toBe('betting');
    expect(before.matches.every((match) => match.maps.length === 0)).toBe(true);
    expect(before.matches[0]!.home.name).toBe(pairings(times.roundNo)[0]![0].names.ko);
    const single: SlipPick[] = [{ match: 1, market: 'winner', pick: 'away' }];
    const double: SlipPick[] = [{ match: 0, market: 'maps', pick: 'two' }, { match: 1, market: 'winner', pick: 'home' }];
    const placedA = await arena.esport.bet(a, { picks: single, stake: 10_000 });
    const placedB = await arena.esport.bet(b, { picks: double, stake: 20_000 });
    await arena.esport.bet(b, { picks: [{ match: 0, market: 'winner', pick: 'home' }], stake: 5_000 });
    expect(placedA.oddsCents).toBe(before.matches[1]!.prices.winner.away);
    expect(placedB.oddsCents).toBe(Math.floor((before.matches[0]!.prices.maps.two * before.matches[1]!.prices.winner.home) / 100));
    expect(await balance(a.player)).toEqual({ balance: 990_000, inRound: true });
    expect(await balance(b.player)).toEqual({ balance: 975_000, inRound: true });

    // In play: the first map only once it ends, nothing paid yet.
    clock = times.bettingEndsAt + 100;
    expect(await arena.sweep()).toBe(0);
    const playing = await arena.esport.state(a);
    expect(playing.round.phase).toBe('playing');
    expect(playing.matches.every((match) => match.maps.length === 0)).toBe(true);
    clock = times.bettingEndsAt + ARENA.playingMs / 3 + 1;
    const firstMap = await arena.esport.state(a);
    expect(firstMap.matches.every((match) => match.maps.length === 1)).toBe(true);
    expect(firstMap.mySlips[0]!.win).toBeNull();

    // The result: two sweeps at once, then another; each slip settled once.
    clock = times.resultAt;
    const settled = await Promise.all([arena.sweep(), games().sweep()]);
    // Two sweeps racing may both pick a slip up; the round service pays it once (balances below).
    expect(settled[0] + settled[1]).toBeGreaterThanOrEqual(3);
    expect(await arena.sweep()).toBe(0);

    const feed = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.filter((round) => round.gameKey === ARENA.gameKey);
    expect(feed).toHaveLength(3);
    const proof = feed[0]!.proof;
    expect(proof.serverSeedHash).toBe(before.round.serverSeedHash);
    expect(proof.serverSeed).not.toBeNull();
    // Anyone can play the round again from the revealed seed.
    const results = playRound(createRng(proof.serverSeed!, proof.clientSeed, proof.nonce), times.roundNo);
    const shown = await arena.esport.state(a);
    expect(shown.matches.map((match) => [match.homeMaps, match.awayMaps])).toEqual(results.map((r) => [r.homeMaps, r.awayMaps]));
    const winA = slipWin(10_000, placedA.oddsCents, results, single);
    const winB = slipWin(20_000, placedB.oddsCents, results, double) + slipWin(5_000, roundPrices(times.roundNo, ARENA.marginBp)[0]!.winner.home, results, [{ match: 0, market: 'winner', pick: 'home' }]);
    expect(await balance(a.player)).toEqual({ balance: 990_000 + winA, inRound: false });
    expect(await balance(b.player)).toEqual({ balance: 975_000 + winB, inRound: false });
    expect(shown.mySlips).toEqual([expect.objectContaining({ stake: 10_000, win: winA })]);
    const roundA = feed.find((round) => round.player === a.player)!;
    expect(roundA).toMatchObject({ kind: 'esport', brand: 'gamestart', bet: 10_000, win: winA });
    expect(roundA.detail).toMatchObject({
      game: 'esport', roundNo: times.roundNo, oddsCents: placedA.oddsCents,
      picks: [{ match: 1, market: 'winner', pick: 'away', oddsCents: placedA.oddsCents, won: results[1]!.winner === 'away' }],
      matches: results.map((r) => ({ homeMaps: r.homeMaps, awayMaps: r.awayMaps, maps: r.maps })),
    });
    expect(roundA.outcome).toContain(`Round ${times.roundNo}`);

    // The next round lists this one's scores.
    clock = times.nextRoundAt + 1;
    const next = await arena.esport.state(a);
    expect(next.history[0]).toMatchObject({ roundNo: times.roundNo });
    // The last round's slip stays in sight, with its result, for the whole next round.
    expect(next.mySlips).toEqual([expect.objectContaining({ roundNo: times.roundNo, stake: 10_000, win: winA })]);
    clock = times.nextRoundAt + CYCLE + 1;
    expect((await arena.esport.state(a)).mySlips).toEqual([]);
  });

  it('refuses bad slips and late ones with their codes, and takes nothing', async () => {
    const arena = games();
    const times = bettingTime(20);
    const seat = await seated(50_000);
    const home: SlipPick[] = [{ match: 0, market: 'winner', pick: 'home' }];
    const cases: [unknown, unknown, string][] = [
      [[], 1_000, 'BAD_BET'],
      [[{ match: 2, market: 'winner', pick: 'home' }], 1_000, 'BAD_BET'],
      [[{ match: 0, market: 'winner', pick: 'two' }], 1_000, 'BAD_BET'],
      [[{ match: 0, market: 'winner', pick: 'home' }, { match: 0, market: 'maps', pick: 'two' }], 1_000, 'BAD_BET'],
      [[...home, { match: 1, market: 'maps', pick: 'two' }, { match: 1, market: 'maps', pick: 'three' }], 1_000, 'BAD_BET'],
      ['home', 1_000, 'BAD_BET'],
      [home, 1_500, 'BAD_BET'],
      [home, 0, 'BAD_BET'],
      [home, -1_000, 'BAD_BET'],
      [home, '1000', 'BAD_BET'],
      [home, ARENA.maxSlip + ARENA.unit, 'OVER_LIMIT'],
      [home, 60_000, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [picks, stake, code] of cases) expect(await refusal(arena.esport.bet(seat, { picks, stake })), JSON.stringify([picks, stake])).toBe(code);
    clock = times.bettingEndsAt;
    expect(await refusal(arena.esport.bet(seat, { picks: home, stake: 1_000 }))).toBe('BETTING_CLOSED');
    expect(await balance(seat.player)).toEqual({ balance: 50_000, inRound: false });
    expect((await arena.esport.state(seat)).mySlips).toEqual([]);
  });

  it('a burst of slips by one player never passes the round limit', async () => {
    const arena = games();
    bettingTime(30);
    const seat = await seated(10_000_000);
    const picks: SlipPick[] = [{ match: 1, market: 'maps', pick: 'two' }];
    const answers = await Promise.allSettled(Array.from({ length: 6 }, () => arena.esport.bet(seat, { picks, stake: 600_000 })));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(3);
    expect((await arena.esport.state(seat)).mySlips.reduce((sum, slip) => sum + slip.stake, 0)).toBe(1_800_000);
    expect((await balance(seat.player)).balance).toBe(8_200_000);
    clock += CYCLE;
    expect(await arena.sweep()).toBe(3);
  });

  it('refunds a stake whose picks were never recorded; out-all waits for the result', async () => {
    const arena = games();
    const times = bettingTime(40);
    const seat = await seated();
    const state = await arena.esport.state(seat);
    const [row] = await vendor.rows<{ seed_id: string; client_seed: string }>(
      `select seed_id, client_seed from vendor_esport_rounds where game_key = '${ARENA.gameKey}' and round_no = ${state.round.roundNo}`);
    await vendor.handle.rounds.open({ operator: OPERATOR, player: seat.player, gameKey: ARENA.gameKey, bet: 7_000, seed: { seedId: row!.seed_id, clientSeed: row!.client_seed, nonce: 0 } });
    const refused = await vendor.call('/transfers/out-all', { transferId: 'esp-outall-wait-1', player: seat.player });
    expect(refused.body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    clock = times.resultAt + 1;
    expect(await arena.sweep()).toBe(1);
    expect(await balance(seat.player)).toEqual({ balance: 1_000_000, inRound: false });
    const round = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.find((r) => r.player === seat.player)!;
    expect(round.detail).toEqual({ game: 'refund', reason: 'interrupted' });
  });
});

describe('the arena\'s page and play calls', () => {
  async function launch(lang: 'ko' | 'en' | 'vi') {
    const { url } = await vendor.ok('/launch', { player: `esp-page-${lang}`, gameKey: ARENA.gameKey, lang });
    const parsed = new URL(url, 'http://vendor.test');
    return { path: `${parsed.pathname}${parsed.search}`, token: new URLSearchParams(parsed.hash.slice(1)).get('s')! };
  }
  const play = async (call: string, token: string, body: unknown = {}) => {
    const response = await vendor.app.inject({ method: 'POST', url: `/play/api/esport/${call}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-play-session': token } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it('serves its page in the launch language with its script, style and art; its state names the teams in that language', async () => {
    const { path, token } = await launch('en');
    const page = await vendor.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<title>E-Sports Arena</title>');
    expect(page.body).toContain('src="assets/esport.js"');
    expect((await vendor.app.inject({ method: 'GET', url: '/play/assets/esport.js' })).body).toContain('x-play-session');
    expect((await vendor.app.inject({ method: 'GET', url: '/play/assets/esport.css' })).body).toContain('.arena');
    expect((await vendor.app.inject({ method: 'GET', url: ARENA.image })).body).toContain('<svg');
    const state = await play('state', token);
    expect(state.status).toBe(200);
    const matches = state.body.matches as { home: { name: string } }[];
    const roundNo = (state.body.round as { roundNo: number }).roundNo;
    expect(matches[0]!.home.name).toBe(pairings(roundNo)[0]![0].names.en);
    expect(state.body.arena).toMatchObject({ name: 'E-Sports Arena' });
  });

  it('refuses a bad slip with its code, and a session of another game', async () => {
    const { token } = await launch('vi');
    expect(await play('bet', token, { picks: [{ match: 5, market: 'winner', pick: 'home' }], stake: 1_000 })).toMatchObject({ status: 409, body: { ok: false } });
    const baccarat = await vendor.ok('/launch', { player: 'esp-page-bac', gameKey: 'bac-evolution-baccarat-a', lang: 'ko' });
    const other = new URLSearchParams(new URL(baccarat.url, 'http://vendor.test').hash.slice(1)).get('s')!;
    expect(await play('state', other)).toMatchObject({ status: 400, body: { ok: false, code: 'BAD_REQUEST' } });
    expect(await play('state', 'x'.repeat(43))).toMatchObject({ status: 401, body: { ok: false, code: 'SESSION' } });
  });
});
