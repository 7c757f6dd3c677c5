/**
 * The sportsbook's crash test: the real server (server/main.ts with its mounted house feed and the ingest
 * running; PGlite in a temporary folder, or PostgreSQL with TEST_DATABASE_URL) takes many members' bets on a
 * fixture the feed priced; the operator enters its result, and the server is SIGKILLed while it settles them,
 * inside the transaction that settles the chunk of bets holding the CRASH_AT-th (its failpoint, SPORTS_CRASH_AFTER,
 * after that bet's money moved). The data it leaves holds the chunks settled before, whole, and nothing of the one cut short. Started again on the same data, it settles what
 * was left (its ingest settles pending bets first); killed and started again, and the same result entered again,
 * it settles nothing twice. Then: the ledger invariants hold, every bet is settled
 * at revision 1 with one settlement key, each winner was paid once (stake × its odds) and each member holds
 * their deposit less their stakes plus their wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportBetPlaced, SportFixtureMarkets, SportLegsRefusal } from '../../contract/sports';
import { SETTLE_CHUNK } from '../../server/sports/settlement';
import { checkLedgerInvariants } from './invariants';
import { type ProcessMember, type ServerProcess, serverProcess } from './serverProcess';

const MEMBERS = 8;
const BETS_PER_MEMBER = 10;
const DEPOSIT = 1_000_000;
/** The settlement inside which the server dies: somewhere in the middle. */
const CRASH_AT = 10 + Math.floor(Math.random() * (MEMBERS * BETS_PER_MEMBER * 0.8 - 20));

let server: ServerProcess;
const members: ProcessMember[] = [];
interface Placed { member: number; historyId: number; stake: number; key: string; oddsCents: number }
const placed: Placed[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fixture at least half an hour from kick-off with a match-winner market whose first two prices are at least 1.30. */
async function pickFixture(token: string): Promise<{ fixture: SportFixtureMarkets; marketId: string }> {
  const by = Date.now() + 60_000;
  while (Date.now() < by) {
    const list = await server.send('sportList', { view: 'prematch', sport: '', leagueId: '' } as never, token);
    for (const fixture of (list.data as { fixtures?: SportFixtureMarkets[] } | null)?.fixtures ?? []) {
      if (Date.parse(fixture.startsAt) < Date.now() + 30 * 60_000) continue;
      const market = fixture.markets.find((m) => (m.kind === 'winner3' || m.kind === 'winner2') && m.period === 'match' && m.status === 'open'
        && m.selections.slice(0, 2).every((s) => s.oddsCents >= 130));
      if (market) return { fixture, marketId: market.marketId };
    }
    await sleep(500);
  }
  throw new Error('the feed published no fixture to bet on within a minute');
}

/** Open bets on the fixture, as the operator's exposure shows them. */
async function openBets(fixtureId: string): Promise<number> {
  const answer = await server.operator('GET', `/sports/fixtures/${fixtureId}/exposure`);
  return ((answer.body.selections ?? []) as { bets: number }[]).reduce((sum, s) => sum + s.bets, 0);
}

beforeAll(async () => {
  server = await serverProcess('sports-crash');
  await server.start({ SPORTS_CRASH_AFTER: String(CRASH_AT) });
  for (let i = 0; i < MEMBERS; i += 1) members.push(await server.member(DEPOSIT));
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

describe('a server killed while it settles bets', () => {
  it('leaves nothing half-done, and settles each bet exactly once after the restart', async () => {
    const { fixture, marketId } = await pickFixture(members[0]!.token);
    const market = fixture.markets.find((m) => m.marketId === marketId)!;
    const [winner, loser] = market.selections;

    // Every member places their bets, half on each of the first two selections; a moved price is taken as it is now.
    await Promise.all(members.map(async (member, index) => {
      for (let i = 0; i < BETS_PER_MEMBER; i += 1) {
        const selection = i % 2 === 0 ? winner! : loser!;
        const stake = 1_000 + index * 100 + i * 10;
        let leg = { selectionId: selection.selectionId, oddsCents: selection.oddsCents, version: market.version };
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const answer = await server.send('betProc', {
            idempotencyKey: `sportcrash-${index}-${i}-${attempt}`, game: 'sport', amount: stake, acceptBetterOdds: false, legs: [leg],
          } as never, member.token);
          if (answer.resultCode === 'B6101') {
            const now = (answer.data as unknown as SportLegsRefusal).legs[0]!;
            leg = { selectionId: selection.selectionId, oddsCents: now.oddsCents, version: now.version };
            continue;
          }
          expect(answer.resultCode, JSON.stringify(answer)).toBe('0');
          const bet = (answer.data as { bet: SportBetPlaced }).bet;
          placed.push({ member: index, historyId: Number(bet.betId), stake, key: selection.key, oddsCents: bet.legs[0]!.oddsCents });
          break;
        }
      }
    }));
    expect(placed.length).toBeGreaterThan(MEMBERS * BETS_PER_MEMBER * 0.8);
    expect(await openBets(fixture.fixtureId)).toBe(placed.length);

    // The operator's result. The server was started with its failpoint: it kills itself (SIGKILL) inside the
    // CRASH_AT-th bet's settlement transaction, after that bet's money moved and before it commits.
    const outcomes = Object.fromEntries(market.selections.map((s) => [s.key, s === winner ? 'win' : 'lose']));
    const result = { status: 'final', home: 1, away: 0, markets: [{ marketId, outcomes }] };
    const entering = server.operator('POST', `/sports/fixtures/${fixture.fixtureId}/result`, result).catch(() => null);
    await server.exited();
    await entering;

    // What the crash left: the bets settled before it, whole; the one it cut, not at all; the invariants holding.
    const crashed = await server.openData();
    try {
      expect(await checkLedgerInvariants(crashed.db)).toEqual([]);
      const [settled] = (await crashed.db.execute(`select count(*)::int as n from sport_bets where status <> 'wait'`) as unknown as { rows: { n: number }[] }).rows;
      console.log(`sports crash test (${server.postgres ? 'PostgreSQL' : 'PGlite'}): ${placed.length} bets, killed inside the settlement of bet ${CRASH_AT}`);
      // Bets settle SETTLE_CHUNK to a transaction: the chunks before the cut one, whole; nothing of the chunk it cut.
      expect(Number(settled!.n)).toBe(Math.floor((CRASH_AT - 1) / SETTLE_CHUNK) * SETTLE_CHUNK);
    } finally {
      await crashed.close();
    }

    // Started again, the server settles what was left; killed and started once more, and the result entered again: nothing twice.
    await server.start();
    const settledBy = Date.now() + 60_000;
    while ((await openBets(fixture.fixtureId)) > 0 && Date.now() < settledBy) await sleep(200);
    expect(await openBets(fixture.fixtureId)).toBe(0);
    await server.stop('SIGKILL');
    await server.start();
    expect((await server.operator('POST', `/sports/fixtures/${fixture.fixtureId}/result`, result)).status).toBe(200);
    await server.stop('SIGTERM');

    const database = await server.openData();
    try {
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      const rows = async <T>(query: string) => (await database.db.execute(query) as unknown as { rows: T[] }).rows;
      const bets = await rows<{ history_id: string; status: string; paid: string; revision: number; settlements: number; payouts: number }>(`
        select b.history_id::text, b.status, b.paid::text, b.revision,
          (select count(*)::int from sport_settlements s where s.bet_id = b.id) as settlements,
          (select count(*)::int from ledger_transactions t where t.idempotency_key like 'sportSettle:' || b.id || ':%') as payouts
        from sport_bets b`);
      expect(bets).toHaveLength(placed.length);
      const wrong: string[] = [];
      for (const bet of placed) {
        const row = bets.find((b) => Number(b.history_id) === bet.historyId)!;
        const win = bet.key === winner!.key ? Math.floor((bet.stake * bet.oddsCents) / 100) : 0;
        const expected = { status: win > 0 ? 'win' : 'lose', paid: win, revision: 1, settlements: 1, payouts: win > 0 ? 1 : 0 };
        const actual = { status: row.status, paid: Number(row.paid), revision: row.revision, settlements: row.settlements, payouts: row.payouts };
        if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`bet ${bet.historyId}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
      }
      expect(wrong).toEqual([]);
      for (const [index, member] of members.entries()) {
        const mine = placed.filter((b) => b.member === index);
        const expected = DEPOSIT - mine.reduce((sum, b) => sum + b.stake, 0)
          + mine.filter((b) => b.key === winner!.key).reduce((sum, b) => sum + Math.floor((b.stake * b.oddsCents) / 100), 0);
        const [cash] = await rows<{ balance: string }>(`select a.balance::text from ledger_accounts a join members m on m.id = a.member_id
          where m.mem_id = '${member.memId}' and a.currency = 'KRW'`);
        expect(Number(cash!.balance), member.memId).toBe(expected);
      }
    } finally {
      await database.close();
    }
  }, 240_000);
});
