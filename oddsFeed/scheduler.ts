/**
 * Runs the engine's tick every `tickMs` (FEED_TICK_MS): the host decides whether this instance runs the engine
 * (one instance per database should; readers of the API may be many). A failing tick is logged and the next
 * one tries again; stop() waits for the tick in progress.
 */
import { type Engine, SCHEDULER_NEW_FIXTURES_PER_LEAGUE } from './engine';

export interface FeedScheduler {
  start(): void;
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface SchedulerLog {
  error(details: object, message: string): void;
}

export function createScheduler(engine: Engine, tickMs: number, log: SchedulerLog): FeedScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: Promise<unknown> = Promise.resolve();
  let on = false;

  const loop = () => {
    current = engine.tick({ newFixturesPerLeague: SCHEDULER_NEW_FIXTURES_PER_LEAGUE }).catch((err: unknown) => log.error({ err }, 'odds feed tick failed')).finally(() => {
      if (on) timer = setTimeout(loop, tickMs);
    });
  };

  return {
    start() {
      if (on) return;
      on = true;
      loop();
    },
    async stop() {
      on = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    get running() {
      return on;
    },
  };
}
