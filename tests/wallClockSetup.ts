/**
 * vitest's setup file for every project: with WALL_CLOCK set, each test file starts at that moment of the
 * wall clock (tests/wallClock.ts), and a test that puts the real Date back does not end the shift for the
 * tests after it.
 */
import { beforeEach } from 'vitest';
import { keepWallClockShifted, shiftWallClockFromEnv } from './wallClock';

if (shiftWallClockFromEnv()) beforeEach(keepWallClockShifted);
