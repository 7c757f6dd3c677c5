/**
 * The ingest's runner: reads the feed through its adapter from the cursor stored in the database, applies
 * each page in one transaction (ingest.ts), publishes what changed, then settles the bets the new results
 * decide. A first start (no snapshot yet) and a CURSOR_EXPIRED take a snapshot; a gap asks again at once.
 * Once caught up it follows the feed's push channel, applying messages as they come; a gap or the channel's
 * end sends it back to reading pages (a long poll), then to the channel again.
 * One loop per cluster, on the instance holding the cluster's jobs (server/cluster/jobs.ts); during a handover
 * two would each skip what the other already applied (the cursor row is locked while a page applies, and
 * older seqs are skipped).
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { FeedMessage, FeedSnapshot } from '../../contract/oddsFeed';
import { PUBLIC_TOPICS } from '../../contract/topics';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sportFeedState } from '../db/schema';
import type { PaidMember } from '../betting/settlement';
import type { BalancePush } from '../money/balancePush';
import type { Push } from '../push';
import { FeedRefused, type OddsFeedAdapter } from './feedAdapter';
import { type Applied, applyMessages, applySnapshot, FEED_STATE_ID, type Publications } from './ingest';
import type { SportSettlement } from './settlement';

export interface FeedIngestDeps {
  db: Db;
  clock: Clock;
  push: Push;
  balances: BalancePush;
  settlement: SportSettlement;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The feed (null: the ingest only applies what it is given, as tests do). */
  adapter: OddsFeedAdapter | null;
  /** A long poll's wait (default 5 s; a stop aborts it). */
  waitMs?: number;
  /** Follow the push channel once caught up (default true; false: long polls only). */
  useStream?: boolean;
}

const RETRY_MS = 2_000;

export function createFeedIngest({ db, clock, push, balances, settlement, log, adapter, waitMs = 5_000, useStream = true }: FeedIngestDeps) {
  /** Publishes a committed transaction's changes on the topics (a lost push is logged: a client's seq gap refetches). */
  async function publish(publications: Publications): Promise<void> {
    try {
      for (const body of publications.fixtures) await push.publishToTopic(PUBLIC_TOPICS.sportFixture.destination(body.fixtureId), body);
      if (publications.list) await push.publishToTopic(PUBLIC_TOPICS.sportList.destination(), publications.list);
    } catch (error) {
      log.warn({ err: error }, 'sportsbook topic push failed');
    }
  }

  /** Settles what the results decide, then CASH to the members paid (once each, with their balances after the last payout). */
  async function settle(fixtureIds?: string[]): Promise<void> {
    const paid = new Map<number, PaidMember>();
    for (const settled of await settlement.settlePending(fixtureIds)) if (settled.paid) paid.set(settled.paid.memberId, settled.paid);
    for (const member of paid.values()) await balances.announce(member, member.balances);
  }

  async function after(applied: Applied): Promise<Applied> {
    await publish(applied.publications);
    if (applied.changes.resulted.size > 0) await settle([...applied.changes.resulted]);
    return applied;
  }

  async function state() {
    const [row] = await db.select().from(sportFeedState).where(eq(sportFeedState.id, FEED_STATE_ID));
    return row ?? { cursor: 0, snapshotTaken: false };
  }

  /** One read of the feed and its application: a snapshot when none was taken or the cursor expired, else the messages after the cursor. */
  let stopping = new AbortController();

  async function step(wait = waitMs): Promise<Applied> {
    if (!adapter) throw new Error('sportsbook ingest: no feed adapter');
    const { cursor, snapshotTaken } = await state();
    if (!snapshotTaken) return apply.snapshot(await adapter.snapshot());
    try {
      const page = await adapter.messages(cursor, wait, { signal: stopping.signal });
      return await apply.messages(page.messages);
    } catch (error) {
      if (error instanceof FeedRefused && error.code === 'CURSOR_EXPIRED') return apply.snapshot(await adapter.snapshot());
      throw error;
    }
  }

  const apply = {
    messages: async (messages: readonly FeedMessage[]) => after(await db.transaction((tx) => applyMessages(tx, messages, clock.now()))),
    snapshot: async (snapshot: FeedSnapshot) => after(await db.transaction((tx) => applySnapshot(tx, snapshot, clock.now()))),
  };

  let running = false;
  let loop: Promise<void> | null = null;
  let pause: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    pause = { timer: setTimeout(() => { pause = null; resolve(); }, ms), resolve };
  });

  let unfollow: (() => void) | null = null;

  /** Follows the push channel from the stored cursor until it ends, fails or shows a gap. */
  async function follow(feed: OddsFeedAdapter): Promise<void> {
    const { cursor } = await state();
    await new Promise<void>((resolve) => {
      const queue: FeedMessage[] = [];
      let draining = false;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        unfollow = null;
        channel.close();
        resolve();
      };
      const drain = async () => {
        if (draining) return;
        draining = true;
        try {
          while (queue.length > 0 && !done) {
            if ((await apply.messages(queue.splice(0))).gap) finish();
          }
        } catch (error) {
          log.warn({ err: error }, 'sportsbook stream apply failed');
          finish();
        } finally {
          draining = false;
        }
      };
      const channel = feed.stream(cursor, (message) => {
        queue.push(message);
        void drain();
      }, () => finish());
      unfollow = finish;
      if (!running) finish();
    });
  }

  async function run(): Promise<void> {
    // Bets whose results came while no server ran (or whose settlement failed) first.
    await settle().catch((error: unknown) => log.error({ err: error }, 'sportsbook settlement failed'));
    // Pages until caught up, then the channel; when the channel ends, one long poll before trying it again.
    let streamNext = useStream;
    while (running) {
      try {
        const applied = await step(streamNext ? 0 : waitMs);
        if (applied.applied > 0 || applied.gap) {
          streamNext = useStream;
          continue;
        }
        if (streamNext && adapter && running) {
          await follow(adapter);
          streamNext = false;
        } else {
          streamNext = useStream;
        }
      } catch (error) {
        if (!running) break;
        log.warn({ err: error }, 'sportsbook ingest step failed');
        await sleep(RETRY_MS);
      }
    }
  }

  return {
    /** Applies a page of messages as the feed would send them (tests, and the stream when one is used). */
    applyMessages: apply.messages,
    applySnapshot: apply.snapshot,
    step,
    settle,
    publish,
    start(): void {
      if (running || !adapter) return;
      running = true;
      stopping = new AbortController();
      loop = run();
    },
    async stop(): Promise<void> {
      running = false;
      stopping.abort();
      unfollow?.();
      if (pause) {
        clearTimeout(pause.timer);
        pause.resolve();
      }
      await loop;
    },
  };
}

export type FeedIngest = ReturnType<typeof createFeedIngest>;
