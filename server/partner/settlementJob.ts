/**
 * The partners' daily settlement as the server's scheduled work, one of the cluster's jobs (server/cluster/jobs.ts,
 * so it runs on the instance holding them): every minute (and at start, to catch up after a stop) it writes the
 * lines of the Seoul days before today that still have open accruals, so each day's lines are written in the
 * first minute after Seoul midnight, once. Each run still takes the settlement lock with
 * pg_try_advisory_xact_lock (an operator's close may be writing, or a lost holder still finishing), and the lines
 * are unique per (partner, day, product) besides. The clock is the app's
 * (the test clock in tests), never the real hour.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { settleDue } from './commission';

export interface SettlementJobDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const TICK_MS = 60_000;

export function createSettlementJob({ db, clock, log }: SettlementJobDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number | null> | null = null;

  /** One run at a time; answers the lines written (null: another server was settling). */
  function tick(): Promise<number | null> {
    running ??= settleDue(db, clock.now(), { skipWhenBusy: true })
      .catch((error: unknown) => {
        log.error({ err: error }, 'partner settlement failed');
        return null;
      })
      .finally(() => { running = null; });
    return running;
  }

  return {
    tick,
    start(): void {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
