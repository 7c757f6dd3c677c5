/**
 * `npm run bench [-- --seconds 10 --members 50]`: money operations per second and p50/p99 latency with
 * concurrent members against the real app (every call sealed and opened through app.inject, exactly as
 * the client sends it, and its CASH push sent through the real-time channel's fan-out), next to a plain
 * conditional UPDATE loop on the same database at the same concurrency, and the ratio of the two; then
 * the HTTP phase (bench/http.ts): balance calls per second over real HTTP next to a bare Fastify
 * hello-world, and their ratio; then the games phase (bench/games.ts): launches with their merges, and
 * slot spins through the vendor, every member at once (the spins, and a bare hello-world beside them, sent
 * from a child process, bench/httpLoad.mjs, so that the client's work is not counted as the server's); the sportsbook's phases (bench/sports.ts): slips
 * per second while prices move, the settlement of one fixture holding `--sport-legs` bets, and price
 * latency from the feed to `--sockets` subscribed STOMP sockets among `--idle-sockets` more signed-in ones
 * (default 1,000 of 10,000: the sockets run in a child process; `npm run bench` raises the file limit first). Runs on PGlite (in memory), then on PostgreSQL
 * when DATABASE_URL is set (a fresh database on that server, dropped afterwards).
 * Then the partner phase (bench/partner.ts, `--partner-bets`, default 100,000): settled bets accruing
 * commission on five-level chains, next to the same bets outside any line.
 * `--only sports` runs the sportsbook's phases and the plain UPDATE loop only (the app listening for the latency phase);
 * `--only games` the games phase and the plain UPDATE loop only;
 * `--postgres-only` leaves PGlite out.
 * With PostgreSQL and RabbitMQ's environment (RABBITMQ_URL, RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY, as
 * scripts/rabbitmq-setup.sh prints it), the price latency phase runs once more in broker mode: the server
 * publishes to RabbitMQ, `/ws` reads each socket's member topic from Web-STOMP on the member's own connection
 * and the fixture's topic once for the instance (`--only broker` runs that phase alone).
 * Informational only: no test asserts these figures.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { memberAccount } from '../server/money/ledger';
import { moneyDoor } from '../server/money/door';
import { isBankMaintenance, systemClock } from '../server/clock';
import * as nativeEnvelope from '../server/http/envelope';
import { findMemberByMemId } from '../server/member/queries';
import { signupForm } from '../tests/server/fixtures';
import { startTestServer, type TestServer } from '../tests/server/harness';
import { checkLedgerInvariants } from '../tests/server/invariants';
import { benchGames } from './games';
import { benchHttp } from './http';
import { benchMini } from './mini';
import { benchSportsLatency, benchSportsSettlement, benchSportsSlips, type SportsLatency, type SportsSettlement } from './sports';
import { benchPartner } from './partner';
import { printTable, Recorder, type Row, rowsOf, runFor } from './measure';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' }, members: { type: 'string', default: '50' },
    'sport-legs': { type: 'string', default: '100000' }, sockets: { type: 'string', default: '1000' }, 'idle-sockets': { type: 'string', default: '9000' },
    'partner-bets': { type: 'string', default: '100000' },
    /** `sports` or `games`: that product's phases and the plain UPDATE loop only; `broker`: the broker-mode price latency only. */
    only: { type: 'string' },
    /** Skips PGlite (with DATABASE_URL set). */
    'postgres-only': { type: 'boolean', default: false },
  },
});
if (args.only !== undefined && !['sports', 'games', 'broker'].includes(args.only)) throw new Error('--only takes sports, games or broker');
const ALL = args.only === undefined;
const SPORTS = ALL || args.only === 'sports';
const GAMES = ALL || args.only === 'games';
const SPORT_LEGS = Number(args['sport-legs']);
const SOCKETS = Number(args.sockets);
const IDLE_SOCKETS = Number(args['idle-sockets']);
if (!Number.isInteger(SPORT_LEGS) || SPORT_LEGS < 1 || !Number.isInteger(SOCKETS) || SOCKETS < 1) throw new Error('--sport-legs and --sockets must be positive integers');
if (!Number.isInteger(IDLE_SOCKETS) || IDLE_SOCKETS < 0) throw new Error('--idle-sockets must be an integer of at least 0');
/** The real-time phase's busy topic: a price change every 20 ms (50 a second while the ingest keeps up). */
const LATENCY_PLAN = { subscribed: SOCKETS, idle: IDLE_SOCKETS, changes: 200, gapMs: 20 };
const SECONDS = Number(args.seconds);
const MEMBERS = Number(args.members);
const PARTNER_BETS = Number(args['partner-bets']);
if (!(SECONDS > 0) || !Number.isInteger(MEMBERS) || MEMBERS < 1) throw new Error('--seconds must be > 0 and --members a positive integer');

const WITHDRAWAL = 10_000;
const CONVERSION = 1_000;
const STARTING_CASH = 1_000_000_000;
const STARTING_POINTS = 1_000_000_000;

interface BenchMember {
  memId: string;
  token: string;
  cashAccountId: number;
}

/** Members signed up, approved and logged in through the API; starting money granted through the ledger. */
async function makeMembers(server: TestServer): Promise<BenchMember[]> {
  const { db } = server.database;
  const members: BenchMember[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const form = signupForm();
    const signedUp = await server.call('signup', form);
    if (signedUp.resultCode !== '0') throw new Error(`sign-up refused: ${signedUp.resultCode}`);
    const approved = await server.admin('POST', `/admin/api/signups/${form.memId}/approve`);
    if (approved.status !== 200) throw new Error(`approval refused: ${JSON.stringify(approved.body)}`);
    const login = await server.login(form.memId, form.memPass);
    if (login.resultCode !== '0') throw new Error(`login refused: ${login.resultCode}`);
    const memberId = (await findMemberByMemId(db, form.memId))!.id;
    await db.transaction(async (tx) => {
      const move = moneyDoor(db, systemClock).within(tx);
      for (const [currency, amount] of [['KRW', STARTING_CASH], ['POINT', STARTING_POINTS]] as const) {
        await move.post({
          key: `bench:start:${memberId}:${currency}`, kind: 'bench.grant',
          entries: [{ account: { house: 'promotion', currency }, amount: -amount }, { account: { memberId, currency }, amount }],
        });
      }
    });
    members.push({ memId: form.memId, token: login.data!.token, cashAccountId: await memberAccount(db, memberId, 'KRW') });
  }
  return members;
}

/** No re-request wait between withdrawals; outside bank maintenance (the test clock is set to Seoul noon if needed). */
async function openWithdrawals(server: TestServer): Promise<void> {
  const settings = await server.admin('PUT', '/admin/api/wallet-settings', { rerequestWaitMinutes: 0 });
  if (settings.status !== 200) throw new Error(`wallet settings refused: ${JSON.stringify(settings.body)}`);
  if (isBankMaintenance(new Date())) {
    const noonSeoul = new Date(`${new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10)}T03:00:00Z`);
    const clock = await server.admin('PUT', '/admin/api/test/clock', { now: noonSeoul.toISOString() });
    if (clock.status !== 200) throw new Error(`bank maintenance now and the test clock is not settable: ${JSON.stringify(clock.body)}`);
  }
}

interface DatabaseFigures {
  rows: Row[];
  /** Plain UPDATEs per second over money operations per second. */
  ratio: number;
  /** Point conversions per second over plain UPDATEs per second. */
  conversionShare: number;
  invariants: string[];
  /** Balance calls per second over hello-worlds per second. */
  httpRatio: number;
  /** Mini-game bets per second over plain UPDATEs per second. */
  miniShare: number;
  /** Draw and settlement of one round holding `settledBets` bets. */
  settleMs: number;
  settledBets: number;
  /** The sportsbook's figures (null with `--only games`). */
  sports: {
    /** Sports slips per second over plain UPDATEs per second, with the prices moved meanwhile. */
    slipShare: number;
    priceChanges: number;
    sportSettle: SportsSettlement;
    /** The settlement's time over the plain UPDATE loop's time for as many rows. */
    sportSettleRatio: number;
    latency: SportsLatency;
  } | null;
  /** Settled bets with accrual on five-level chains per second over plain UPDATEs per second. */
  accrualShare: number;
  /** The same over settled bets outside any line. */
  accrualVsPlain: number;
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<DatabaseFigures> {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // Calls sealed with the server's native envelope: the client's sealing is not the server's work (harness.ts).
  // The real-time channel is the real one: every money call's CASH push is part of its cost.
  const server = await startTestServer({ testClock: true }, { envelope: nativeEnvelope, realtime: true });
  try {
    await openWithdrawals(server);
    const members = await makeMembers(server);
    const run = Date.now().toString(36);
    let sequence = 0;
    const key = (worker: number) => `bench-${run}-${worker}-${(sequence += 1)}`;
    const code = (answer: { resultCode: string }) => answer.resultCode;

    const withdrawals = new Recorder();
    const conversions = new Recorder();
    let withdrawalSeconds = 0;
    let conversionSeconds = 0;
    let mini: Awaited<ReturnType<typeof benchMini>> = { rows: [], settleMs: 0, bets: 0 };
    if (ALL) {
      console.log(`  ${label}: withdrawals (request, then cancel to free the open-request slot) for ${SECONDS} s ...`);
      withdrawalSeconds = await runFor(SECONDS, members.length, async (worker) => {
        const token = members[worker]!.token;
        let requestId = 0;
        const outcome = await withdrawals.time('withdrawal request', async () => {
          const answer = await server.call('cashOut', { idempotencyKey: key(worker), amount: WITHDRAWAL, cashOutPass: '4321' }, { token });
          requestId = answer.data?.request.requestId ?? 0;
          return code(answer);
        });
        if (outcome === '0') await withdrawals.time('withdrawal cancel', async () => code(await server.call('cashDel', { requestId }, { token })));
      });

      console.log(`  ${label}: point conversions for ${SECONDS} s ...`);
      conversionSeconds = await runFor(SECONDS, members.length, async (worker) => {
        await conversions.time('point conversion', async () =>
          code(await server.call('pointConvert', { idempotencyKey: key(worker), amount: CONVERSION }, { token: members[worker]!.token })));
      });
      mini = await benchMini(label, server, members, SECONDS, run);
    }
    const slips = SPORTS ? await benchSportsSlips(label, server, members, SECONDS, run) : null;
    const sportSettle = SPORTS ? await benchSportsSettlement(label, server, SPORT_LEGS, run) : null;
    const invariants = await checkLedgerInvariants(server.database.db);

    const http = ALL ? await benchHttp(label, server, members, SECONDS, MEMBERS) : { rows: [], ratio: Number.NaN };
    if (!ALL) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const latency = SPORTS ? await benchSportsLatency(label, server, LATENCY_PLAN, run) : null;
    const gameRows = GAMES ? await benchGames(label, server, server.url(), members, SECONDS) : [];
    invariants.push(...await checkLedgerInvariants(server.database.db));
    const partner = ALL ? await benchPartner(label, server, PARTNER_BETS) : { rows: [], accrualShare: Number.NaN };

    // Last, because it moves balances without entries (the database is thrown away afterwards).
    console.log(`  ${label}: plain conditional UPDATE loop for ${SECONDS} s ...`);
    const updates = new Recorder();
    const updateSeconds = await runFor(SECONDS, members.length, async (worker) => {
      await updates.time('plain conditional UPDATE', async () => {
        await server.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${members[worker]!.cashAccountId} and balance >= 1`);
        return '0';
      });
    });

    const rows = [
      ...rowsOf(label, withdrawals.all, withdrawalSeconds),
      ...rowsOf(label, conversions.all, conversionSeconds),
      ...mini.rows,
      ...slips?.rows ?? [],
      ...rowsOf(label, updates.all, updateSeconds),
    ];
    const moneyOps = [...withdrawals.all, ...conversions.all].reduce((n, s) => n + s.ok, 0);
    const moneyPerSecond = ALL ? moneyOps / (withdrawalSeconds + conversionSeconds) : Number.NaN;
    const updatePerSecond = updates.all[0]!.ok / updateSeconds;
    rows.push({ database: label, kind: 'all money operations', ops: moneyOps, perSecond: moneyPerSecond, p50: Number.NaN, p99: Number.NaN, refused: '-' });
    rows.push(...http.rows, ...gameRows, ...partner.rows);
    const conversionsPerSecond = ALL ? (conversions.all[0]?.ok ?? 0) / conversionSeconds : Number.NaN;
    const miniPerSecond = mini.rows[0] ? mini.rows[0].perSecond : 0;
    return {
      rows, ratio: updatePerSecond / moneyPerSecond, conversionShare: conversionsPerSecond / updatePerSecond, invariants, httpRatio: http.ratio,
      miniShare: miniPerSecond / updatePerSecond, settleMs: mini.settleMs, settledBets: mini.bets,
      sports: slips && sportSettle && latency ? {
        slipShare: slips.slipsPerSecond / updatePerSecond, priceChanges: slips.priceChanges, sportSettle,
        sportSettleRatio: sportSettle.settleMs / ((sportSettle.legs / updatePerSecond) * 1_000), latency,
      } : null,
      accrualShare: (partner.rows[0]?.perSecond ?? Number.NaN) / updatePerSecond, accrualVsPlain: partner.accrualShare,
    };
  } finally {
    await server.close();
  }
}

function latencyLine(label: string, latency: SportsLatency): string {
  return `  ${label}: price latency feed to browser, ${latency.sockets} STOMP sockets connected (${latency.failed} failed to connect, ${
    latency.closed} closed by the server), ${latency.subscribed} on the fixture's topic x ${latency.changes} changes: p50 ${
    latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, ${latency.lost} frames lost; server memory per socket ${
    latency.rssPerSocketKb.toFixed(1)} KB resident, ${latency.heapPerSocketKb.toFixed(1)} KB of heap`;
}

/** The price latency phase in broker mode (README, Real-time at scale), on PostgreSQL: several instances need it. */
async function benchBroker(databaseUrl: string, rabbit: { url: string; stompUrl: string; tokenKey: string }): Promise<SportsLatency> {
  process.env.TEST_DATABASE_URL = databaseUrl;
  const server = await startTestServer({ testClock: true, rabbit }, { envelope: nativeEnvelope, realtime: true, listen: true });
  try {
    return await benchSportsLatency('PostgreSQL + RabbitMQ', server, LATENCY_PLAN, Date.now().toString(36));
  } finally {
    await server.close();
  }
}

const { RABBITMQ_URL, RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY } = process.env;
const rabbit = RABBITMQ_URL && RABBITMQ_STOMP_URL && RABBITMQ_TOKEN_KEY ? { url: RABBITMQ_URL, stompUrl: RABBITMQ_STOMP_URL, tokenKey: RABBITMQ_TOKEN_KEY } : null;
const targets: [string, string | undefined][] = args['postgres-only'] || args.only === 'broker' ? [] : [['PGlite', undefined]];
if (!process.env.DATABASE_URL) console.log('DATABASE_URL is not set: PostgreSQL is skipped (set it to a server URL; a fresh database is made there and dropped).');
else if (args.only !== 'broker') targets.push(['PostgreSQL', process.env.DATABASE_URL]);

console.log(`Benchmark: ${MEMBERS} concurrent members, ${SECONDS} s per phase\n`);
const rows: Row[] = [];
const summary: string[] = [];
for (const [label, url] of targets) {
  const result = await benchDatabase(label, url);
  rows.push(...result.rows);
  if (ALL) {
    summary.push(`  ${label}: plain UPDATE is ${result.ratio.toFixed(1)}x the money operations per second; point conversions run at ${
      result.conversionShare.toFixed(3)}x the plain UPDATE loop; ledger invariants after the money phases: ${
      result.invariants.length === 0 ? 'hold (after the games phase too)' : `BROKEN\n    ${result.invariants.join('\n    ')}`}`);
    summary.push(`  ${label}: mini-game bets run at ${result.miniShare.toFixed(3)}x the plain UPDATE loop; a round of ${result.settledBets} bets drew and settled in ${result.settleMs.toFixed(0)} ms`);
  }
  const { sports } = result;
  if (sports) {
    summary.push(`  ${label}: sports slips run at ${sports.slipShare.toFixed(3)}x the plain UPDATE loop (${sports.priceChanges} price changes meanwhile); a fixture of ${
      sports.sportSettle.legs} legs settled in ${sports.sportSettle.settleMs.toFixed(0)} ms, ${sports.sportSettleRatio.toFixed(1)}x the plain UPDATE loop over as many rows`);
    summary.push(latencyLine(label, sports.latency));
  }
  if (ALL) {
    summary.push(`  ${label}: settled bets accruing on five-level partner chains run at ${result.accrualShare.toFixed(3)}x the plain UPDATE loop and ${
      result.accrualVsPlain.toFixed(3)}x the same bets outside any line`);
    summary.push(`  ${label}: balance calls over HTTP are ${result.httpRatio.toFixed(3)}x the bare Fastify hello-worlds per second`);
  }
}
if (rabbit && process.env.DATABASE_URL && (ALL || args.only === 'broker')) {
  summary.push(latencyLine('PostgreSQL + RabbitMQ (broker mode)', await benchBroker(process.env.DATABASE_URL, rabbit)));
} else if (ALL || args.only === 'broker') {
  summary.push('  broker mode: skipped (it needs DATABASE_URL and RabbitMQ\'s RABBITMQ_URL, RABBITMQ_STOMP_URL, RABBITMQ_TOKEN_KEY; scripts/rabbitmq-setup.sh)');
}
console.log('');
printTable(rows);
console.log(`\n${summary.join('\n')}`);
