/**
 * Basketball and American football: each side scores in plays worth the sport's values (basketball 1, 2 or
 * 3; football touchdowns with the kick 7, without it 6, field goals 3, safeties 2). A side's number of plays K
 * over regulation time is a discretised normal fitted so that its points have the model's mean and standard
 * deviation (E S = E K · E V, Var S = E K · Var V + Var K · (E V)²); its points are the compound distribution
 * Σ P(K = k) V^{*k}, near normal (Stern 1994's Brownian motion model of scores is its limit) and on the
 * integers a book's lines settle on. Plays come at uniform moments of the match, so in play the plays still
 * to come have the posterior P(K = k₀ + r) · Bin(k₀; k₀ + r, f) summed over the k₀ plays that made the
 * points seen, and the first half holds a binomial share of the plays. A tie after regulation goes to
 * overtime, decided by one play of the side that wins it (home with probability homeMean / (homeMean +
 * awayMean)); every market is on the final score, overtime included.
 */
import type { FixtureModel } from '../../contract/oddsFeed';
import type { Sport } from '../../contract/sports';
import { binomial, convolve, type IntDist, normalize, type Pmf, shift, thin } from './dist';
import { OVERTIME_SECONDS } from './formats';
import { handicapMarkets, totalMarkets } from './markets';
import { createRng, uniformTimes } from './random';
import { ScoreBook } from './scoreBook';
import type { FairMarket, MatchState, SimEvent } from './types';

export type PointsModel = Extract<FixtureModel, { kind: 'points' }>;

/** The values of a scoring play, index = points. */
const PLAY_VALUES: Record<'basketball' | 'football', Pmf> = {
  basketball: [0, 0.12, 0.62, 0.26],
  football: [0, 0, 0.04, 0.3, 0, 0, 0.06, 0.6],
};
const valuesOf = (sport: Sport): Pmf => PLAY_VALUES[sport === 'football' ? 'football' : 'basketball'];

/** V^{*k} for k = 0..max: the points of k plays. */
const powers = new Map<Pmf, Pmf[]>();
function playPowers(values: Pmf, max: number): Pmf[] {
  let list = powers.get(values);
  if (!list) {
    list = [[1]];
    powers.set(values, list);
  }
  while (list.length <= max) list.push(convolve(list[list.length - 1]!, values));
  return list;
}

/** The distribution of a side's number of plays over regulation time. */
export function playsPmf(mean: number, sd: number, values: Pmf): Pmf {
  const ev = values.reduce((s, p, v) => s + p * v, 0);
  const vv = values.reduce((s, p, v) => s + p * v * v, 0) - ev * ev;
  const meanK = mean / ev;
  const varK = Math.max(0.25, (sd * sd - meanK * vv) / (ev * ev));
  const max = Math.ceil(meanK + 9 * Math.sqrt(varK) + 3);
  return normalize(Array.from({ length: max + 1 }, (_, k) => Math.exp(-((k - meanK) ** 2) / (2 * varK))));
}

/** Points from a distribution of plays. */
function pointsOf(plays: Pmf, values: Pmf): Pmf {
  const pw = playPowers(values, plays.length - 1);
  const out: Pmf = new Array<number>((plays.length - 1) * (values.length - 1) + 1).fill(0);
  plays.forEach((q, k) => {
    if (q > 0) pw[k]!.forEach((x, s) => { out[s]! += q * x; });
  });
  return out;
}

/** The plays still to come, having seen `points` after a fraction f of regulation time. */
function playsRemaining(plays: Pmf, points: number, f: number, values: Pmf): Pmf {
  const pw = playPowers(values, plays.length - 1);
  const out: Pmf = new Array<number>(plays.length).fill(0);
  for (let k0 = 0; k0 < plays.length; k0 += 1) {
    const made = pw[k0]![points] ?? 0;
    if (made === 0) continue;
    for (let r = 0; k0 + r < plays.length; r += 1) out[r]! += plays[k0 + r]! * binomial(k0, k0 + r, f) * made;
  }
  return out.some((x) => x > 0) ? normalize(out) : [1];
}

const otShare = (model: PointsModel) => model.homeMean / (model.homeMean + model.awayMean);

/** Margin and total of two independent sides, a tie decided by an overtime play when `overtime` is set. */
function combine(home: Pmf, away: Pmf, values: Pmf, overtimeShare: number | null): { margin: IntDist; total: IntDist } {
  const n = Math.max(home.length, away.length) + values.length;
  const margin = new Array<number>(2 * n + 1).fill(0);
  const total = new Array<number>(2 * n + 1).fill(0);
  home.forEach((ph, h) => away.forEach((pa, a) => {
    const p = ph * pa;
    if (p === 0) return;
    if (h !== a || overtimeShare === null) {
      margin[h - a + n]! += p;
      total[h + a]! += p;
      return;
    }
    values.forEach((pv, v) => {
      if (pv === 0) return;
      margin[v + n]! += p * pv * overtimeShare;
      margin[-v + n]! += p * pv * (1 - overtimeShare);
      total[h + a + v]! += p * pv;
    });
  }));
  return { margin: { min: -n, p: margin }, total: { min: 0, p: total } };
}

function pairMarkets(home: Pmf, away: Pmf, values: Pmf, period: 'match' | 'first', overtimeShare: number | null): FairMarket[] {
  const { margin, total } = combine(home, away, values, overtimeShare);
  const markets: FairMarket[] = [];
  if (period === 'match') {
    const homeWins = margin.p.reduce((s, p, i) => (margin.min + i > 0 ? s + p : s), 0);
    const draw = margin.p[-margin.min] ?? 0;
    markets.push({ kind: 'winner2', period, line: null, probs: [{ key: 'home', p: homeWins / (1 - draw) }, { key: 'away', p: 1 - homeWins / (1 - draw) }] });
  }
  const spread = Math.sqrt(margin.p.reduce((s, p, i) => s + p * (margin.min + i) ** 2, 0));
  const step = Math.max(1, Math.round(spread / 5));
  markets.push(...handicapMarkets(margin, period, { wholeLines: true, step, alternatives: 1 }));
  markets.push(...totalMarkets(total, period, { wholeLines: true, step, alternatives: 1 }));
  return markets;
}

export function pointsMarkets(model: PointsModel, sport: Sport, state: MatchState | null): FairMarket[] {
  const values = valuesOf(sport);
  const homePlays = playsPmf(model.homeMean, model.sd, values);
  const awayPlays = playsPmf(model.awayMean, model.sd, values);
  const regulation = model.periods * model.periodSeconds;
  const half = regulation / 2;
  const w = otShare(model);
  if (!state) {
    return [
      ...pairMarkets(pointsOf(homePlays, values), pointsOf(awayPlays, values), values, 'match', w),
      ...pairMarkets(pointsOf(thin(homePlays, 0.5), values), pointsOf(thin(awayPlays, 0.5), values), values, 'first', null),
    ];
  }
  const t = Math.max(0, state.elapsedSeconds);
  const { home: h0, away: a0 } = state.score;
  if (t >= regulation || state.score.periods.length > model.periods) {
    return h0 === a0 ? [{ kind: 'winner2', period: 'match', line: null, probs: [{ key: 'home', p: w }, { key: 'away', p: 1 - w }] }] : [];
  }
  const f = t / regulation;
  const homeRest = playsRemaining(homePlays, h0, f, values);
  const awayRest = playsRemaining(awayPlays, a0, f, values);
  const markets = pairMarkets(shift(pointsOf(homeRest, values), h0), shift(pointsOf(awayRest, values), a0), values, 'match', w);
  if (t < half) {
    const g = (half - t) / (regulation - t);
    markets.push(...pairMarkets(shift(pointsOf(thin(homeRest, g), values), h0), shift(pointsOf(thin(awayRest, g), values), a0), values, 'first', null));
  }
  return markets;
}

export function simulatePoints(model: PointsModel, sport: Sport, seed: string): SimEvent[] {
  const rng = createRng(seed);
  const values = valuesOf(sport);
  const regulation = model.periods * model.periodSeconds;
  const plays: { at: number; team: 'home' | 'away'; points: number }[] = [];
  for (const team of ['home', 'away'] as const) {
    const count = rng.pick(playsPmf(team === 'home' ? model.homeMean : model.awayMean, model.sd, values));
    const times = uniformTimes(rng, count, 0, regulation);
    for (const at of times) plays.push({ at, team, points: rng.pick(values) });
  }
  plays.sort((x, y) => x.at - y.at);
  const book = new ScoreBook(true);
  for (let period = 0; period < model.periods; period += 1) {
    book.startPeriod(period * model.periodSeconds);
    for (const play of plays) if (play.at >= period * model.periodSeconds && play.at < (period + 1) * model.periodSeconds) {
      book.event(play.at, 'point', play.team, play.points);
    }
  }
  if (book.current.home === book.current.away) {
    book.startPeriod(regulation);
    const winner = rng.uniform() < otShare(model) ? 'home' : 'away';
    const at = regulation + Math.floor(rng.uniform() * OVERTIME_SECONDS[sport]!);
    book.event(at, 'point', winner, rng.pick(values));
    return book.finish(at);
  }
  return book.finish(regulation);
}
