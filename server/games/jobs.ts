/**
 * The games area's place in the app: its adapter (the house vendor over HTTP, or a test's), and its
 * jobs, which run while the server listens: the catalogue sync at start, then every `intervalMs` the
 * pending transfers and the rounds feed, and every `reconcileMs` the reconciliation. A run that is
 * still going when the next is due is not doubled. Closing the app stops them and waits for a run in progress.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

export function scheduleGameJobs(app: FastifyInstance, games: GamesService, options: GameJobOptions | false): void {
  if (options === false) return;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const once = (name: string, work: () => Promise<unknown>) => {
    let current: Promise<void> | null = null;
    return (): Promise<void> => {
      if (current) return current;
      const run = work().then(() => undefined, (error: unknown) => {
        app.log.warn({ err: error }, `games job ${name} failed`);
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
  app.addHook('onListen', async () => {
    setImmediate(() => void tick());
    timers.push(setInterval(() => void tick(), options.intervalMs), setInterval(() => void reconcile(), options.reconcileMs));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // A run still going finishes before the app closes (and the database after it): never a job's query or
    // transfer against a database being closed.
    await Promise.all(running);
  });
}
