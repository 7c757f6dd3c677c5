/**
 * `node --import tsx --import ./tests/wallClockImport.mjs server/main.ts`: a server started by the tests (the
 * e2e suite's, tests/server/ledger-crash.test.ts's, the bench's) on the wall clock of the process that started
 * it, when that one runs under the clock guard (WALL_CLOCK, tests/wallClock.ts); nothing otherwise.
 *
 * Plain JavaScript, and only on the main thread: a worker thread (autocannon's load generator in the bench)
 * inherits these --import flags but, on Node 20, not tsx's hooks, so it could load no TypeScript here.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const { shiftWallClockFromEnv } = await import('./wallClock.ts');
  const shifted = shiftWallClockFromEnv();
  if (shifted) console.log(`clock guard: this process's wall clock reads ${shifted.toISOString()} (WALL_CLOCK=${process.env.WALL_CLOCK ?? ''})`);
}
