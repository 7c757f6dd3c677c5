/**
 * Game 101's rules, pure (the vendor settles with them, the page and the tests use the same code).
 *
 * Every round two best-of-3 matches are played at once, between teams paired by a double round robin
 * from the round number alone (so prices are known before the seed is drawn). A map is won by the home
 * team with probability p = 1 / (1 + 10^((away - home) / 400)); the match by p²(3 − 2p).
 *
 * Markets of each match: `winner` (home | away) and `maps` (two: a 2:0 either way | three: a third map
 * is played). Prices carry the arena's margin: floor(100 / (prob × (1 + margin))) in hundredths.
 * A slip is one pick (one folder) or one pick on each of the two matches (two folders: the matches are
 * independent, so their prices multiply; the product is rounded down to 0.01). A slip pays
 * floor(stake × odds) when every pick wins, else nothing.
 *
 * The round's maps are drawn from its seed's stream (fair.ts): match 0, then match 1; for each map in
 * turn, a draw from 0..999,999 below p × 10^6 gives it to the home team, then its kills (winner 15-30,
 * loser 0 to winner − 3) and its length in minutes (24-40); maps are drawn until a side has two.
 */
import type { Rng } from '../../fair';
import { TEAMS, type Team } from './teams';

export const MARKETS = { winner: ['home', 'away'], maps: ['two', 'three'] } as const;
export type Market = keyof typeof MARKETS;
export type SlipPick = { match: 0 | 1; market: 'winner'; pick: 'home' | 'away' } | { match: 0 | 1; market: 'maps'; pick: 'two' | 'three' };

export interface MapResult {
  winner: 'home' | 'away';
  homeKills: number;
  awayKills: number;
  minutes: number;
}

export interface MatchResult {
  maps: MapResult[];
  homeMaps: number;
  awayMaps: number;
  winner: 'home' | 'away';
}

/** The circle method for 8 teams: 7 rounds of 4 pairs; the double round robin turns home and away round. */
function roundRobin(size: number): [number, number][][] {
  const rest = Array.from({ length: size - 1 }, (_, i) => i + 1);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < size - 1; r += 1) {
    const circle = [0, ...rest];
    rounds.push(Array.from({ length: size / 2 }, (_, i) => [circle[i]!, circle[size - 1 - i]!] as [number, number]));
    rest.unshift(rest.pop()!);
  }
  return rounds;
}
const SCHEDULE = roundRobin(TEAMS.length);
const PAIRS_A_ROUND = 2;
const SLOTS = SCHEDULE.length * (TEAMS.length / 2 / PAIRS_A_ROUND);

/** The two matches of a round: [home, away] teams. */
export function pairings(roundNo: number): [Team, Team][] {
  const slot = ((roundNo % SLOTS) + SLOTS) % SLOTS;
  const swap = Math.floor(roundNo / SLOTS) % 2 === 1;
  const day = SCHEDULE[Math.floor(slot / 2)]!;
  const half = slot % 2;
  return day.slice(half * PAIRS_A_ROUND, half * PAIRS_A_ROUND + PAIRS_A_ROUND).map(([a, b]) => {
    const pair: [Team, Team] = [TEAMS[a]!, TEAMS[b]!];
    return swap ? [pair[1], pair[0]] : pair;
  });
}

/** The home team's chance to win one map. */
export function mapChance(home: Team, away: Team): number {
  return 1 / (1 + 10 ** ((away.rating - home.rating) / 400));
}

/** Each selection's exact probability in a match whose home team wins a map with chance p. */
export function selectionChances(p: number): { winner: { home: number; away: number }; maps: { two: number; three: number } } {
  const q = 1 - p;
  const home = p * p * (3 - 2 * p);
  return { winner: { home, away: 1 - home }, maps: { two: p * p + q * q, three: 2 * p * q } };
}

/** A price in hundredths (172 = 1.72) for a probability, with the margin; at least 1.01. */
export function priceOf(probability: number, marginBp: number): number {
  return Math.max(101, Math.floor(100 / (probability * (1 + marginBp / 10_000)) + 1e-9));
}

export type MatchPrices = { winner: { home: number; away: number }; maps: { two: number; three: number } };

export function matchPrices(home: Team, away: Team, marginBp: number): MatchPrices {
  const chances = selectionChances(mapChance(home, away));
  return {
    winner: { home: priceOf(chances.winner.home, marginBp), away: priceOf(chances.winner.away, marginBp) },
    maps: { two: priceOf(chances.maps.two, marginBp), three: priceOf(chances.maps.three, marginBp) },
  };
}

export function roundPrices(roundNo: number, marginBp: number): MatchPrices[] {
  return pairings(roundNo).map(([home, away]) => matchPrices(home, away, marginBp));
}

const MAP_SCALE = 1_000_000;

/** One match's maps from the stream. */
export function playMatch(rng: Rng, home: Team, away: Team): MatchResult {
  const threshold = Math.round(mapChance(home, away) * MAP_SCALE);
  const maps: MapResult[] = [];
  let homeMaps = 0;
  let awayMaps = 0;
  while (homeMaps < 2 && awayMaps < 2) {
    const winner = rng.int(MAP_SCALE) < threshold ? 'home' : 'away';
    const winnerKills = 15 + rng.int(16);
    const loserKills = rng.int(winnerKills - 2);
    const minutes = 24 + rng.int(17);
    maps.push({ winner, homeKills: winner === 'home' ? winnerKills : loserKills, awayKills: winner === 'home' ? loserKills : winnerKills, minutes });
    if (winner === 'home') homeMaps += 1;
    else awayMaps += 1;
  }
  return { maps, homeMaps, awayMaps, winner: homeMaps === 2 ? 'home' : 'away' };
}

/** Both matches of a round from its seed's stream. */
export function playRound(rng: Rng, roundNo: number): MatchResult[] {
  return pairings(roundNo).map(([home, away]) => playMatch(rng, home, away));
}

export function isPick(value: unknown): value is SlipPick {
  if (!value || typeof value !== 'object') return false;
  const { match, market, pick } = value as Record<string, unknown>;
  if (match !== 0 && match !== 1) return false;
  if (market !== 'winner' && market !== 'maps') return false;
  return (MARKETS[market] as readonly unknown[]).includes(pick);
}

/** Why a slip cannot be placed, or null: one pick, or one on each match. */
export function slipProblem(picks: readonly SlipPick[]): string | null {
  if (picks.length < 1 || picks.length > 2) return 'a slip has one or two picks';
  if (picks.length === 2 && picks[0]!.match === picks[1]!.match) return 'two picks must be on different matches';
  return null;
}

export function pickPrice(prices: readonly MatchPrices[], pick: SlipPick): number {
  const match = prices[pick.match]!;
  return pick.market === 'winner' ? match.winner[pick.pick] : match.maps[pick.pick];
}

/** The slip's odds in hundredths: a pick's price, or the two prices' product rounded down to 0.01. */
export function slipOdds(prices: readonly MatchPrices[], picks: readonly SlipPick[]): number {
  return picks.reduce((odds, pick, i) => (i === 0 ? pickPrice(prices, pick) : Math.floor((odds * pickPrice(prices, pick)) / 100)), 0);
}

export function pickWon(results: readonly MatchResult[], pick: SlipPick): boolean {
  const result = results[pick.match]!;
  return pick.market === 'winner' ? result.winner === pick.pick : (result.maps.length === 2) === (pick.pick === 'two');
}

/** What a slip pays (stake included): floor(stake × odds) when every pick won, else 0. */
export function slipWin(stake: number, oddsCents: number, results: readonly MatchResult[], picks: readonly SlipPick[]): number {
  return picks.every((pick) => pickWon(results, pick)) ? Math.floor((stake * oddsCents) / 100) : 0;
}

/** A short English line of the round and the slip (the feed's `outcome`). */
export function describeRound(roundNo: number, results: readonly MatchResult[], picks: readonly SlipPick[], oddsCents: number): string {
  const teams = pairings(roundNo);
  const scores = results.map((result, i) => `${teams[i]![0].names.en} ${result.homeMaps}:${result.awayMaps} ${teams[i]![1].names.en}`).join('; ');
  const slip = picks.map((pick) => {
    const [home, away] = teams[pick.match]!;
    const what = pick.market === 'winner' ? `${(pick.pick === 'home' ? home : away).names.en} to win` : pick.pick === 'two' ? `${home.tag}-${away.tag} in 2 maps` : `${home.tag}-${away.tag} to map 3`;
    return `${what} (${pickWon(results, pick) ? 'won' : 'lost'})`;
  }).join(' + ');
  return `Round ${roundNo}: ${scores} | ${slip} @${(oddsCents / 100).toFixed(2)}`;
}
