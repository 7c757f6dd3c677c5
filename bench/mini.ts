/**
 * The mini-game phase of `npm run bench`: powerball bets (betProc, each its own idempotent call and
 * ledger transaction) per second and their p50/p99 with every member betting at once, then the time to
 * draw and settle one round holding 10,000 bets (one database transaction, one ledger transaction).
 * The server clock is frozen inside a round's betting window, so the window never closes mid-phase.
 */
import type { MiniBoard } from '../contract/minigames';
import type { TestServer } from '../tests/server/harness';
import { type Row, Recorder, rowsOf, runFor } from './measure';

const SETTLEMENT_BETS = 10_000;
const STAKE = 1_000;

export async function benchMini(label: string, server: TestServer, members: { token: string }[], seconds: number, run: string): Promise<{ rows: Row[]; settleMs: number; bets: number }> {
  const admin = async (method: 'PUT' | 'POST', url: string, body?: unknown) => {
    const answer = await server.admin(method, url, body);
    if (answer.status !== 200) throw new Error(`${url}: ${JSON.stringify(answer.body)}`);
  };
  // A Seoul noon well ahead of any round made so far, 10 s into its slot; many bets per member and market.
  const noon = new Date(`${new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)}T03:00:10Z`);
  await admin('PUT', '/admin/api/test/clock', { now: noon.toISOString() });
  await admin('PUT', '/admin/api/minigames/powerball/settings', { oneBetPerMarket: false, hitLimit: 1_000_000_000_000 });
  await admin('POST', '/admin/api/minigames/tick');
  const board = (await server.call('miniBoard', { game: 'powerball' }, { token: members[0]!.token })).data as MiniBoard;
  const round = board.round!;
  let sequence = 0;
  const bet = (worker: number) => server.call('betProc', {
    idempotencyKey: `mini-${run}-${worker}-${(sequence += 1)}`, game: 'powerball', roundId: round.roundId, market: 'pbOddEven',
    selection: worker % 2 === 0 ? 'odd' : 'even', amount: STAKE,
  }, { token: members[worker]!.token });

  console.log(`  ${label}: powerball bets for ${seconds} s ...`);
  const bets = new Recorder();
  const betSeconds = await runFor(seconds, members.length, async (worker) => {
    await bets.time('mini-game bet (betProc)', async () => (await bet(worker)).resultCode);
  });

  const count = async () => Number((await server.rows<{ n: number }>(`select count(*)::int as n from mini_bets where round_id = ${round.roundId}`))[0]!.n);
  const missing = SETTLEMENT_BETS - await count();
  if (missing > 0) {
    // Set-up only (the timed figures above are real calls): the rows betProc writes for each bet — its own
    // stake ledger transaction, the bet, its betting-history row — made in SQL, spread over the members.
    console.log(`  ${label}: topping the round up to ${SETTLEMENT_BETS} bets ...`);
    await server.rows(`with players as (
        select member_id, (row_number() over (order by member_id) - 1)::int as i, count(*) over ()::int as n
        from (select distinct member_id from mini_bets where round_id = ${round.roundId}) d),
      placed as (
        select g, p.member_id, ledger_post('miniBench:${run}:' || g, 'mini.stake', array[p.member_id, null]::bigint[], array[null, 'minigame']::text[],
          array['KRW', 'KRW']::text[], array[${-STAKE}, ${STAKE}]::bigint[]) as posted
        from generate_series(1, ${missing}) g join players p on p.i = g % p.n),
      inserted as (
        insert into mini_bets (member_id, round_id, game, market, selection, stake, odds_cents, stake_transaction_id, placed_at)
        select member_id, ${round.roundId}, 'powerball', 'pbOddEven', case when g % 2 = 0 then 'odd' else 'even' end, ${STAKE},
          ${board.odds.pbOddEven!.odd!}, (posted ->> 'transactionId')::bigint, '${noon.toISOString()}'::timestamptz from placed returning *)
      insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, game_type, source_ref, round_id, stake, type, placed_at, detail)
      select member_id, 'minigame', 'mini', 'powerball', '{}'::jsonb, '{}'::jsonb, market, 'mini:' || id, 'bench', stake, 'wait', placed_at, '{}'::jsonb from inserted`);
  }
  const inRound = await count();
  console.log(`  ${label}: drawing and settling a round of ${inRound} bets ...`);
  await admin('PUT', '/admin/api/test/clock', { now: new Date(Date.parse(round.drawsAt) + 1_000).toISOString() });
  const started = performance.now();
  await admin('POST', '/admin/api/minigames/tick');
  const settleMs = performance.now() - started;
  const [left] = await server.rows<{ n: number }>(`select count(*)::int as n from mini_bets where round_id = ${round.roundId} and status = 'wait'`);
  if (Number(left!.n) !== 0) throw new Error(`${left!.n} bets were not settled`);
  // Back to real time: the games phase moves the clock forward from now (ABZ01), never backwards from tomorrow.
  await admin('PUT', '/admin/api/test/clock', { now: null });
  return { rows: rowsOf(label, bets.all, betSeconds), settleMs, bets: inRound };
}
