/**
 * Ingest: the feed's messages applied to the site's book, each once, in seq order, with the cursor in the
 * same transaction as what it applied (sport_feed_state), so a restart resumes after the last message that
 * committed. Safe against the feed's faults:
 * - a duplicate (seq at or below the cursor) is skipped;
 * - a page out of order is sorted; a gap (the next seq missing) stops the page there, and the runner asks
 *   for the messages after the cursor again;
 * - every message is the whole new state of its subject, applied only when newer than what the site holds
 *   (a fixture by its version, a market by its version, a score by its scoreSeq, a result by its revision),
 *   so a snapshot applied over newer messages, or a replay, changes nothing.
 * What changed goes out on the topics after the commit (contract/topics.ts sportFixture, sportList), each
 * publication with the next seq of its topic, counted in the same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FeedFixture, FeedMarket, FeedMessage, FeedResult, FeedScore, FeedSnapshot } from '../../contract/oddsFeed';
import type { SportFixtureTopicBody, SportListTopicBody } from '../../contract/sports';
import type { Tx } from '../db/client';
import { sportFeedState, sportFixtures, sportLeagues, sportMarkets, sportResults, sportSelections } from '../db/schema';
import { type FixtureRow, mainMarkets, marketView } from './book';

export const FEED_STATE_ID = 'feed';

/** Subjects a transaction changed: per fixture, whether the fixture (status, score) changed and which markets. */
export interface BookChanges {
  fixtures: Map<string, { fixture: boolean; markets: Set<string> }>;
  /** Fixtures that got a new result revision (to settle). */
  resulted: Set<string>;
}

export const noChanges = (): BookChanges => ({ fixtures: new Map(), resulted: new Set() });

export function touch(changes: BookChanges, fixtureId: string, what: { fixture?: boolean; market?: string }): void {
  const entry = changes.fixtures.get(fixtureId) ?? { fixture: false, markets: new Set<string>() };
  if (what.fixture) entry.fixture = true;
  if (what.market) entry.markets.add(what.market);
  changes.fixtures.set(fixtureId, entry);
}

/** The publications a transaction's changes make, with their seqs (counted in the transaction). */
export interface Publications {
  fixtures: SportFixtureTopicBody[];
  list: SportListTopicBody | null;
}

export async function lockFeedState(tx: Tx) {
  await tx.insert(sportFeedState).values({ id: FEED_STATE_ID }).onConflictDoNothing();
  const [state] = await tx.select().from(sportFeedState).where(eq(sportFeedState.id, FEED_STATE_ID)).for('update');
  return state!;
}

async function applyFixture(tx: Tx, fixture: FeedFixture, changes: BookChanges): Promise<void> {
  await tx.insert(sportLeagues).values({ leagueId: fixture.league.leagueId, sport: fixture.sport, names: fixture.league.names })
    .onConflictDoUpdate({ target: sportLeagues.leagueId, set: { names: fixture.league.names, sport: fixture.sport } });
  const values = {
    fixtureId: fixture.fixtureId, sport: fixture.sport, leagueId: fixture.league.leagueId,
    home: fixture.home, away: fixture.away, startsAt: new Date(fixture.startsAt), status: fixture.status,
    virtual: fixture.virtual, bestOf: fixture.bestOf, model: fixture.model, seedHash: fixture.seedHash, feedVersion: fixture.version,
  };
  const { fixtureId: _id, ...update } = values;
  const written = await tx.insert(sportFixtures).values(values)
    .onConflictDoUpdate({ target: sportFixtures.fixtureId, set: update, setWhere: sql`${sportFixtures.feedVersion} < ${fixture.version}` })
    .returning({ fixtureId: sportFixtures.fixtureId });
  if (written.length > 0) touch(changes, fixture.fixtureId, { fixture: true });
}

/**
 * Locks the stored markets among `markets` in market id order, as a batch of slips share-locks its legs' markets
 * (sport_bet_many): a page updating them in the feed's order would otherwise hold one a batch waits for while it
 * waits for another the batch holds (a deadlock PostgreSQL answered by failing one of them).
 */
async function lockMarkets(tx: Tx, markets: readonly FeedMarket[]): Promise<void> {
  if (markets.length === 0) return;
  await tx.select({ marketId: sportMarkets.marketId }).from(sportMarkets)
    .where(inArray(sportMarkets.marketId, [...new Set(markets.map((m) => m.marketId))])).orderBy(sportMarkets.marketId).for('update');
}

async function applyMarket(tx: Tx, market: FeedMarket, changes: BookChanges): Promise<void> {
  const values = {
    marketId: market.marketId, fixtureId: market.fixtureId, kind: market.kind, period: market.period, line: market.line, live: market.live,
    feedStatus: market.status, feedVersion: market.version, scoreSeq: market.scoreSeq, selections: market.selections,
  };
  const { marketId: _id, ...update } = values;
  const written = await tx.insert(sportMarkets).values(values)
    .onConflictDoUpdate({ target: sportMarkets.marketId, set: update, setWhere: sql`${sportMarkets.feedVersion} < ${market.version}` })
    .returning({ marketId: sportMarkets.marketId });
  if (written.length === 0) return;
  if (market.selections.length > 0) {
    await tx.insert(sportSelections)
      .values(market.selections.map((s) => ({ selectionId: s.selectionId, marketId: market.marketId, fixtureId: market.fixtureId })))
      .onConflictDoNothing();
  }
  touch(changes, market.fixtureId, { market: market.marketId });
}

async function applyScore(tx: Tx, score: FeedScore, changes: BookChanges): Promise<void> {
  const { fixtureId, event: _event, ...own } = score;
  const written = await tx.update(sportFixtures).set({ score: own, scoreSeq: score.scoreSeq })
    .where(and(eq(sportFixtures.fixtureId, fixtureId), sql`${sportFixtures.scoreSeq} < ${score.scoreSeq}`))
    .returning({ fixtureId: sportFixtures.fixtureId });
  if (written.length > 0) touch(changes, fixtureId, { fixture: true });
}

const STATUS_OF_RESULT = { final: 'ended', cancelled: 'cancelled', postponed: 'postponed' } as const;

/** Stores a result as the fixture's next site revision (the feed's, or the operator's entry); answers the revision. */
export async function storeResult(
  tx: Tx, result: Omit<FeedResult, 'revision'>, source: { feedRevision: number | null }, now: Date, changes: BookChanges,
): Promise<number | null> {
  const [fixture] = await tx.select().from(sportFixtures).where(eq(sportFixtures.fixtureId, result.fixtureId)).for('update');
  if (!fixture) return null;
  if (source.feedRevision !== null) {
    const [seen] = await tx.select({ top: sql<number | null>`max(${sportResults.feedRevision})` }).from(sportResults)
      .where(eq(sportResults.fixtureId, result.fixtureId));
    if (seen?.top !== null && seen?.top !== undefined && Number(seen.top) >= source.feedRevision) return null;
  }
  const rev = fixture.resultRev + 1;
  await tx.insert(sportResults).values({
    fixtureId: result.fixtureId, rev, source: source.feedRevision === null ? 'operator' : 'feed', feedRevision: source.feedRevision,
    status: result.status, score: result.score, markets: Object.fromEntries(result.markets.map((m) => [m.marketId, m.outcomes])),
    seed: result.seed, at: now,
  });
  await tx.update(sportFixtures).set({
    resultRev: rev, status: STATUS_OF_RESULT[result.status], score: result.score,
    scoreSeq: sql`greatest(${sportFixtures.scoreSeq}, ${result.score.scoreSeq})`, ...(result.seed ? { seed: result.seed } : {}),
  }).where(eq(sportFixtures.fixtureId, result.fixtureId));
  touch(changes, result.fixtureId, { fixture: true });
  changes.resulted.add(result.fixtureId);
  return rev;
}

async function applyOne(tx: Tx, message: FeedMessage, now: Date, changes: BookChanges): Promise<void> {
  switch (message.type) {
    case 'fixture': return applyFixture(tx, message.fixture, changes);
    case 'market': return applyMarket(tx, message.market, changes);
    case 'score': return applyScore(tx, message.score, changes);
    case 'result': {
      const { revision, ...result } = message.result;
      await storeResult(tx, result, { feedRevision: revision }, now, changes);
      return;
    }
  }
}

export interface Applied {
  cursor: number;
  applied: number;
  /** A message was missing before the next one: ask for the messages after `cursor` again. */
  gap: boolean;
  changes: BookChanges;
  publications: Publications;
}

/** Applies a page of messages in one transaction: the ones after the cursor, in seq order, up to a gap. */
export async function applyMessages(tx: Tx, messages: readonly FeedMessage[], now: Date): Promise<Applied> {
  const state = await lockFeedState(tx);
  const changes = noChanges();
  let cursor = state.cursor;
  let applied = 0;
  let gap = false;
  const seen = new Set<number>();
  const inOrder = [...messages].sort((a, b) => a.seq - b.seq);
  await lockMarkets(tx, inOrder.flatMap((m) => (m.type === 'market' && m.seq > cursor ? [m.market] : [])));
  for (const message of inOrder) {
    if (message.seq <= cursor || seen.has(message.seq)) continue;
    if (message.seq !== cursor + 1) {
      gap = true;
      break;
    }
    seen.add(message.seq);
    await applyOne(tx, message, now, changes);
    cursor = message.seq;
    applied += 1;
  }
  if (cursor !== state.cursor) await tx.update(sportFeedState).set({ cursor, updatedAt: now }).where(eq(sportFeedState.id, FEED_STATE_ID));
  return { cursor, applied, gap, changes, publications: await countPublications(tx, changes) };
}

/** Applies a snapshot in one transaction and moves the cursor to it. */
export async function applySnapshot(tx: Tx, snapshot: FeedSnapshot, now: Date): Promise<Applied> {
  await lockFeedState(tx);
  const changes = noChanges();
  await lockMarkets(tx, snapshot.markets);
  for (const fixture of snapshot.fixtures) await applyFixture(tx, fixture, changes);
  for (const market of snapshot.markets) await applyMarket(tx, market, changes);
  for (const score of snapshot.scores) await applyScore(tx, score, changes);
  for (const { revision, ...result } of snapshot.results) await storeResult(tx, result, { feedRevision: revision }, now, changes);
  await tx.update(sportFeedState).set({ cursor: snapshot.cursor, snapshotTaken: true, updatedAt: now }).where(eq(sportFeedState.id, FEED_STATE_ID));
  const applied = snapshot.fixtures.length + snapshot.markets.length + snapshot.scores.length + snapshot.results.length;
  return { cursor: snapshot.cursor, applied, gap: false, changes, publications: await countPublications(tx, changes) };
}

/**
 * The topics' bodies for what changed, each fixture's with its next topic seq and the list's with the next
 * list seq (only when a listed thing changed: a fixture's status or score, or one of its main markets).
 * Fixtures the operator switched off are not published.
 */
export async function countPublications(tx: Tx, changes: BookChanges): Promise<Publications> {
  if (changes.fixtures.size === 0) return { fixtures: [], list: null };
  // The lock order of every writer of the book: the feed state, then fixtures and markets (ingest takes it first).
  await lockFeedState(tx);
  const ids = [...changes.fixtures.keys()];
  const fixtures = await tx.select().from(sportFixtures).where(and(inArray(sportFixtures.fixtureId, ids), eq(sportFixtures.enabled, true)));
  const markets = await tx.select().from(sportMarkets).where(inArray(sportMarkets.fixtureId, fixtures.map((f) => f.fixtureId)));
  const bodies: SportFixtureTopicBody[] = [];
  const listed: SportListTopicBody['fixtures'] = [];
  for (const fixture of fixtures.sort((a, b) => a.fixtureId.localeCompare(b.fixtureId))) {
    const changed = changes.fixtures.get(fixture.fixtureId)!;
    const own = markets.filter((m) => m.fixtureId === fixture.fixtureId);
    const seq = await nextTopicSeq(tx, fixture);
    const view = { fixtureId: fixture.fixtureId, status: fixture.status as SportFixtureTopicBody['status'], score: (fixture.score ?? null) as SportFixtureTopicBody['score'] };
    bodies.push({ ...view, seq, markets: own.filter((m) => changed.markets.has(m.marketId)).map(marketView) });
    const main = mainMarkets(own).filter((m) => changed.markets.has(m.marketId));
    if (changed.fixture || main.length > 0) listed.push({ ...view, markets: main.map(marketView) });
  }
  if (listed.length === 0) return { fixtures: bodies, list: null };
  const [state] = await tx.update(sportFeedState).set({ listSeq: sql`${sportFeedState.listSeq} + 1` })
    .where(eq(sportFeedState.id, FEED_STATE_ID)).returning({ listSeq: sportFeedState.listSeq });
  return { fixtures: bodies, list: { seq: state!.listSeq, fixtures: listed } };
}

async function nextTopicSeq(tx: Tx, fixture: FixtureRow): Promise<number> {
  const [row] = await tx.update(sportFixtures).set({ topicSeq: sql`${sportFixtures.topicSeq} + 1` })
    .where(eq(sportFixtures.fixtureId, fixture.fixtureId)).returning({ topicSeq: sportFixtures.topicSeq });
  return row!.topicSeq;
}
