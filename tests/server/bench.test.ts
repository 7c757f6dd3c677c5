/**
 * `npm run bench` still runs: a short run with few members on the database of this suite's run, PGlite or its
 * PostgreSQL (the two runs of the server suite cover both). Its figures are not asserted (they are timings); that every phase ran, answered, and left
 * the ledger's invariants holding is.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runBench(databaseUrl: string | undefined): Promise<{ code: number | null; output: string }> {
  // The bench is not a test: nothing of vitest's may reach it, and its PostgreSQL comes from DATABASE_URL.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST_DATABASE_URL'));
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // On PostgreSQL the bench skips PGlite: the PGlite run of this suite benches it.
  const only = databaseUrl ? ['--postgres-only'] : [];
  return new Promise((resolve) => {
    // On this process's wall clock (tests/wallClockImport.mjs: the clock guard's, when WALL_CLOCK is set).
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/wallClockImport.mjs', 'bench/run.ts', '--seconds', '0.3', '--members', '3', '--sport-legs', '300', '--sockets', '20', '--idle-sockets', '20', '--partner-bets', '1000', ...only], { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('npm run bench runs every phase and leaves the ledger balanced', async () => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const { code, output } = await runBench(databaseUrl);
  expect(output, output).not.toMatch(/Error|BROKEN/);
  expect(code, output).toBe(0);
  for (const label of databaseUrl ? ['PostgreSQL'] : ['PGlite']) {
    expect(output).toMatch(new RegExp(`${label}: .*point conversions run at \\d+\\.\\d+x the plain UPDATE loop; ledger invariants after the money phases: hold`));
    expect(output).toMatch(new RegExp(`${label}: mini-game bets run at \\d+\\.\\d+x`));
    expect(output).toMatch(new RegExp(`${label}: balance calls over HTTP are \\d+\\.\\d+x`));
    expect(output).toMatch(new RegExp(`${label}: sports slips run at \\d+\\.\\d+x the plain UPDATE loop .*; a fixture of 300 legs settled in \\d+ ms`));
    expect(output).toMatch(new RegExp(`${label}: price latency feed to browser, 40 STOMP sockets connected \\(0 failed to connect, 0 closed by the server\\), 20 on the fixture's topic x \\d+ changes: p50 \\d+\\.\\d ms, p99 \\d+\\.\\d ms, 0 frames lost`));
    for (const operation of ['withdrawal request', 'point conversion', 'mini-game bet', 'sports slip', 'balance call \\(HTTP\\)', 'game launch', 'slot spin']) {
      expect(output).toMatch(new RegExp(`^${label} +${operation}[^\\d\\n]* +[1-9]\\d* `, 'm'));
    }
  }
  // The bench grew phases this session (the 10,000-socket phase, the partner accruals): a small run of every phase takes minutes on two cores.
}, 480_000);
