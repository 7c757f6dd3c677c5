/**
 * The sportsbook (SPEC §1 sports and e-sports, §2 /sport, /esport, /result/sport, §3 sport filter values):
 * what the house odds feed (oddsFeed/, contract/oddsFeed.ts), the site's server (server/sports/) and the
 * browser agree on. Money in integer won, odds in integer hundredths (`oddsCents`: 1.85 is 185), lines in
 * integer hundredths (`line`: -1.5 is -150, 215.5 is 21550; a handicap's line is the home side's).
 */
import type { FixtureModel } from './oddsFeed';

/** SPEC §3's sport filter values, in the order of the tabs. */
export const SPORTS = ['soccer', 'basketball', 'baseball', 'volleyball', 'badminton', 'hockey', 'combat', 'tennis', 'handball', 'football', 'esport'] as const;
export type Sport = (typeof SPORTS)[number];
export const isSport = (value: unknown): value is Sport => (SPORTS as readonly unknown[]).includes(value);

/** Names in the site's three languages (the feed's teams and leagues: Korean and English, Vietnamese as English where it has none). */
export interface SportNames {
  ko: string;
  en: string;
  vi: string;
}

/**
 * The kinds of market. `winner3` is 1X2 over regulation time (soccer, hockey, handball); `winner2` the match
 * winner with extra time or tie-breaks included (every sport); `handicap` the home side's line (goals, points,
 * runs, sets, games, maps); `total` over/under a line; the rest are specials.
 */
export const MARKET_KINDS = ['winner3', 'winner2', 'handicap', 'total', 'bothScore', 'correctScore', 'method', 'oddEven'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

/**
 * The results page's tabs and the slip's rule families (SPEC §2 /result/sport: winloose, handy, underover,
 * special, all): which family each kind belongs to.
 */
export const MARKET_FAMILY: Record<MarketKind, 'winloose' | 'handy' | 'underover' | 'special'> = {
  winner3: 'winloose',
  winner2: 'winloose',
  handicap: 'handy',
  total: 'underover',
  bothScore: 'special',
  correctScore: 'special',
  method: 'special',
  oddEven: 'special',
};
export const RESULT_TABS = ['winloose', 'handy', 'underover', 'special', 'all'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

/**
 * The part of the match a market is on: the whole match, or its first part (soccer, handball: the first
 * half; basketball, football: the first half; hockey: the first period; baseball: the first five innings;
 * sets, games and maps: the first set or map; combat: the first round).
 */
export const PERIODS = ['match', 'first'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * Selection keys: home, draw, away (winners, handicaps), over, under (totals), yes, no (both score), odd,
 * even; a correct score is 'H-A' (e.g. '2-1', maps '2-0'); a method is 'home_ko', 'home_points', 'away_ko',
 * 'away_points', 'draw'.
 */
export type SelectionKey = string;

export type FixtureStatus = 'scheduled' | 'live' | 'ended' | 'cancelled' | 'postponed';
export type MarketStatus = 'open' | 'suspended' | 'closed';
/** A selection's result: void pays the stake back (odds 1.00), e.g. a whole line hit exactly (적특) or a cancelled match. */
export type SelectionOutcome = 'win' | 'lose' | 'void';

/** The score as both sides show it: the main unit (goals, points, runs, sets, maps, rounds) and each period's. */
export interface SportScore {
  home: number;
  away: number;
  /** Each period so far (halves, quarters, innings, sets, maps, rounds), the current one last. */
  periods: { home: number; away: number }[];
  /** Increases by one with every scoring or state event; a live price or bet is valid for one scoreSeq. */
  scoreSeq: number;
  /** The current period's label key (`sport.period.<sport>.<n>`, e.g. soccer 1 is the first half), null before kick-off. */
  period: number | null;
  /** Seconds of play in the current period (clock sports), null where play has no clock (sets, innings). */
  clockSeconds: number | null;
}

export interface SportSelection {
  selectionId: string;
  key: SelectionKey;
  oddsCents: number;
}

export interface SportMarket {
  marketId: string;
  kind: MarketKind;
  period: Period;
  /** Hundredths; null for markets without a line. */
  line: number | null;
  live: boolean;
  status: MarketStatus;
  /** Increases with every change of its prices or status; a bet carries the version it saw. */
  version: number;
  selections: SportSelection[];
}

export interface SportFixture {
  fixtureId: string;
  sport: Sport;
  league: { leagueId: string; names: SportNames };
  home: { teamId: string; names: SportNames };
  away: { teamId: string; names: SportNames };
  /** ISO instant. */
  startsAt: string;
  status: FixtureStatus;
  /** A virtual match (가상게임: simulated every few minutes on wall-clock slots). */
  virtual: boolean;
  /** Maps or sets to win the match (e-sports best of 3 or 5, tennis, volleyball, badminton); null elsewhere. */
  bestOf: number | null;
  score: SportScore | null;
  /** The fairness proof: the hash published before kick-off, the seed after the final whistle. */
  seedHash: string;
  seed: string | null;
}

/** The slip's rules, as data: the server enforces them, /bettingguide/sport and /member/rule show them. */
export interface SlipRules {
  minLegs: 1;
  maxLegs: number;
  /** The lowest odds a single may have. */
  minSingleOddsCents: number;
  /** Folder bonus: at `legs` or more legs, every one at least `minLegOddsCents`, the slip's odds times `bonusCents`/100. */
  folderBonus: { legs: number; bonusCents: number }[];
  folderBonusMinLegOddsCents: number;
  /** The slip's total odds (bonus included) are capped here. */
  maxTotalOddsCents: number;
  /** Live bets wait this long per sport, then are taken only if the market's version and the score are unchanged. */
  liveDelaySeconds: Record<Sport, number>;
  /** Pre-match markets close this many seconds before kick-off. */
  prematchCloseSeconds: number;
  /** Pairs of market families that may not be combined on one fixture, per sport (none: any pair may). */
  sameFixtureForbidden: Partial<Record<Sport, [MarketKind[], MarketKind[]][]>>;
}

/** The longest live delay an operator may set (seconds): the browser waits this long on top of a call's time for a slip's answer. */
export const LIVE_DELAY_MAX_SECONDS = 60;

/** Stake and payout limits per member level (B6001 below the minimum, B6002 above the maximum, B6003 above the payout cap). */
export interface LevelLimits {
  minStake: number;
  maxStake: number;
  maxPayout: number;
}

/**
 * The defaults (operator settable). Same-fixture rules: soccer none; basketball and baseball, a winner or a
 * handicap with the total, never both of a pair (they are correlated, and a product of their prices would
 * misprice the pair); legs of one market never go together.
 */
export const DEFAULT_SLIP_RULES: SlipRules = {
  minLegs: 1,
  maxLegs: 10,
  minSingleOddsCents: 130,
  folderBonus: [{ legs: 3, bonusCents: 103 }, { legs: 5, bonusCents: 105 }, { legs: 7, bonusCents: 107 }],
  folderBonusMinLegOddsCents: 130,
  maxTotalOddsCents: 100_000,
  liveDelaySeconds: { soccer: 5, basketball: 5, baseball: 5, volleyball: 5, badminton: 5, hockey: 5, combat: 5, tennis: 5, handball: 5, football: 5, esport: 5 },
  prematchCloseSeconds: 0,
  sameFixtureForbidden: {
    basketball: [[['winner2', 'handicap'], ['total']]],
    baseball: [[['winner2', 'handicap'], ['total']]],
  },
};

/** The margin per market family, in basis points, applied by the power method (live adds LIVE_MARGIN_BP). */
export const DEFAULT_MARGINS_BP: Record<(typeof MARKET_FAMILY)[MarketKind], number> = {
  winloose: 700,
  handy: 600,
  underover: 600,
  special: 1200,
};
export const LIVE_MARGIN_BP = 200;

/** The folder bonus of a slip of `legs` whose legs' odds are `legOdds` (100: none). */
export function folderBonusCents(rules: SlipRules, legOdds: readonly number[]): number {
  if (legOdds.some((odds) => odds < rules.folderBonusMinLegOddsCents)) return 100;
  let bonus = 100;
  for (const step of rules.folderBonus) if (legOdds.length >= step.legs) bonus = step.bonusCents;
  return bonus;
}

/** A fixture with its markets (a list shows each fixture's main markets, the fixture call all of them). */
export interface SportFixtureMarkets extends SportFixture {
  markets: SportMarket[];
}

/**
 * The screens' views of the book: pre-match (/sport), in play (/sport/livebetting), the fixtures of many
 * markets for combinations (/sport/combinationbetting), the specials (/sport/special), e-sports (/esport)
 * and virtual games.
 */
export const SPORT_VIEWS = ['prematch', 'live', 'combination', 'special', 'esport', 'virtual'] as const;
export type SportView = (typeof SPORT_VIEWS)[number];

/** One leg as the slip sends it: the selection, and the price and market version the member saw. */
export interface SportLegRequest {
  selectionId: string;
  oddsCents: number;
  version: number;
}

/** A placed sports bet's leg, as the bet list and detail show it. */
export interface SportBetLeg {
  fixtureId: string;
  sport: Sport;
  league: SportNames;
  home: SportNames;
  away: SportNames;
  startsAt: string;
  marketId: string;
  kind: MarketKind;
  period: Period;
  line: number | null;
  key: SelectionKey;
  live: boolean;
  oddsCents: number;
  /** Null until its fixture's result; a corrected result changes it. */
  outcome: SelectionOutcome | null;
  score: SportScore | null;
}

/** A sports bet's outcome for the bet detail (contract/betting.ts BetOutcome kind 'sport'). */
export interface SportBetOutcome {
  legs: SportBetLeg[];
  /** The legs' odds multiplied (each step floored), before the bonus. */
  oddsCents: number;
  bonusCents: number;
  /** The payout if every leg wins, capped by the level's maximum. */
  potentialWin: number;
  /** The result revision the bet was last settled for (0: not yet). */
  revision: number;
}

// ---- The member calls' answers (contract/callPaths.ts sportList, sportFixture, sportRules, sportResults, betProc).

/** A league of the list's sport and view, with how many of its fixtures the view has. */
export interface SportLeagueCount {
  leagueId: string;
  sport: Sport;
  names: SportNames;
  count: number;
}

/**
 * The list of a view: each fixture with its main markets (winner, main handicap, main total), the leagues,
 * and the list topic's sequence number it is as of (a client that then sees a later seq's gap refetches).
 */
export interface SportListAnswer {
  fixtures: SportFixtureMarkets[];
  leagues: SportLeagueCount[];
  seq: number;
}

/** One fixture with all its markets, as of the fixture topic's `seq`. */
export interface SportFixtureAnswer {
  fixture: SportFixtureMarkets;
  seq: number;
}

/** A settled market on the results page: each selection's result. */
export interface SportResultMarket {
  marketId: string;
  kind: MarketKind;
  period: Period;
  line: number | null;
  outcomes: Record<SelectionKey, SelectionOutcome>;
}

export interface SportResultItem {
  fixture: SportFixture;
  markets: SportResultMarket[];
  /** The model the match was played from: with the revealed seed, the browser replays it (oddsFeed/model verifyFixture). */
  model: FixtureModel;
}

/** A placed sports bet, as betProc answers it. `betId` is the betting history's id (bet list and detail). */
export interface SportBetPlaced {
  betId: string;
  legs: SportBetLeg[];
  /** The legs' odds multiplied (each step floored), before the bonus. */
  oddsCents: number;
  bonusCents: number;
  stake: number;
  /** stake × odds × bonus, capped by the total odds cap and the level's payout cap. */
  potentialWin: number;
}

/** A leg's current state, carried by a refusal over a changed price (B6101) or a closed market (B6102). */
export interface SportLegState {
  selectionId: string;
  oddsCents: number;
  version: number;
  status: MarketStatus;
}

/** The answer data of a refusal B6101 (a price or version changed) and B6102 (a market not open): every leg's state now. */
export interface SportLegsRefusal {
  legs: SportLegState[];
}

// ---- The topics' payloads (contract/topics.ts sportFixture, sportList).

/**
 * `/topic/sport/fixture/<fixtureId>`: what changed on one fixture. `seq` increases by one with every
 * publication on this fixture's topic (a client whose last seq is not seq - 1 refetches sportFixture).
 */
export interface SportFixtureTopicBody {
  fixtureId: string;
  seq: number;
  status: FixtureStatus;
  score: SportScore | null;
  /** The markets that changed, whole. */
  markets: SportMarket[];
}

/**
 * `/topic/sport/list`: the changed main markets of any fixture, for the lists. `seq` increases by one with
 * every publication on the list topic (a gap: refetch sportList).
 */
export interface SportListTopicBody {
  seq: number;
  fixtures: { fixtureId: string; status: FixtureStatus; score: SportScore | null; markets: SportMarket[] }[];
}
