import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../gameProvider/fair';
import { coupFromDraws, settleBets, type Bets } from '../../gameProvider/games/baccarat/engine';
import { tableClock } from '../../gameProvider/games/baccarat/schedule';
import { BetRefusal } from '../../gameProvider/games/baccarat/service';
import { BACCARAT_TABLES, findTable } from '../../gameProvider/games/baccarat/tables';
import { createTableGames, type TableGames } from '../../gameProvider/games/routes';
import { createSessions } from '../../gameProvider/sessions';
import { createWallet } from '../../gameProvider/wallet';
import { OPERATOR, startVendor, type TestVendor } from './harness';

const TABLE = BACCARAT_TABLES[0];
let vendor: TestVendor;
let clock = 0;
let players = 0;

function games(): TableGames {
  const { db } = vendor.database;
  return createTableGames({ db, rounds: vendor.handle.rounds, wallet: createWallet(db), sessions: createSessions(db, 60_000), now: () => clock });
}

/** A player with game money, seated at the table. */
async function seated(amount = 1_000_000, gameKey = TABLE.gameKey) {
  players += 1;
  const player = `bac-player-${players}`;
  await vendor.ok('/transfers/in', { transferId: `bac-in-${players}-xxxx`, player, amount });
  return { operator: OPERATOR, player, gameKey };
}

async function balance(player: string): Promise<{ balance: number; inRound: boolean }> {
  const { balance: amount, inRound } = await vendor.ok('/players/balance', { player });
  return { balance: amount, inRound };
}

/**
 * The tests' clock runs a day ahead, so the sweep the vendor itself runs every second (on the real
 * clock) never finds these rounds due: only the tests' own sweeps settle them.
 */
const AHEAD = Date.now() + 86_400_000;
const CYCLE = TABLE.bettingMs + TABLE.dealingMs + TABLE.resultMs;
const FIRST_ROUND = Math.ceil(AHEAD / CYCLE);

/** The clock inside a round's betting time (round FIRST_ROUND + n), and its times. */
function bettingTime(n: number) {
  const start = TABLE.offsetMs + (FIRST_ROUND + n) * CYCLE;
  clock = start + 1_000;
  return tableClock(TABLE, clock);
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

describe('table schedule', () => {
  it('runs betting, dealing and result on wall-clock slots, the same for any process', () => {
    const cycle = TABLE.bettingMs + TABLE.dealingMs + TABLE.resultMs;
    const start = TABLE.offsetMs + 1_000 * cycle;
    expect(tableClock(TABLE, start)).toMatchObject({ roundNo: 1_000, phase: 'betting', bettingEndsAt: start + TABLE.bettingMs });
    expect(tableClock(TABLE, start + TABLE.bettingMs - 1).phase).toBe('betting');
    expect(tableClock(TABLE, start + TABLE.bettingMs).phase).toBe('dealing');
    expect(tableClock(TABLE, start + TABLE.bettingMs + TABLE.dealingMs).phase).toBe('result');
    expect(tableClock(TABLE, start + cycle)).toMatchObject({ roundNo: 1_001, phase: 'betting' });
  });

  it('every live-casino brand opens its own tables', () => {
    const brands = new Set(BACCARAT_TABLES.map((table) => table.brand));
    expect([...brands].sort()).toEqual(['HC-dreamhotel', 'HC-microhotel', 'asiagaming', 'biggaming', 'dreamcasino', 'evolution', 'pragmatic', 'sexygaming'].sort());
    expect(new Set(BACCARAT_TABLES.map((table) => table.gameKey)).size).toBe(BACCARAT_TABLES.length);
  });
});

describe('baccarat table rounds', () => {
  it("settles every seated player's bet exactly once, from the seed committed before the bets", async () => {
    const table = games();
    const times = bettingTime(10);
    const seats = await Promise.all([seated(), seated(), seated()]);
    const before = await table.baccarat.state(seats[0]);
    expect(before.round.phase).toBe('betting');
    expect(before.coup).toBeNull();
    const bets: Bets[] = [{ player: 10_000, playerPair: 1_000 }, { banker: 20_000, tie: 2_000 }, { tie: 5_000, bankerPair: 3_000 }];
    for (const [i, seat] of seats.entries()) await table.baccarat.bet(seat, bets[i]);
    await table.baccarat.bet(seats[0], { player: 5_000 });
    for (const seat of seats) expect((await balance(seat.player)).inRound).toBe(true);

    // Dealing: the coup is shown, nothing is paid yet.
    clock = times.bettingEndsAt + 500;
    expect(await table.sweep()).toBe(0);
    const dealing = await table.baccarat.state(seats[1]);
    expect(dealing.round.serverSeedHash).toBe(before.round.serverSeedHash);
    expect(dealing.coup).not.toBeNull();

    // Result: two sweeps at once, then another: each bet is settled once.
    clock = times.resultAt;
    const settled = await Promise.all([table.sweep(), games().sweep()]);
    expect(await table.sweep()).toBe(0);
    expect(settled[0] + settled[1]).toBeGreaterThanOrEqual(4);

    const feed = await vendor.ok('/rounds/feed', { after: null, limit: 500 });
    const onTable = feed.rounds.filter((round) => round.gameKey === TABLE.gameKey && seats.some((seat) => seat.player === round.player));
    expect(onTable).toHaveLength(4);
    expect(new Set(onTable.map((round) => round.roundId)).size).toBe(4);
    // Anyone can deal the coup again from the revealed seed.
    const proof = onTable[0].proof;
    expect(proof.serverSeed).not.toBeNull();
    const replay = createRng(proof.serverSeed!, proof.clientSeed, proof.nonce);
    const dealt = coupFromDraws((n) => replay.int(n));
    expect(dealing.coup).toMatchObject({ winner: dealt.winner, playerTotal: dealt.playerTotal, bankerTotal: dealt.bankerTotal });
    for (const [i, seat] of seats.entries()) {
      const all: Bets = i === 0 ? { player: 15_000, playerPair: 1_000 } : bets[i];
      const { stake, win } = settleBets(all, dealt);
      expect(await balance(seat.player)).toEqual({ balance: 1_000_000 - stake + win, inRound: false });
      const rounds = onTable.filter((round) => round.player === seat.player);
      expect(rounds.reduce((sum, round) => sum + round.win, 0)).toBe(win);
      expect(rounds.every((round) => round.outcome.includes(dealt.winner))).toBe(true);
      // The coup as data, for the operator to word in its player's language.
      for (const round of rounds) expect(round.detail).toEqual({ game: 'baccarat', ...dealt });
    }
    // The road shows the round.
    clock = times.nextRoundAt + 1;
    const next = await table.baccarat.state(seats[0]);
    expect(next.road.at(-1)).toMatchObject({ roundNo: times.roundNo, winner: dealt.winner });
    expect(next.myBets).toEqual({});
  });

  it('refuses a bet after betting time and takes nothing', async () => {
    const table = games();
    const times = bettingTime(20);
    const seat = await seated();
    clock = times.bettingEndsAt;
    expect(await refusal(table.baccarat.bet(seat, { banker: 10_000 }))).toBe('BETTING_CLOSED');
    clock = times.resultAt + 100;
    expect(await refusal(table.baccarat.bet(seat, { banker: 10_000 }))).toBe('BETTING_CLOSED');
    expect(await balance(seat.player)).toEqual({ balance: 1_000_000, inRound: false });
  });

  it('refuses bad bets with their codes and writes nothing', async () => {
    const table = games();
    bettingTime(30);
    const seat = await seated(50_000);
    const cases: [Record<string, number>, string][] = [
      [{ dragon: 1_000 }, 'BAD_BET'],
      [{ player: 1_500 }, 'BAD_BET'],
      [{ player: -1_000 }, 'BAD_BET'],
      [{ player: 0 }, 'BAD_BET'],
      [{ player: 1.5 }, 'BAD_BET'],
      [{}, 'BAD_BET'],
      [{ player: TABLE.maxSpot + TABLE.unit }, 'OVER_LIMIT'],
      [{ player: 60_000 }, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [bets, code] of cases) expect(await refusal(table.baccarat.bet(seat, bets as Bets)), JSON.stringify(bets)).toBe(code);
    expect(await balance(seat.player)).toEqual({ balance: 50_000, inRound: false });
    expect((await table.baccarat.state(seat)).myBets).toEqual({});
  });

  it('a burst of bets by one player never passes the spot limit', async () => {
    const table = games();
    bettingTime(40);
    const seat = await seated(100_000_000);
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => table.baccarat.bet(seat, { banker: 1_000_000 })));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    expect((await table.baccarat.state(seat)).myBets).toEqual({ banker: 5_000_000 });
    expect((await balance(seat.player)).balance).toBe(95_000_000);
  });

  it('out-all is refused while a bet waits for its result, and allowed once settled', async () => {
    const table = games();
    const times = bettingTime(50);
    const seat = await seated();
    await table.baccarat.bet(seat, { player: 100_000 });
    const refused = await vendor.call('/transfers/out-all', { transferId: 'bac-outall-wait-1', player: seat.player });
    expect(refused.body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    clock = times.resultAt;
    await table.sweep();
    const after = await balance(seat.player);
    const out = await vendor.ok('/transfers/out-all', { transferId: 'bac-outall-wait-2', player: seat.player });
    expect(out.transfer.amount).toBe(after.balance);
  });
});

describe('a restart', () => {
  it('resumes the schedule with the same committed seed, and settles on start what fell due while down', async () => {
    const before = games();
    const times = bettingTime(60);
    const seat = await seated();
    const hash = (await before.baccarat.state(seat)).round.serverSeedHash;
    await before.baccarat.bet(seat, { banker: 30_000 });

    // A restart within the same betting time: the same round and seed.
    const restarted = games();
    clock = times.bettingEndsAt - 2_000;
    const again = await restarted.baccarat.state(seat);
    expect(again.round).toMatchObject({ roundNo: times.roundNo, phase: 'betting', serverSeedHash: hash });
    expect(again.myBets).toEqual({ banker: 30_000 });

    // Down over the result time and two more rounds: the first sweep on start settles the bet.
    clock = times.nextRoundAt + 2 * (TABLE.bettingMs + TABLE.dealingMs + TABLE.resultMs) + 3_000;
    const started = games();
    expect(await started.sweep()).toBe(1);
    const round = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.find((r) => r.player === seat.player)!;
    const rng = createRng(round.proof.serverSeed!, round.proof.clientSeed, round.proof.nonce);
    const coup = coupFromDraws((n) => rng.int(n));
    expect(round.proof.serverSeedHash).toBe(hash);
    expect(round.win).toBe(settleBets({ banker: 30_000 }, coup).win);
    expect(await balance(seat.player)).toEqual({ balance: 1_000_000 - 30_000 + round.win, inRound: false });
  });

  it('refunds a stake whose spots were never recorded, and bets on a table taken out of the catalogue', async () => {
    const table = games();
    const times = bettingTime(70);
    const seat = await seated();
    const state = await table.baccarat.state(seat);
    // The vendor stopped between taking the stake and recording the spots.
    const [row] = await vendor.rows<{ seed_id: string; client_seed: string }>(
      `select seed_id, client_seed from vendor_baccarat_rounds where table_key = '${TABLE.gameKey}' and round_no = ${state.round.roundNo}`);
    await vendor.handle.rounds.open({ operator: OPERATOR, player: seat.player, gameKey: TABLE.gameKey, bet: 7_000, seed: { seedId: row.seed_id, clientSeed: row.client_seed, nonce: 0 } });

    const other = BACCARAT_TABLES[1];
    const otherSeat = await seated(1_000_000, other.gameKey);
    const otherCycle = other.bettingMs + other.dealingMs + other.resultMs;
    clock = other.offsetMs + Math.ceil(AHEAD / otherCycle + 100) * otherCycle + 1_000;
    await table.baccarat.bet(otherSeat, { player: 9_000 });
    findTable(other.gameKey)!.enabled = false;
    try {
      clock = Math.max(times.resultAt, clock + other.bettingMs + other.dealingMs) + 1;
      expect(await table.sweep()).toBe(2);
    } finally {
      findTable(other.gameKey)!.enabled = true;
    }
    expect(await balance(seat.player)).toEqual({ balance: 1_000_000, inRound: false });
    expect(await balance(otherSeat.player)).toEqual({ balance: 1_000_000, inRound: false });
    const feed = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds;
    expect(feed.filter((r) => r.player === seat.player || r.player === otherSeat.player).map((r) => r.outcome)).toEqual(['refunded', 'refunded']);
    expect(feed.find((r) => r.player === seat.player)?.detail).toEqual({ game: 'refund', reason: 'interrupted' });
    expect(feed.find((r) => r.player === otherSeat.player)?.detail).toEqual({ game: 'refund', reason: 'closed' });
  });
});

describe('public table state (the site\'s live area)', () => {
  it('shows the round to anyone: no player data, no card before it is turned over, the result only once shown', async () => {
    const table = games();
    const seat = await seated();
    const times = bettingTime(900);
    await table.baccarat.bet(seat, { player: 10_000 });
    const betting = await table.baccarat.publicState(TABLE.gameKey);
    expect(betting.round).toMatchObject({ roundNo: times.roundNo, phase: 'betting' });
    expect(betting.cards).toEqual([]);
    expect(betting.result).toBeNull();
    expect(JSON.stringify(betting)).not.toContain(seat.player);
    expect(Object.keys(betting).sort()).toEqual(['cards', 'felt', 'gameKey', 'names', 'now', 'result', 'road', 'round']);

    clock = times.bettingEndsAt + 1_000; // the first card only
    const dealing = await table.baccarat.publicState(TABLE.gameKey);
    expect(dealing.round.phase).toBe('dealing');
    expect(dealing.cards).toHaveLength(1);
    expect(dealing.result).toBeNull();

    clock = times.resultAt + 100;
    const shown = await table.baccarat.publicState(TABLE.gameKey);
    expect(shown.round.phase).toBe('result');
    expect(shown.cards.length).toBeGreaterThanOrEqual(4);
    expect(['player', 'banker', 'tie']).toContain(shown.result!.winner);
    await table.sweep();
    clock = times.nextRoundAt + 1_000;
    const next = await table.baccarat.publicState(TABLE.gameKey);
    expect(next.road.at(-1)).toMatchObject({ roundNo: times.roundNo, winner: shown.result!.winner });
  });

  it('answers an unknown table with a refusal', async () => {
    await expect(games().baccarat.publicState('no-such-table')).rejects.toThrow();
  });
});
