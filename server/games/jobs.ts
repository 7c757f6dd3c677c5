/**
 * The games area's place in the app: its adapter (the house vendor over HTTP, or a test's), and its
 * jobs: the catalogue sync at start, then every `intervalMs` the pending transfers and the rounds feed,
 * and every `reconcileMs` the reconciliation. A run that is still going when the next is due is not
 * doubled. Stopping them waits for a run in progress.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ClusterJob } from '../cluster/jobs';
import type { GamesService } from './service';

export interface GameJobOptions {
  intervalMs: number;
  reconcileMs: number;
}

export const DEFAULT_GAME_JOBS: GameJobOptions = { intervalMs: 5_000, reconcileMs: 60_000 };

/** The mounted vendor's address once the server listens (the port may be chosen by the system). */
export function listeningAddress(app: FastifyInstance, prefix: string): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : (address.address === '0.0.0.0' ? '127.0.0.1' : address.address);
  return `http://${host}:${address.port}${prefix}`;
}

/**
 * The games jobs as one cluster job (server/cluster/jobs.ts): started on the instance that holds the
 * cluster's jobs, once it listens; stopping waits for a run in progress.
 */
export function gameJobs(games: GamesService, options: GameJobOptions, log: Pick<FastifyBaseLogger, 'warn'>): ClusterJob {
  let timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const once = (name: string, work: () => Promise<unknown>) => {
    let current: Promise<void> | null = null;
    return (): Promise<void> => {
      if (current) return current;
      const run = work().then(() => undefined, (error: unknown) => {
        log.warn({ err: error }, `games job ${name} failed`);
      }).finally(() => {
        running.delete(run);
        current = null;
      });
      current = run;
      running.add(run);
      return run;
    };
  };
  let synced = false;
  const tick = once('tick', async () => {
    if (!synced) {
      await games.sync();
      synced = true;
    }
    await games.tick();
  });
  const reconcile = once('reconcile', () => games.reconciliation.run());
  return {
    name: 'games transfers, rounds feed and reconciliation',
    start() {
      if (timers.length > 0) return;
      setImmediate(() => void tick());
      timers = [setInterval(() => void tick(), options.intervalMs), setInterval(() => void reconcile(), options.reconcileMs)];
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      // A run still going finishes first (and the database closes after it): never a job's query or
      // transfer against a database being closed.
      await Promise.all(running);
    },
  };
}
