/**
 * The games jobs (server/games/jobs.ts) run while the server listens; closing the app waits for a run in
 * progress, so the database is never closed under a job's query or transfer.
 */
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { scheduleGameJobs } from '../../server/games/jobs';
import type { GamesService } from '../../server/games/service';

it('closing the app waits for the games job that is running', async () => {
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
  const app = Fastify();
  scheduleGameJobs(app, games, { intervalMs: 60_000, reconcileMs: 60_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await tickStarted;

  let closed = false;
  const closing = app.close().then(() => { closed = true; });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(false);
  finish();
  await closing;
  expect(closed).toBe(true);
});
