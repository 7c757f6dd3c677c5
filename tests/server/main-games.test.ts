/**
 * The main page's game areas (/api/main/games): new games from the catalogue, popular games and the
 * ranking from the bet history of the last 7 days (ids masked), the slot jackpot from the last 30 days'
 * slot stakes, and the live table whose public state the vendor answers without a session.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MainGames, SLOT_JACKPOT } from '../../contract/games';
import { gamesOf } from '../../server/app';
import { bets, gameCatalog } from '../../server/db/schema';
import { MAIN_GAMES_KEEP_MS } from '../../server/games/showcase';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const DAY_MS = 24 * 60 * 60_000;
let server: TestServer;
let slots: string[];
let alice: TestMember;
let bob: TestMember;
let now: Date;

beforeAll(async () => {
  server = await startTestServer({ testClock: true }, { listen: true });
  await gamesOf(server.app).sync();
  slots = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games.map((g) => g.key);
  alice = await enrolMember(server, { memId: 'alicewin' });
  bob = await enrolMember(server, { memId: 'bobby7' });
  now = new Date();
  await setClock(now);
});
afterAll(async () => server?.close());

const setClock = async (at: Date) => expect((await server.admin('PUT', '/admin/api/test/clock', { now: at.toISOString() })).status).toBe(200);

async function bet(memberId: number, gameKey: string, stake: number, win: number, daysAgo: number, groupKey = 'slot') {
  const id = randomUUID();
  await server.database.db.insert(bets).values({
    memberId, groupKey, vendorCode: '200', gameKey, company: { ko: 'p', en: 'p', vi: 'p' }, gameName: { ko: gameKey, en: gameKey, vi: gameKey },
    sourceRef: `vendor:${id}`, roundId: id, stake, win, type: win > stake ? 'win' : 'lose', placedAt: new Date(now.getTime() - daysAgo * DAY_MS),
  });
}

const read = async (): Promise<MainGames> => (await server.call('mainGames', {})).data!;

describe('main page game areas', () => {
  it('ranks games by rounds and wins of the last 7 days, masks ids, and counts 1% of 30 days of slot stakes', async () => {
    const [first, second, third] = slots as [string, string, string];
    for (let i = 0; i < 3; i += 1) await bet(alice.memberId, second, 1_000, 0, 1);
    await bet(bob.memberId, first, 10_000, 500_000, 2);
    await bet(alice.memberId, first, 10_000, 120_000, 6);
    // Older than a week: counted for the jackpot only.
    for (let i = 0; i < 5; i += 1) await bet(bob.memberId, third, 100_000, 9_000_000, 10);
    // Older than 30 days: counted nowhere.
    await bet(bob.memberId, third, 5_000_000, 0, 40);

    const games = await read();
    expect(games.popular.map((g) => [g.key, g.rounds])).toEqual([[second, 3], [first, 2]]);
    expect(games.ranking.map((r) => [r.memId, r.win, r.game.key])).toEqual([['bo***7', 500_000, first], ['al***n', 120_000, first]]);
    expect(JSON.stringify(games)).not.toContain('alicewin');
    expect(games.ranking[0]!.game.image).toMatch(/^\/vendor\/art\//);
    expect(games.ranking[0]!.game.vendorKey).toBe('pragslot');
    const stakes = 3 * 1_000 + 2 * 10_000 + 5 * 100_000;
    expect(games.jackpot.amount).toBe(SLOT_JACKPOT.base + stakes / 100);
    expect(games.newGames.length).toBeGreaterThan(0);
  });

  it('shows the newest playable games first and leaves out games the operator turned off', async () => {
    const [first, second] = slots as [string, string];
    const { db } = server.database;
    await db.update(gameCatalog).set({ addedAt: new Date(now.getTime() + 1_000) }).where(eq(gameCatalog.gameKey, first));
    await db.update(gameCatalog).set({ addedAt: new Date(now.getTime() + 2_000) }).where(eq(gameCatalog.gameKey, second));
    await db.update(gameCatalog).set({ enabled: false }).where(eq(gameCatalog.gameKey, second));
    await bet(bob.memberId, first, 50_000, 0, 0);
    await setClock(new Date(now.getTime() + MAIN_GAMES_KEEP_MS));

    const games = await read();
    expect(games.newGames[0]!.key).toBe(first);
    expect(games.newGames.map((g) => g.key)).not.toContain(second);
    expect(games.popular.map((g) => g.key)).toEqual([first]);
    expect(games.jackpot.amount).toBe(SLOT_JACKPOT.base + (3 * 1_000 + 2 * 10_000 + 5 * 100_000 + 50_000) / 100);
  });

  it('names a live table whose public state the vendor answers without a session and without player data', async () => {
    const { live } = await read();
    expect(live?.game.category).toBe('live');
    const state = await (await fetch(`${server.url()}${live!.stateUrl}`)).json() as Record<string, unknown>;
    expect(state).toMatchObject({ ok: true, gameKey: live!.game.key });
    expect(['betting', 'dealing', 'result']).toContain((state.round as { phase: string }).phase);
    expect(Object.keys(state)).not.toEqual(expect.arrayContaining(['balance']));
    expect(state).not.toHaveProperty('myBets');
    expect((await fetch(`${server.url()}/vendor/tables/no-such-table/public`)).ok).toBe(false);
  });
});
