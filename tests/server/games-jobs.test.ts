/**
 * The games jobs (server/games/jobs.ts): stopping them (the app closing, or this instance losing the
 * cluster's jobs) waits for a run in progress, so the database is never closed under a job's query or transfer.
 */
import { expect, it } from 'vitest';
import { gameJobs } from '../../server/games/jobs';
import type { GamesService } from '../../server/games/service';

it('stopping the games jobs waits for the run in progress', async () => {
  let finish!: () => void;
  const ticking = new Promise<void>((resolve) => { finish = resolve; });
  let started!: () => void;
  const tickStarted = new Promise<void>((resolve) => { started = resolve; });
  const games = {
    sync: async () => undefined,
    tick: () => {
      started();
      return ticking;
    },
    reconciliation: { run: async () => undefined },
  } as unknown as GamesService;
  const job = gameJobs(games, { intervalMs: 60_000, reconcileMs: 60_000 }, { warn() {} });
  await job.start();
  await tickStarted;

  let closed = false;
  const closing = job.stop().then(() => { closed = true; });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false);
  finish();
  await closing;
  expect(closed).toBe(true);
});
