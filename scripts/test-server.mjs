#!/usr/bin/env node
/**
 * Runs the server test suite on the embedded database (PGlite) and, at the same time, on a real
 * PostgreSQL when one is at hand: DATABASE_URL if set, else whatever answers on 127.0.0.1:5432 (as user
 * postgres, then root). Each test file makes a fresh database of its own there and drops it afterwards.
 * The two runs share no state, and the PGlite run works mostly in its own process while the PostgreSQL run
 * mostly waits on the server, so side by side they take little more than the longer one. Each run's output
 * is printed whole when it ends. Without PostgreSQL the second run is skipped (and says so); the exit code
 * is non-zero if any run fails.
 *
 * The clock guard (tests/wallClock.ts, README "The clock guard"): the PGlite run keeps the real clock, the
 * PostgreSQL run has its wall clock at 23:45 Seoul (inside the bank hour, 23:30-00:30), and a third run takes
 * the suites of the Seoul-day rules (TIME_SENSITIVE) on PGlite at 23:59:50 and then 00:00:10 Seoul (at 23:45
 * first when there is no PostgreSQL run). A test that reads the wall clock for a time rule instead of setting
 * its own time fails in one of them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const LOCAL_CANDIDATES = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

/** The bank hour (23:30-00:30 Seoul), for the whole suite's run on PostgreSQL. */
const BANK_HOUR = '23:45';
/** Just before and just after Seoul midnight, for the suites of the Seoul-day rules. */
const MIDNIGHT = ['23:59:50', '00:00:10'];
/**
 * The suites whose subjects are Seoul-day rules and that read the server's clock unset in places: the main page's
 * best of the day and week, attendance and the prize wheel (community), mini-game rounds numbered per day
 * (minigames), the win/lose per day (betting). About half a minute each time on two cores.
 */
const TIME_SENSITIVE = ['tests/server/community.test.ts', 'tests/server/minigames.test.ts', 'tests/server/betting.test.ts'];

/** Runs the suite (or `files` of it); answers whether it passed, printing its output whole once it ends. */
function runSuite(label, extraEnv, files = []) {
  const env = { ...process.env, ...extraEnv };
  if (!extraEnv.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
  if (!extraEnv.WALL_CLOCK) delete env.WALL_CLOCK;
  delete env.WALL_CLOCK_OFFSET_MS;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'server', ...files], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== Server tests on ${label} (${Math.round((Date.now() - started) / 1000)} s) ===\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** Answers the URL of a PostgreSQL server that lets us create databases, or null. */
async function findPostgres() {
  const candidates = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : LOCAL_CANDIDATES;
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // try the next candidate
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const runs = [['PGlite', runSuite('PGlite (embedded, in memory)', {})]];

const postgres = await findPostgres();
if (postgres) {
  runs.push(['PostgreSQL', runSuite(`PostgreSQL at ${redact(postgres)} (a fresh database per test file), wall clock at ${BANK_HOUR} Seoul`, {
    TEST_DATABASE_URL: postgres, WALL_CLOCK: BANK_HOUR,
  })]);
} else if (process.env.DATABASE_URL) {
  console.error(`\nPostgreSQL run failed: DATABASE_URL is set but ${redact(process.env.DATABASE_URL)} does not answer.`);
  runs.push(['PostgreSQL', Promise.resolve(false)]);
} else {
  console.log('\nPostgreSQL run skipped: no DATABASE_URL and nothing answering on 127.0.0.1:5432');
}
// The midnight runs one after the other, beside the two above (and, with no PostgreSQL run, the bank hour's first).
const clocks = postgres ? MIDNIGHT : [BANK_HOUR, ...MIDNIGHT];
runs.push([`The Seoul-day suites at ${clocks.join(', ')} Seoul`, (async () => {
  let passed = true;
  for (const clock of clocks) passed = (await runSuite(`PGlite, the Seoul-day suites, wall clock at ${clock} Seoul`, { WALL_CLOCK: clock }, TIME_SENSITIVE)) && passed;
  return passed;
})()]);
const results = await Promise.all(runs.map(async ([label, run]) => [label, await run]));

console.log('\n=== Server test summary ===');
for (const [label, ok] of results) console.log(`  ${label}: ${ok ? 'passed' : 'FAILED'}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
