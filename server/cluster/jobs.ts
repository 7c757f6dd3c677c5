/**
 * Scheduled work once per cluster. Every periodic job of the site (the mini-game rounds and their
 * settlement, the sportsbook feed's ingest and its settlements, the games area's transfers, rounds feed
 * and reconciliation, the partners' daily settlement, the mounted odds feed's engine, the mounted vendor's
 * live tables) is started here
 * and runs only on the instance that holds the cluster's job lock: a session-level PostgreSQL advisory lock on a connection of its own
 * (Database.holdLock). Every instance asks for it every second; when the holder dies its connection ends,
 * PostgreSQL releases the lock and the next instance to ask takes the jobs over. A holder whose lock
 * connection breaks stops its jobs at once. On PGlite (one process) the lock is always this process's.
 *
 * The per-step guards stay: the mini-game scheduler still takes its game's transaction lock for each
 * draw and settlement, the ingest locks its cursor row, so the few moments two instances may overlap
 * while a lost holder stops cannot draw a round or apply a page twice.
 */
import type { Database, HeldLock } from '../db/client';

export interface ClusterJob {
  name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterJobsOptions {
  database: Pick<Database, 'holdLock'>;
  log: { info(msg: string): void; warn(obj: unknown, msg: string): void };
  /** How often an instance that does not hold the lock asks for it (default 1 s). */
  retryMs?: number;
}

/** The advisory lock's key (one bigint for the whole site: 'hanbit jobs'). */
export const JOBS_LOCK_KEY = 0x68616e6269746a62n;
const RETRY_MS = 1_000;

export function createClusterJobs({ database, log, retryMs = RETRY_MS }: ClusterJobsOptions) {
  const jobs: ClusterJob[] = [];
  let held: HeldLock | null = null;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  /** One step at a time: asking for the lock, starting the jobs, stopping them. */
  let step: Promise<void> = Promise.resolve();
  const serially = (work: () => Promise<void>) => (step = step.then(work).catch((err: unknown) => log.warn({ err }, 'cluster jobs step failed')));

  async function startJobs(): Promise<void> {
    for (const job of jobs) {
      try {
        await job.start();
      } catch (err) {
        log.warn({ err }, `cluster job ${job.name} did not start`);
      }
    }
  }

  async function stopJobs(): Promise<void> {
    await Promise.all(jobs.map((job) => job.stop().catch((err: unknown) => log.warn({ err }, `cluster job ${job.name} did not stop cleanly`))));
  }

  function lost(): void {
    void serially(async () => {
      if (!held) return;
      held = null;
      log.warn(null, 'cluster jobs: the lock connection ended; stopping the jobs here');
      await stopJobs();
    });
  }

  const tryTake = () => serially(async () => {
    if (!running || held) return;
    const lock = await database.holdLock(JOBS_LOCK_KEY, lost);
    if (!lock) return;
    if (!running) {
      await lock.release();
      return;
    }
    held = lock;
    log.info('cluster jobs: this instance holds them');
    await startJobs();
  });

  return {
    /** A job to run while this instance holds the lock (add them all before start). */
    add(job: ClusterJob): void {
      jobs.push(job);
    },
    /** Whether this instance holds the jobs now. */
    holds: () => held !== null,
    async start(): Promise<void> {
      if (running) return;
      running = true;
      await tryTake();
      timer = setInterval(() => void tryTake(), retryMs);
      timer.unref();
    },
    /** Stops the jobs (waiting for work in progress), then lets the lock go to another instance. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearInterval(timer);
      timer = null;
      await serially(async () => {
        if (!held) return;
        const lock = held;
        held = null;
        await stopJobs();
        await lock.release();
      });
    },
  };
}

export type ClusterJobs = ReturnType<typeof createClusterJobs>;
