/**
 * The console's commands against a database of their own (PGlite in a temporary folder, or a fresh PostgreSQL
 * database with TEST_DATABASE_URL), run as an operator runs them: `npm run console:owner -- <id> "<name>"` makes
 * the first owner and prints the password once, refuses a second while one is active and bad arguments;
 * `npm run audit:verify` prints the chain's length and head hash, and after a row is edited names it and exits 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { verifySecret } from '../../server/member/passwords';
import { createPostgresDatabase, type FreshPostgres } from '../postgresDatabase';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string | null = null;
let postgres: FreshPostgres | null = null;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) postgres = await createPostgresDatabase(serverUrl, 'scripts');
  else dataDir = mkdtempSync(join(tmpdir(), 'hanbit-scripts-'));
});
afterAll(async () => {
  await postgres?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a script as `npm run` does (node with tsx), on the test's database; answers its exit code and output. */
function run(script: string, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (postgres) env.DATABASE_URL = postgres.url;
  else env.DATA_DIR = dataDir!;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], { cwd: root, env, timeout: 120_000 }, (error, out, err) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out, err });
    });
  });
}

/** The test's database opened here between runs (never while a script has it). */
async function withDatabase<T>(work: (rows: (query: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: dataDir! });
  try {
    return await work(async (query) => (await database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows);
  } finally {
    await database.close();
  }
}

describe('npm run console:owner', () => {
  it('makes the first owner once, printing the password; refuses a second and bad arguments', async () => {
    const made = await run('console-owner.ts', ['chief', '운영 책임자']);
    expect(made.code, made.err).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(made.out)?.[1];
    expect(password).toBeDefined();
    const again = await run('console-owner.ts', ['second', 'Second']);
    expect([again.code, again.err]).toEqual([1, expect.stringContaining('An active owner exists')]);
    const bad = await run('console-owner.ts', ['No Spaces Allowed']);
    expect(bad.code).toBe(2);
    await withDatabase(async (rows) => {
      const operators = await rows('select operator_id, name, role, status, pass_hash from operators');
      expect(operators.map(({ pass_hash: _hash, ...rest }) => rest)).toEqual([{ operator_id: 'chief', name: '운영 책임자', role: 'owner', status: 'active' }]);
      expect(await verifySecret(String(operators[0]!.pass_hash), password!)).toBe(true);
      expect(await rows(`select actor, action, target from audit_log where action = 'operator.firstOwner'`))
        .toEqual([{ actor: 'system', action: 'operator.firstOwner', target: 'chief' }]);
    });
  }, 300_000);
});

describe('npm run audit:verify', () => {
  it('prints the intact chain, then names the edited row and exits 1', async () => {
    const intact = await run('audit-verify.ts');
    expect(intact.code, intact.err).toBe(0);
    expect(intact.out).toMatch(/Audit chain intact: 1 rows, head hash [0-9a-f]{64}/);
    await withDatabase(async (rows) => {
      await rows('alter table audit_log disable trigger audit_log_append_only');
      await rows(`update audit_log set target = 'forged' where seq = 1`);
      await rows('alter table audit_log enable trigger audit_log_append_only');
    });
    const broken = await run('audit-verify.ts');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('Audit chain BROKEN at seq 1 (hash); 0 rows verified before it.');
  }, 300_000);
});
