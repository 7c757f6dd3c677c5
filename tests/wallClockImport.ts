/**
 * `node --import tsx --import ./tests/wallClockImport.ts server/main.ts`: a server started by the tests (the
 * e2e suite's, tests/server/ledger-crash.test.ts's) on the wall clock of the process that started it, when
 * that one runs under the clock guard (WALL_CLOCK, tests/wallClock.ts); nothing otherwise.
 */
import { shiftWallClockFromEnv } from './wallClock';

const shifted = shiftWallClockFromEnv();
if (shifted) console.log(`clock guard: this process's wall clock reads ${shifted.toISOString()} (WALL_CLOCK=${process.env.WALL_CLOCK ?? ''})`);
