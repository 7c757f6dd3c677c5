/**
 * The feed's log: every message numbered by one sequence, stored with it, and the newest message of each
 * subject kept beside it (feed_state) so that a snapshot is the log replayed. Writers append inside their own
 * transaction (`write`); numbers come from the counter row, whose lock makes commit order sequence order.
 * Readers page after a cursor, or wait for the next message (a long poll, the stream): in this process they
 * are woken when a write commits, and every `pollMs` they look at the counter too, for an engine that runs in
 * another process on the same database.
 */
import { EventEmitter } from 'node:events';
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type {
  FeedFixture, FeedFixtureState, FeedMarket, FeedMessage, FeedMessages, FeedResult, FeedScore, FeedSnapshot,
} from '../contract/oddsFeed';
import type { FeedDatabase, FeedTx } from './db/client';
import { feedCounters, feedFixtures, feedMessages, feedState } from './db/schema';
import { FeedRefusal } from './errors';

/** What a writer publishes: a message without its number and time. */
export type Publication =
  | { type: 'fixture'; fixture: FeedFixture }
  | { type: 'market'; market: FeedMarket }
  | { type: 'score'; score: FeedScore }
  | { type: 'result'; result: FeedResult };

export interface FeedLog {
  /** Runs `work` in a transaction; what it appends is numbered there and readers are woken after the commit. */
  write<T>(work: (tx: FeedTx, append: (at: Date, items: Publication[]) => Promise<FeedMessage[]>) => Promise<T>): Promise<T>;
  /** The messages after `after` (CURSOR_EXPIRED when the log no longer holds the next one, or never issued it). */
  after(after: number, limit: number): Promise<FeedMessages>;
  /** Resolves when a message after `after` exists or `waitMs` has passed or `signal` aborts. */
  waitFor(after: number, waitMs: number, signal?: AbortSignal): Promise<void>;
  snapshot(): Promise<FeedSnapshot>;
  fixture(fixtureId: string): Promise<FeedFixtureState | null>;
  /** The markets of a fixture as last published (every one, closed ones too). */
  markets(tx: FeedTx, fixtureId: string): Promise<FeedMarket[]>;
  /** Drops messages older than the retention and finished fixtures with nothing left in the log; answers how many messages went. */
  prune(now: Date, retention: { hours: number; messages: number }): Promise<number>;
  /** The last sequence number this process knows of. */
  lastKnown(): number;
  close(): void;
}

function subjectOf(item: Publication): { subject: string; fixtureId: string } {
  switch (item.type) {
    case 'fixture': return { subject: `fixture:${item.fixture.fixtureId}`, fixtureId: item.fixture.fixtureId };
    case 'market': return { subject: `market:${item.market.marketId}`, fixtureId: item.market.fixtureId };
    case 'score': return { subject: `score:${item.score.fixtureId}`, fixtureId: item.score.fixtureId };
    case 'result': return { subject: `result:${item.result.fixtureId}`, fixtureId: item.result.fixtureId };
  }
}

function bodyOf(item: Publication): unknown {
  switch (item.type) {
    case 'fixture': return item.fixture;
    case 'market': return item.market;
    case 'score': return item.score;
    case 'result': return item.result;
  }
}

async function counter(tx: FeedTx | FeedDatabase['db'], name: 'seq' | 'pruned'): Promise<number> {
  const [row] = await tx.select({ value: feedCounters.value }).from(feedCounters).where(eq(feedCounters.name, name));
  return row?.value ?? 0;
}

/** Rows of feed_state grouped into the snapshot's lists, in sequence order. */
function gather(rows: { type: string; body: unknown }[]): Omit<FeedSnapshot, 'cursor'> {
  const out: Omit<FeedSnapshot, 'cursor'> = { fixtures: [], markets: [], scores: [], results: [] };
  for (const row of rows) {
    if (row.type === 'fixture') out.fixtures.push(row.body as FeedFixture);
    else if (row.type === 'market') out.markets.push(row.body as FeedMarket);
    else if (row.type === 'score') out.scores.push(row.body as FeedScore);
    else if (row.type === 'result') out.results.push(row.body as FeedResult);
  }
  return out;
}

export function createLog(database: FeedDatabase, pollMs = 500): FeedLog {
  const { db } = database;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let known = 0;
  let waiters = 0;
  let poller: ReturnType<typeof setInterval> | null = null;

  const learn = (last: number) => {
    if (last > known) {
      known = last;
      events.emit('append', last);
    }
  };

  function startPolling(): void {
    if (poller) return;
    poller = setInterval(() => {
      if (waiters === 0) {
        clearInterval(poller!);
        poller = null;
        return;
      }
      counter(db, 'seq').then(learn, () => undefined);
    }, pollMs);
    poller.unref?.();
  }

  async function append(tx: FeedTx, at: Date, items: Publication[]): Promise<FeedMessage[]> {
    if (items.length === 0) return [];
    const n = items.length;
    const [row] = await tx.insert(feedCounters).values({ name: 'seq', value: n })
      .onConflictDoUpdate({ target: feedCounters.name, set: { value: sql`${feedCounters.value} + ${n}` } })
      .returning({ value: feedCounters.value });
    const first = row!.value - n + 1;
    const iso = at.toISOString();
    const messages = items.map((item, i) => ({ seq: first + i, at: iso, ...item }) as FeedMessage);
    await tx.insert(feedMessages).values(messages.map((message, i) => ({
      seq: message.seq, at, fixtureId: subjectOf(items[i]!).fixtureId, type: message.type, message,
    })));
    // One row per subject: a batch may carry a subject twice (suspended, then reopened); the newest stands.
    const latest = new Map<string, { subject: string; fixtureId: string; type: string; seq: number; body: unknown }>();
    items.forEach((item, i) => {
      const { subject, fixtureId } = subjectOf(item);
      latest.set(subject, { subject, fixtureId, type: item.type, seq: first + i, body: bodyOf(item) });
    });
    await tx.insert(feedState).values([...latest.values()])
      .onConflictDoUpdate({ target: feedState.subject, set: { seq: sql`excluded.seq`, body: sql`excluded.body` } });
    return messages;
  }

  return {
    async write(work) {
      let last = 0;
      const result = await db.transaction(async (tx) => work(tx, async (at, items) => {
        const messages = await append(tx, at, items);
        if (messages.length > 0) last = messages[messages.length - 1]!.seq;
        return messages;
      }));
      if (last > 0) learn(last);
      return result;
    },

    async after(after, limit) {
      const [last, pruned] = [await counter(db, 'seq'), await counter(db, 'pruned')];
      learn(last);
      if (after < pruned || after > last) {
        throw new FeedRefusal('CURSOR_EXPIRED', after > last ? 'the feed never issued that cursor: take a snapshot' : 'the cursor is older than the log kept: take a snapshot');
      }
      const rows = await db.select({ message: feedMessages.message }).from(feedMessages)
        .where(gt(feedMessages.seq, after)).orderBy(asc(feedMessages.seq)).limit(limit);
      const messages = rows.map((r) => r.message as FeedMessage);
      return { cursor: messages.length > 0 ? messages[messages.length - 1]!.seq : after, messages };
    },

    waitFor(after, waitMs, signal) {
      if (known > after || waitMs <= 0 || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters += 1;
        startPolling();
        const done = () => {
          waiters -= 1;
          clearTimeout(timer);
          events.off('append', onAppend);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const onAppend = (last: number) => {
          if (last > after) done();
        };
        const timer = setTimeout(done, waitMs);
        events.on('append', onAppend);
        signal?.addEventListener('abort', done, { once: true });
      });
    },

    async snapshot() {
      // One consistent view: the cursor and the state as of the same commit.
      return db.transaction(async (tx) => {
        const cursor = await counter(tx, 'seq');
        const rows = await tx.select({ type: feedState.type, body: feedState.body }).from(feedState).orderBy(asc(feedState.seq));
        return { cursor, ...gather(rows) };
      }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },

    async fixture(fixtureId) {
      return db.transaction(async (tx) => {
        const cursor = await counter(tx, 'seq');
        const rows = await tx.select({ type: feedState.type, body: feedState.body }).from(feedState)
          .where(eq(feedState.fixtureId, fixtureId)).orderBy(asc(feedState.seq));
        const state = gather(rows);
        const fixture = state.fixtures[0];
        if (!fixture) return null;
        return { cursor, fixture, markets: state.markets, score: state.scores[0] ?? null, result: state.results[0] ?? null };
      }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },

    async markets(tx, fixtureId) {
      const rows = await tx.select({ body: feedState.body }).from(feedState)
        .where(and(eq(feedState.fixtureId, fixtureId), eq(feedState.type, 'market'))).orderBy(asc(feedState.seq));
      return rows.map((r) => r.body as FeedMarket);
    },

    async prune(now, retention) {
      return db.transaction(async (tx) => {
        const last = await counter(tx, 'seq');
        const horizon = new Date(now.getTime() - retention.hours * 3_600_000);
        const [old] = await tx.select({ seq: sql<number | null>`max(${feedMessages.seq})` }).from(feedMessages).where(lt(feedMessages.at, horizon));
        const upTo = Math.max(Number(old?.seq ?? 0), last - retention.messages, await counter(tx, 'pruned'));
        if (upTo <= 0) return 0;
        const gone = await tx.delete(feedMessages).where(lte(feedMessages.seq, upTo)).returning({ seq: feedMessages.seq });
        await tx.insert(feedCounters).values({ name: 'pruned', value: upTo })
          .onConflictDoUpdate({ target: feedCounters.name, set: { value: sql`greatest(${feedCounters.value}, excluded.value)` } });
        // A finished fixture none of whose messages the log still holds leaves the state (and the engine's book).
        const finished = tx.select({ id: feedFixtures.fixtureId }).from(feedFixtures)
          .where(and(inArray(feedFixtures.status, ['ended', 'cancelled', 'postponed']), sql`not exists (
            select 1 from ${feedState} s where s.fixture_id = ${feedFixtures.fixtureId} and s.seq > ${upTo})`));
        const ids = (await finished).map((r) => r.id);
        if (ids.length > 0) {
          await tx.delete(feedState).where(inArray(feedState.fixtureId, ids));
          await tx.delete(feedFixtures).where(inArray(feedFixtures.fixtureId, ids));
        }
        return gone.length;
      });
    },

    lastKnown: () => known,

    close() {
      if (poller) clearInterval(poller);
      poller = null;
      events.emit('append', Number.MAX_SAFE_INTEGER);
      events.removeAllListeners();
    },
  };
}
