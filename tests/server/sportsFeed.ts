/**
 * Feed messages as the house odds feed sends them (contract/oddsFeed.ts), built by the sportsbook's server
 * tests: fixtures, markets with versions, scores and results, numbered by a log like the feed's.
 */
import type { FeedFixture, FeedMarket, FeedMessage, FeedResult, FeedScore } from '../../contract/oddsFeed';
import type { MarketKind, SelectionOutcome, Sport } from '../../contract/sports';

export function feedFixture(fixtureId: string, options: Partial<FeedFixture> & { sport?: Sport; startsAt: string }): FeedFixture {
  const sport = options.sport ?? 'soccer';
  return {
    fixtureId, sport,
    league: { leagueId: `${sport}-league`, names: { ko: '테스트 리그', en: 'Test League', vi: 'Test League' } },
    home: { teamId: `${fixtureId}-h`, names: { ko: '홈', en: 'Home', vi: 'Home' } },
    away: { teamId: `${fixtureId}-a`, names: { ko: '원정', en: 'Away', vi: 'Away' } },
    status: 'scheduled', virtual: false, bestOf: null,
    model: { kind: 'goals', homeRate: 1.5, awayRate: 1.1, rho: -0.1, periods: 2, periodSeconds: 2_700 },
    seedHash: 'ab'.repeat(32), version: 1,
    ...options,
  };
}

const KEYS: Record<MarketKind, string[]> = {
  winner3: ['home', 'draw', 'away'], winner2: ['home', 'away'], handicap: ['home', 'away'], total: ['over', 'under'],
  bothScore: ['yes', 'no'], correctScore: ['1-0', '0-0', '0-1'], method: ['home_ko', 'away_ko'], oddEven: ['odd', 'even'],
};

/** A market whose selections are `${marketId}.${key}`, priced `odds` in the order of its keys. */
export function feedMarket(fixtureId: string, kind: MarketKind, odds: number[], options: Partial<FeedMarket> = {}): FeedMarket {
  const marketId = options.marketId ?? `${fixtureId}.${kind}`;
  return {
    fixtureId, marketId, kind, period: 'match', line: kind === 'handicap' ? -150 : kind === 'total' ? 250 : null, live: false,
    status: 'open', version: 1, scoreSeq: 0,
    selections: KEYS[kind].map((key, i) => ({ selectionId: `${marketId}.${key}`, key, oddsCents: odds[i] ?? 190, fairPpm: 400_000 })),
    ...options,
  };
}

export function feedScore(fixtureId: string, home: number, away: number, scoreSeq: number): FeedScore {
  return { fixtureId, home, away, periods: [{ home, away }], scoreSeq, period: 1, clockSeconds: 600, event: { type: 'goal', team: 'home' } };
}

export function feedResult(fixtureId: string, revision: number, markets: Record<string, Record<string, SelectionOutcome>>, status: FeedResult['status'] = 'final'): FeedResult {
  return {
    fixtureId, revision, status, score: { home: 2, away: 1, periods: [], scoreSeq: 9, period: null, clockSeconds: null },
    markets: Object.entries(markets).map(([marketId, outcomes]) => ({ marketId, outcomes })), seed: 'cd'.repeat(32),
  };
}

type Body = { type: 'fixture'; fixture: FeedFixture } | { type: 'market'; market: FeedMarket } | { type: 'score'; score: FeedScore } | { type: 'result'; result: FeedResult };

/** The feed's log: each message gets the next seq. */
export class FeedLog {
  seq = 0;
  readonly all: FeedMessage[] = [];
  add(...bodies: Body[]): FeedMessage[] {
    const made = bodies.map((body) => ({ seq: (this.seq += 1), at: '2026-11-23T03:00:00.000Z', ...body }) as FeedMessage);
    this.all.push(...made);
    return made;
  }
}
