/**
 * Game 101 on the site's side, against the house vendor mounted in the same server: GameStart (code 101)
 * lists its e-sports arena, a member launches it, and a slip the arena settles reaches the betting
 * history once, in the sport group with its picks and maps, its money in the ledger. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gamesOf } from '../../server/app';
import { playerOf } from '../../server/games/adapter';
import { findGame as findVendorGame } from '../../gameProvider/catalogue';
import { openVendorDatabase } from '../../gameProvider/db/client';
import { createRng } from '../../gameProvider/fair';
import { describeRound, playRound, roundPrices, slipOdds, slipWin, type SlipPick } from '../../gameProvider/games/esport/engine';
import { slipDetail } from '../../gameProvider/games/esport/service';
import { ARENA } from '../../gameProvider/games/esport/teams';
import { createRounds } from '../../gameProvider/rounds';
import { checkLedgerInvariants } from './invariants';
import { fundedMember, key, moneyOf } from './gamesFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { listen: true });
  await gamesOf(server.app).sync();
});
afterEach(async () => {
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
});
afterAll(async () => { await server.close(); });

describe('game 101, the e-sports arena', () => {
  it('is GameStart\'s one game, launched as an esport game, and a settled slip lands once in the sport group with its picks', async () => {
    const list = await server.call('gameList', { vendorKey: 'gamestart' });
    expect(list.data!.games).toEqual([expect.objectContaining({ key: ARENA.gameKey, category: 'esport', names: ARENA.names })]);
    const member = await fundedMember(server, 100_000);
    const wrongType = await server.call('getGame', { vendorKey: 'gamestart', gameType: 'slot', gameKey: ARENA.gameKey }, { token: member.token });
    expect(wrongType.resultCode).toBe('B0092');
    const launched = await server.call('getGame', { vendorKey: 'gamestart', gameType: 'esport', gameKey: ARENA.gameKey }, { token: member.token });
    expect(launched.resultCode).toBe('0');
    expect(launched.data!.gameurl).toMatch(/\/vendor\/play\/esport-gamestart-arena\?lang=ko#s=/);

    // A two-folder slip, settled as the arena settles it (the round service on the same database).
    const client = (server.database.db as unknown as { $client: never }).$client;
    const vendorDb = await openVendorDatabase(server.database.kind === 'pglite' ? { kind: 'pglite', client } : { kind: 'postgres', client });
    const rounds = createRounds(vendorDb.db, findVendorGame);
    const roundNo = 1_234;
    const seed = await rounds.commitSeed();
    const picks: SlipPick[] = [{ match: 0, market: 'winner', pick: 'away' }, { match: 1, market: 'maps', pick: 'two' }];
    const oddsCents = slipOdds(roundPrices(roundNo, ARENA.marginBp), picks);
    const opened = await rounds.open({
      operator: server.config.vendor.operator, player: playerOf(member.memberId), gameKey: ARENA.gameKey, bet: 20_000,
      seed: { seedId: seed.seedId, clientSeed: `${ARENA.gameKey}:${roundNo}`, nonce: 0 },
    });
    const results = playRound(opened.rng, roundNo);
    const win = slipWin(20_000, oddsCents, results, picks);
    await rounds.settle({
      roundId: opened.roundId, win, outcome: describeRound(roundNo, results, picks, oddsCents),
      detail: { game: 'esport', ...slipDetail(ARENA, roundNo, results, picks, oddsCents) },
    });
    const feed = gamesOf(server.app).feed;
    await Promise.all([feed.pull(), feed.pull()]);
    await feed.pull();

    const rows = await server.rows<{ id: number; group_key: string; game_type: string; stake: string; win: string }>(
      `select id, group_key, game_type, stake::text, win::text from bets where member_id = ${member.memberId}`);
    expect(rows).toEqual([expect.objectContaining({ group_key: 'sport', game_type: 'esport', stake: '20000', win: String(win) })]);
    const sportList = await server.call('betList', { groupKey: 'sport', vendorCode: '101' }, { token: member.token });
    expect(sportList.data!.list.map((bet) => bet.roundId)).toEqual([opened.roundId]);
    const bet = (await server.call('betDetail', { betId: String(rows[0]!.id) }, { token: member.token })).data!.bet;
    expect(bet.company.ko).toBe('게임스타트');
    expect(bet.gameName).toEqual(ARENA.names);
    expect(bet.outcome).toEqual({ kind: 'esport', esport: expect.objectContaining({ roundNo, oddsCents }) });
    if (bet.outcome.kind !== 'esport') throw new Error('not an e-sports outcome');
    expect(bet.outcome.esport.picks.map((pick) => pick.won)).toEqual([results[0]!.winner === 'away', results[1]!.maps.length === 2]);
    expect(bet.outcome.esport.matches.map((match) => [match.homeMaps, match.awayMaps])).toEqual(results.map((r) => [r.homeMaps, r.awayMaps]));
    // The shared seed is revealed with the result: anyone replays the maps from the detail's proof.
    expect(bet.proof).toMatchObject({ serverSeedHash: seed.serverSeedHash, clientSeed: `${ARENA.gameKey}:${roundNo}`, nonce: 0 });
    expect(playRound(createRng(bet.proof!.serverSeed!, bet.proof!.clientSeed, 0), roundNo)).toEqual(results);

    const money = await moneyOf(server, member.memberId);
    expect(money.game).toBe(100_000 - 20_000 + win);
    expect(money.game).toBe(money.vendor);
    const merged = await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
    expect(merged.data).toMatchObject({ merged: 80_000 + win });
  });
});
