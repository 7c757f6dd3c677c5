#!/usr/bin/env node
/**
 * Runs the server test suite on the embedded database (PGlite), then again on a real PostgreSQL when
 * one is at hand: DATABASE_URL if set, else whatever answers on 127.0.0.1:5432 (as user postgres,
 * then root). Each test file makes a fresh database of its own there and drops it afterwards.
 * Without PostgreSQL the second run is skipped (and says so); the exit code is non-zero if any run fails.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const LOCAL_CANDIDATES = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

function runSuite(label, extraEnv) {
  console.log(`\n=== Server tests on ${label} ===\n`);
  const env = { ...process.env, ...extraEnv };
  if (!extraEnv.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
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

const results = [['PGlite', runSuite('PGlite (embedded, in memory)', {})]];

const postgres = await findPostgres();
if (postgres) {
  results.push(['PostgreSQL', runSuite(`PostgreSQL at ${redact(postgres)} (a fresh database per test file)`, { TEST_DATABASE_URL: postgres })]);
} else if (process.env.DATABASE_URL) {
  console.error(`\nPostgreSQL run failed: DATABASE_URL is set but ${redact(process.env.DATABASE_URL)} does not answer.`);
  results.push(['PostgreSQL', false]);
} else {
  console.log('\nPostgreSQL run skipped: no DATABASE_URL and nothing answering on 127.0.0.1:5432');
}

console.log('\n=== Server test summary ===');
for (const [label, ok] of results) console.log(`  ${label}: ${ok ? 'passed' : 'FAILED'}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
