/**
 * The sportsbook's member calls: a view's list (fixtures with their main markets, the leagues, the list
 * topic's seq), one fixture with every market (and its topic's seq), the slip's rules with the member's
 * level limits, the results page, and betProc's sports kind (placing.ts). Only fixtures and leagues the
 * operator has on are shown or taken.
 */
import { and, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { sportFixturePayload, sportListPayload, sportResultsPayload } from '../../contract/sportsPayloads';
import {
  type LevelLimits, MARKET_FAMILY, type MarketKind, type SlipRules, type SportFixtureAnswer, type SportListAnswer, type SportResultItem,
  type SportResultMarket, type SportView,
} from '../../contract/sports';
import type { FixtureModel } from '../../contract/oddsFeed';
import type { PageInfo } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { members, sportFeedState, sportFixtures, sportLeagues, sportMarkets, sportResults } from '../db/schema';
import { Failure } from '../failure';
import type { BalancePush } from '../money/balancePush';
import type { MemberRef } from '../money/memberLock';
import { HISTORY_PAGE_SIZE, pageInfo, pageOffset } from '../wallet/history';
import { fixturesWithMarkets, fixtureView, latestResults, leagueNames, levelLimitsOf, readSettings, slipRules } from './book';
import type { FeedIngest } from './feedIngest';
import { countPublications, FEED_STATE_ID, noChanges, touch } from './ingest';
import { createPlacing, type SportBetAnswer, type SportBetPayload } from './placing';
import type { MoneyDoor } from '../money/door';

/** The most fixtures a list answers (the soonest first). */
const LIST_LIMIT = 200;
const SPECIAL_KINDS = (Object.keys(MARKET_FAMILY) as MarketKind[]).filter((kind) => MARKET_FAMILY[kind] === 'special');

/** Which fixtures a view lists. */
function viewFilter(view: SportView, now: Date): SQL {
  const upcoming = and(eq(sportFixtures.status, 'scheduled'), gt(sportFixtures.startsAt, now));
  const open = sql`(${upcoming} or ${sportFixtures.status} = 'live')`;
  switch (view) {
    case 'prematch':
    case 'combination':
      return and(upcoming, eq(sportFixtures.virtual, false), sql`${sportFixtures.sport} <> 'esport'`)!;
    case 'live':
      return and(eq(sportFixtures.status, 'live'), eq(sportFixtures.virtual, false))!;
    case 'special':
      return and(open, eq(sportFixtures.virtual, false), sql`exists (select 1 from ${sportMarkets} m where m.fixture_id = ${sportFixtures.fixtureId}
        and m.kind in (${sql.join(SPECIAL_KINDS.map((k) => sql`${k}`), sql`, `)}) and not m.voided)`)!;
    case 'esport':
      return and(open, eq(sportFixtures.sport, 'esport'), eq(sportFixtures.virtual, false))!;
    case 'virtual':
      return and(open, eq(sportFixtures.virtual, true))!;
  }
}

const shown = and(eq(sportFixtures.enabled, true), eq(sportLeagues.enabled, true));

export interface SportsServiceDeps {
  db: Db;
  clock: Clock;
  money: MoneyDoor;
  balances: BalancePush;
  ingest: FeedIngest;
  /** The live hold's wait (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

export function createSportsService({ db, clock, money, balances, ingest, sleep }: SportsServiceDeps) {
  const placing = createPlacing({ money, sleep: sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))) });

  return {
    async list(payload: z.output<typeof sportListPayload>): Promise<SportListAnswer> {
      const now = clock.now();
      const base = and(viewFilter(payload.view, now), shown, payload.sport ? eq(sportFixtures.sport, payload.sport) : undefined);
      const leagues = await db.select({ leagueId: sportFixtures.leagueId, sport: sportLeagues.sport, n: count() }).from(sportFixtures)
        .innerJoin(sportLeagues, eq(sportLeagues.leagueId, sportFixtures.leagueId)).where(base)
        .groupBy(sportFixtures.leagueId, sportLeagues.sport).orderBy(sportLeagues.sport, sportFixtures.leagueId);
      const rows = await db.select({ fixture: sportFixtures }).from(sportFixtures)
        .innerJoin(sportLeagues, eq(sportLeagues.leagueId, sportFixtures.leagueId))
        .where(and(base, payload.leagueId ? eq(sportFixtures.leagueId, payload.leagueId) : undefined))
        .orderBy(sportFixtures.startsAt, sportFixtures.fixtureId).limit(LIST_LIMIT);
      const [state] = await db.select({ listSeq: sportFeedState.listSeq }).from(sportFeedState).where(eq(sportFeedState.id, FEED_STATE_ID));
      let fixtures = await fixturesWithMarkets(db, rows.map((r) => r.fixture), payload.view === 'special' ? 'all' : 'main');
      if (payload.view === 'special') {
        fixtures = fixtures.map((f) => ({ ...f, markets: f.markets.filter((m) => MARKET_FAMILY[m.kind] === 'special') }));
      }
      const names = await leagueNames(db, leagues.map((l) => l.leagueId));
      return {
        fixtures,
        leagues: leagues.map((l) => ({ leagueId: l.leagueId, sport: l.sport as SportListAnswer['leagues'][number]['sport'], names: names.get(l.leagueId)!, count: l.n })),
        seq: state?.listSeq ?? 0,
      };
    },

    async fixture(payload: z.output<typeof sportFixturePayload>): Promise<SportFixtureAnswer> {
      const [row] = await db.select({ fixture: sportFixtures }).from(sportFixtures)
        .innerJoin(sportLeagues, eq(sportLeagues.leagueId, sportFixtures.leagueId))
        .where(and(eq(sportFixtures.fixtureId, payload.fixtureId), shown));
      if (!row) throw new Failure('B0201');
      const [fixture] = await fixturesWithMarkets(db, [row.fixture], 'all');
      return { fixture: fixture!, seq: row.fixture.topicSeq };
    },

    async rules(member: MemberRef): Promise<{ rules: SlipRules; limits: LevelLimits }> {
      const settings = await readSettings(db);
      const [row] = await db.select({ memLevel: members.memLevel }).from(members).where(eq(members.id, member.memberId));
      return { rules: slipRules(settings), limits: levelLimitsOf(settings, row?.memLevel ?? '1') };
    },

    async results(payload: z.output<typeof sportResultsPayload>): Promise<{ list: SportResultItem[]; pageInfo: PageInfo }> {
      const where = and(sql`exists (select 1 from sport_results r where r.fixture_id = ${sportFixtures.fixtureId})`, shown, payload.sport ? eq(sportFixtures.sport, payload.sport) : undefined,
        payload.virtual === undefined ? undefined : eq(sportFixtures.virtual, payload.virtual));
      const [total] = await db.select({ n: count() }).from(sportFixtures).innerJoin(sportLeagues, eq(sportLeagues.leagueId, sportFixtures.leagueId)).where(where);
      const rows = await db.select({ fixture: sportFixtures }).from(sportFixtures)
        .innerJoin(sportLeagues, eq(sportLeagues.leagueId, sportFixtures.leagueId)).where(where)
        .orderBy(desc(sportFixtures.startsAt), sportFixtures.fixtureId).limit(HISTORY_PAGE_SIZE).offset(pageOffset(payload.page));
      const fixtures = rows.map((r) => r.fixture);
      const names = await leagueNames(db, fixtures.map((f) => f.leagueId));
      const results = fixtures.length === 0 ? [] : await db.select().from(sportResults).where(latestResults(fixtures.map((f) => f.fixtureId)));
      const markets = fixtures.length === 0 ? [] : await db.select().from(sportMarkets).where(inArray(sportMarkets.fixtureId, fixtures.map((f) => f.fixtureId)));
      const list = fixtures.map((f): SportResultItem => {
        const result = results.find((r) => r.fixtureId === f.fixtureId);
        const outcomes = (result?.markets ?? {}) as Record<string, SportResultMarket['outcomes']>;
        // A fixture that went in play has each market twice (pre-match and live): the page shows the pre-match ones.
        const own = markets.filter((m) => m.fixtureId === f.fixtureId);
        const shownMarkets = own.some((m) => !m.live) ? own.filter((m) => !m.live) : own;
        const judged = shownMarkets.filter((m) => payload.tab === 'all' || MARKET_FAMILY[m.kind as MarketKind] === payload.tab)
          .sort((a, b) => a.marketId.localeCompare(b.marketId))
          .map((m): SportResultMarket => ({
            marketId: m.marketId, kind: m.kind as MarketKind, period: m.period as SportResultMarket['period'], line: m.line,
            outcomes: m.voided || (result && result.status !== 'final')
              ? Object.fromEntries((m.selections as { key: string }[]).map((s) => [s.key, 'void' as const]))
              : outcomes[m.marketId] ?? {},
          }));
        return { fixture: fixtureView(f, names.get(f.leagueId) ?? { ko: '', en: '', vi: '' }), markets: judged, model: f.model as FixtureModel };
      });
      return { list, pageInfo: pageInfo(payload.page, total?.n ?? 0) };
    },

    async bet(member: MemberRef, payload: SportBetPayload): Promise<SportBetAnswer> {
      const { called, overLimit } = await placing.place(member, payload);
      await balances.announce(member, called.ran ? called.answer.balances : undefined);
      if (overLimit.length > 0) {
        // Suspended now that the bet's batch committed (it waits for the other slips on the market), then published.
        await ingest.publish(await db.transaction(async (tx) => {
          const suspended = await tx.update(sportMarkets).set({ override: 'suspended', siteBump: sql`${sportMarkets.siteBump} + 1` })
            .where(and(inArray(sportMarkets.marketId, overLimit.map((m) => m.marketId)), isNull(sportMarkets.override)))
            .returning({ fixtureId: sportMarkets.fixtureId, marketId: sportMarkets.marketId });
          const changes = noChanges();
          for (const { fixtureId, marketId } of suspended) touch(changes, fixtureId, { market: marketId });
          return countPublications(tx, changes);
        }));
      }
      return called.answer;
    },
  };
}

export type SportsService = ReturnType<typeof createSportsService>;
