/**
 * The sportsbook's operator face: what the operator API (admin/sportsService.ts, audited) may do to the book,
 * each step inside the caller's transaction, with what to announce once it commits (the topics, the
 * settlement of the bets it decides). Leagues and fixtures on or off; a market suspended, closed or reopened
 * over the feed's status; a result entered or corrected (the fixture's next revision, over the feed's); a
 * market voided (its legs count 1.00) or a bet voided (its stake back); the exposure per fixture; the slip
 * rules, level limits and exposure limit; the margins, forwarded to the feed.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_FIXTURES_PAGE_SIZE, type OperatorFixture, type OperatorLeague, type OperatorFixtureDetail, type OperatorFixturePage, type SportResultEntry, type SportSettingsChange,
} from '../../contract/sportsAdmin';
import type { FeedSettings } from '../../contract/oddsFeed';
import type { SportNames } from '../../contract/sports';
import type { Tx } from '../db/client';
import { sportBets, sportExposure, sportFixtures, sportLeagues, sportMarkets, sportResults, sportSettings } from '../db/schema';
import { containing } from '../db/like';
import { Failure } from '../failure';
import { levelLimitsOf, readSettings, SETTINGS_ID, slipRules } from './book';
import type { OddsFeedAdapter } from './feedAdapter';
import type { FeedIngest } from './feedIngest';
import { type BookChanges, countPublications, lockFeedState, noChanges, type Publications, storeResult, touch } from './ingest';
import type { SettledBet, SportSettlement } from './settlement';

/** What an operator step leaves to do after its commit. */
export interface OperatorEffect<T> {
  answer: T;
  publications: Publications;
  /** Fixtures whose bets to settle again. */
  settle: string[];
  settled: SettledBet[];
}

type FixtureRow = typeof sportFixtures.$inferSelect;
const STATES_OF = { upcoming: ['scheduled'], live: ['live'], finished: ['ended', 'cancelled', 'postponed'] } as const;
const namesOf = (side: unknown) => (side as { names: OperatorFixture['home'] }).names;

function fixtureView(row: FixtureRow): OperatorFixture {
  const score = row.score as { home: number; away: number } | null;
  return {
    fixtureId: row.fixtureId, sport: row.sport, leagueId: row.leagueId, home: namesOf(row.home), away: namesOf(row.away),
    startsAt: row.startsAt.toISOString(), status: row.status as OperatorFixture['status'], enabled: row.enabled,
    score: score ? { home: score.home, away: score.away } : null, resultRev: row.resultRev,
  };
}

const effect = async <T>(tx: Tx, answer: T, changes: BookChanges, settled: SettledBet[] = []): Promise<OperatorEffect<T>> => ({
  answer, publications: await countPublications(tx, changes), settle: [...changes.resulted], settled,
});

export function createOperatorSports({ ingest, settlement, adapter }: { ingest: FeedIngest; settlement: SportSettlement; adapter: OddsFeedAdapter | null }) {
  /** A market for an operator's change: the book's lock order (the feed state first, as the ingest), then the market. */
  async function market(tx: Tx, marketId: string) {
    await lockFeedState(tx);
    const [row] = await tx.select().from(sportMarkets).where(eq(sportMarkets.marketId, marketId)).for('update');
    if (!row) throw new Failure('R404', 'unknown market');
    return row;
  }

  return {
    /** Every league with its switch and its fixtures still to come or in play (the console's league list). */
    async leagues(tx: Tx): Promise<OperatorLeague[]> {
      const open = tx.select({ leagueId: sportFixtures.leagueId, n: count().as('n') }).from(sportFixtures)
        .where(inArray(sportFixtures.status, [...STATES_OF.upcoming, ...STATES_OF.live])).groupBy(sportFixtures.leagueId).as('open');
      const rows = await tx.select({ league: sportLeagues, n: open.n }).from(sportLeagues).leftJoin(open, eq(open.leagueId, sportLeagues.leagueId))
        .orderBy(asc(sportLeagues.sport), asc(sportLeagues.leagueId));
      return rows.map(({ league, n }) => ({
        leagueId: league.leagueId, sport: league.sport, names: league.names as SportNames, enabled: league.enabled, openFixtures: Number(n ?? 0),
      }));
    },

    async setLeague(tx: Tx, leagueId: string, enabled: boolean) {
      const rows = await tx.update(sportLeagues).set({ enabled }).where(eq(sportLeagues.leagueId, leagueId)).returning();
      if (rows.length === 0) throw new Failure('R404', 'unknown league');
      return { leagueId, enabled };
    },

    async setFixture(tx: Tx, fixtureId: string, enabled: boolean) {
      const rows = await tx.update(sportFixtures).set({ enabled }).where(eq(sportFixtures.fixtureId, fixtureId)).returning();
      if (rows.length === 0) throw new Failure('R404', 'unknown fixture');
      return { fixtureId, enabled };
    },

    /** Suspend or close over the feed's status, or reopen (the feed's own status shows again); the market's version moves. */
    async marketAction(tx: Tx, marketId: string, action: 'suspend' | 'close' | 'reopen') {
      const row = await market(tx, marketId);
      const override = action === 'reopen' ? null : action === 'suspend' ? 'suspended' : 'closed';
      if (row.override !== override) {
        await tx.update(sportMarkets).set({ override, siteBump: sql`${sportMarkets.siteBump} + 1` }).where(eq(sportMarkets.marketId, marketId));
      }
      const changes = noChanges();
      touch(changes, row.fixtureId, { market: marketId });
      return effect(tx, { marketId, override }, changes);
    },

    /** The operator's result: the fixture's next revision, judged like the feed's. */
    async enterResult(tx: Tx, fixtureId: string, entry: SportResultEntry, now: Date) {
      await lockFeedState(tx);
      const [fixture] = await tx.select().from(sportFixtures).where(eq(sportFixtures.fixtureId, fixtureId));
      if (!fixture) throw new Failure('R404', 'unknown fixture');
      const changes = noChanges();
      const score = { home: entry.home, away: entry.away, periods: [], scoreSeq: fixture.scoreSeq, period: null, clockSeconds: null };
      const rev = await storeResult(tx, { fixtureId, status: entry.status, score, markets: entry.markets, seed: fixture.seed }, { feedRevision: null }, now, changes);
      return effect(tx, { fixtureId, revision: rev }, changes);
    },

    /** Voids a market: every leg on it counts 1.00 (its bets are judged again), and it takes no more bets. */
    async voidMarket(tx: Tx, marketId: string) {
      const row = await market(tx, marketId);
      if (row.voided) throw new Failure('R003', 'market already void');
      await tx.update(sportMarkets).set({ voided: true, override: 'closed', siteBump: sql`${sportMarkets.siteBump} + 1` }).where(eq(sportMarkets.marketId, marketId));
      // A new result revision of the fixture, so that its bets are judged again.
      await tx.update(sportFixtures).set({ resultRev: sql`${sportFixtures.resultRev} + 1` }).where(eq(sportFixtures.fixtureId, row.fixtureId));
      const changes = noChanges();
      touch(changes, row.fixtureId, { market: marketId });
      changes.resulted.add(row.fixtureId);
      return effect(tx, { marketId, voided: true }, changes);
    },

    /** Voids a bet: its stake back (a settled one's payout reversed), in this transaction. */
    async voidBet(tx: Tx, betId: number) {
      const rows = await tx.update(sportBets).set({ voided: true }).where(and(eq(sportBets.id, betId), eq(sportBets.voided, false))).returning({ id: sportBets.id });
      if (rows.length === 0) throw new Failure('R404', 'unknown or already void bet');
      const settled = await settlement.settleBet(tx, betId);
      return effect(tx, { betId, revision: settled?.revision ?? null }, noChanges(), settled ? [settled] : []);
    },

    /** The operator's fixture list: by state, a term over ids and team names, a page of OPERATOR_FIXTURES_PAGE_SIZE. */
    async fixtures(tx: Tx, query: { status?: keyof typeof STATES_OF; q?: string; page: number }): Promise<OperatorFixturePage> {
      const term = query.q ? containing(query.q) : null;
      const where: SQL | undefined = and(
        query.status ? inArray(sportFixtures.status, [...STATES_OF[query.status]]) : undefined,
        term === null ? undefined : or(
          ilike(sportFixtures.fixtureId, term), ilike(sportFixtures.leagueId, term),
          sql`${sportFixtures.home}::text ilike ${term}`, sql`${sportFixtures.away}::text ilike ${term}`,
        ),
      );
      const [counted] = await tx.select({ n: count() }).from(sportFixtures).where(where);
      const order = query.status === 'finished' ? [desc(sportFixtures.startsAt)] : [asc(sportFixtures.startsAt)];
      const rows = await tx.select().from(sportFixtures).where(where).orderBy(...order, asc(sportFixtures.fixtureId))
        .limit(OPERATOR_FIXTURES_PAGE_SIZE).offset((query.page - 1) * OPERATOR_FIXTURES_PAGE_SIZE);
      return { list: rows.map(fixtureView), page: query.page, pageSize: OPERATOR_FIXTURES_PAGE_SIZE, total: Number(counted?.n ?? 0) };
    },

    /** One fixture for the result form: its markets with their selection keys, and the result in force (the last revision). */
    async fixture(tx: Tx, fixtureId: string): Promise<OperatorFixtureDetail> {
      const [row] = await tx.select().from(sportFixtures).where(eq(sportFixtures.fixtureId, fixtureId));
      if (!row) throw new Failure('R404', 'unknown fixture');
      const markets = await tx.select().from(sportMarkets).where(eq(sportMarkets.fixtureId, fixtureId)).orderBy(asc(sportMarkets.period), asc(sportMarkets.kind), asc(sportMarkets.marketId));
      const [result] = await tx.select().from(sportResults).where(eq(sportResults.fixtureId, fixtureId)).orderBy(desc(sportResults.rev)).limit(1);
      const score = result?.score as { home: number; away: number } | undefined;
      return {
        fixture: fixtureView(row),
        markets: markets.map((m) => ({
          marketId: m.marketId, kind: m.kind, period: m.period, line: m.line, live: m.live, feedStatus: m.feedStatus as OperatorFixtureDetail['markets'][number]['feedStatus'],
          override: m.override as 'suspended' | 'closed' | null, voided: m.voided,
          selections: (m.selections as { selectionId: string; key: string; oddsCents: number }[]).map(({ selectionId, key, oddsCents }) => ({ selectionId, key, oddsCents })),
        })),
        result: result ? {
          rev: result.rev, source: result.source as 'feed' | 'operator', status: result.status, home: score?.home ?? 0, away: score?.away ?? 0,
          markets: result.markets as Record<string, Record<string, 'win' | 'lose' | 'void'>>, at: result.at.toISOString(),
        } : null,
      };
    },

    async exposure(tx: Tx, fixtureId: string) {
      // Open bets only: a selection whose bets have all settled is not shown.
      const rows = await tx.select().from(sportExposure).where(and(eq(sportExposure.fixtureId, fixtureId), gt(sportExposure.bets, 0)))
        .orderBy(desc(sportExposure.liability), sportExposure.selectionId);
      return { fixtureId, selections: rows.map(({ selectionId, marketId, stakes, liability, bets }) => ({ selectionId, marketId, stakes, liability, bets })) };
    },

    /** The largest open liabilities of the book, by selection, with their fixture's teams (the operator's dashboard). */
    async largestExposures(tx: Tx, limit: number) {
      const rows = await tx.select({
        fixtureId: sportExposure.fixtureId, marketId: sportExposure.marketId, selectionId: sportExposure.selectionId,
        stakes: sportExposure.stakes, liability: sportExposure.liability, bets: sportExposure.bets, home: sportFixtures.home, away: sportFixtures.away,
      }).from(sportExposure).leftJoin(sportFixtures, eq(sportFixtures.fixtureId, sportExposure.fixtureId))
        .where(gt(sportExposure.bets, 0)).orderBy(desc(sportExposure.liability), sportExposure.selectionId).limit(limit);
      const names = (team: unknown) => (team as { names?: SportNames } | null)?.names ?? null;
      return rows.map(({ home, away, ...row }) => ({ ...row, home: names(home), away: names(away) }));
    },

    async settings(tx: Tx) {
      const settings = await readSettings(tx);
      return {
        rules: slipRules(settings), levelLimits: settings.levelLimits as Record<string, unknown>, defaultLimits: levelLimitsOf(settings, '1'),
        exposureLimit: settings.exposureLimit, margins: settings.margins,
      };
    },

    /** The margins the site keeps (as last sent to the feed): the audit's before and after of a change. */
    margins: async (tx: Tx) => (await readSettings(tx)).margins,

    async changeSettings(tx: Tx, change: SportSettingsChange) {
      const now = await readSettings(tx);
      const next = {
        rules: { ...(now.rules as object), ...change.rules },
        levelLimits: { ...(now.levelLimits as object), ...change.levelLimits },
        exposureLimit: change.exposureLimit ?? now.exposureLimit,
      };
      await tx.insert(sportSettings).values({ id: SETTINGS_ID, ...next, margins: now.margins })
        .onConflictDoUpdate({ target: sportSettings.id, set: next });
      return this.settings(tx);
    },

    /**
     * Margins go to the feed (its prices are its own), before the operator's transaction: the mounted feed shares
     * the database, and its own statements must not wait behind a transaction that waits for its answer.
     */
    async forwardMargins(change: { marginsBp?: Partial<FeedSettings['marginsBp']>; liveMarginBp?: number }): Promise<Pick<FeedSettings, 'marginsBp' | 'liveMarginBp'>> {
      if (!adapter) throw new Failure('9999', 'no odds feed');
      try {
        const current = await adapter.settings({});
        const sent = await adapter.settings({
          ...(change.marginsBp ? { marginsBp: { ...current.marginsBp, ...change.marginsBp } } : {}),
          ...(change.liveMarginBp !== undefined ? { liveMarginBp: change.liveMarginBp } : {}),
        });
        return { marginsBp: sent.marginsBp, liveMarginBp: sent.liveMarginBp };
      } catch (error) {
        throw new Failure('9999', `odds feed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    /** What the site last set at the feed (shown with the settings). */
    async keepMargins(tx: Tx, margins: Pick<FeedSettings, 'marginsBp' | 'liveMarginBp'>) {
      await tx.insert(sportSettings).values({ id: SETTINGS_ID, margins }).onConflictDoUpdate({ target: sportSettings.id, set: { margins } });
      return margins;
    },

    /** After the operator's transaction committed: the topics, then the bets it decided. */
    async announce(done: OperatorEffect<unknown>): Promise<void> {
      await ingest.publish(done.publications);
      if (done.settle.length > 0) await ingest.settle(done.settle);
    },
  };
}

export type OperatorSports = ReturnType<typeof createOperatorSports>;
