/**
 * Settlement from final scores (win, lose, void on a whole line hit exactly: 적특), the simulation's
 * determinism, and the browser's verification of a played match from its revealed seed.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPORTS, type SportScore } from '../../contract/sports';
import {
  firstPeriodScore, hashSeed, modelFor, settleMarket, simulateMatch, verifyFixture,
} from '../../oddsFeed/model';
import { hmacSha256, sha256, bytesToHex } from '../../oddsFeed/model/sha256';

const score = (periods: { home: number; away: number }[], extra: Partial<SportScore> = {}): SportScore => ({
  home: periods.reduce((s, p) => s + p.home, 0),
  away: periods.reduce((s, p) => s + p.away, 0),
  periods,
  scoreSeq: 9,
  period: periods.length,
  clockSeconds: null,
  ...extra,
});
const sel = (...keys: string[]) => keys.map((key) => ({ key }));

describe('settleMarket', () => {
  const soccer = score([{ home: 1, away: 0 }, { home: 1, away: 1 }]); // 2-1, first half 1-0
  const first = firstPeriodScore('soccer', soccer);

  it('winners, handicaps, totals and specials on a 2-1', () => {
    expect(first).toEqual({ home: 1, away: 0 });
    expect(settleMarket({ kind: 'winner3', period: 'match', line: null, selections: sel('home', 'draw', 'away') }, 'soccer', soccer, first))
      .toEqual({ home: 'win', draw: 'lose', away: 'lose' });
    expect(settleMarket({ kind: 'handicap', period: 'match', line: -150, selections: sel('home', 'away') }, 'soccer', soccer, first))
      .toEqual({ home: 'lose', away: 'win' });
    expect(settleMarket({ kind: 'handicap', period: 'match', line: 50, selections: sel('home', 'away') }, 'soccer', soccer, first))
      .toEqual({ home: 'win', away: 'lose' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 250, selections: sel('over', 'under') }, 'soccer', soccer, first))
      .toEqual({ over: 'win', under: 'lose' });
    expect(settleMarket({ kind: 'bothScore', period: 'match', line: null, selections: sel('yes', 'no') }, 'soccer', soccer, first))
      .toEqual({ yes: 'win', no: 'lose' });
    expect(settleMarket({ kind: 'oddEven', period: 'match', line: null, selections: sel('odd', 'even') }, 'soccer', soccer, first))
      .toEqual({ odd: 'win', even: 'lose' });
    expect(settleMarket({ kind: 'correctScore', period: 'match', line: null, selections: sel('1-0', '2-1', 'other') }, 'soccer', soccer, first))
      .toEqual({ '1-0': 'lose', '2-1': 'win', other: 'lose' });
    expect(settleMarket({ kind: 'correctScore', period: 'match', line: null, selections: sel('1-0', '0-0', 'other') }, 'soccer', soccer, first))
      .toEqual({ '1-0': 'lose', '0-0': 'lose', other: 'win' });
  });

  it('a whole line hit exactly is void (적특)', () => {
    expect(settleMarket({ kind: 'handicap', period: 'match', line: -100, selections: sel('home', 'away') }, 'soccer', soccer, first))
      .toEqual({ home: 'void', away: 'void' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 300, selections: sel('over', 'under') }, 'soccer', soccer, first))
      .toEqual({ over: 'void', under: 'void' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 200, selections: sel('over', 'under') }, 'soccer', soccer, first))
      .toEqual({ over: 'win', under: 'lose' });
  });

  it('first-period markets settle on the first period', () => {
    expect(settleMarket({ kind: 'winner3', period: 'first', line: null, selections: sel('home', 'draw', 'away') }, 'soccer', soccer, first))
      .toEqual({ home: 'win', draw: 'lose', away: 'lose' });
    expect(settleMarket({ kind: 'total', period: 'first', line: 150, selections: sel('over', 'under') }, 'soccer', soccer, first))
      .toEqual({ over: 'lose', under: 'win' });
    const basketball = score([{ home: 30, away: 20 }, { home: 20, away: 25 }, { home: 25, away: 25 }, { home: 20, away: 30 }]);
    expect(firstPeriodScore('basketball', basketball)).toEqual({ home: 50, away: 45 });
    expect(settleMarket({ kind: 'handicap', period: 'first', line: -500, selections: sel('home', 'away') }, 'basketball', basketball, firstPeriodScore('basketball', basketball)))
      .toEqual({ home: 'void', away: 'void' });
  });

  it('hockey: 1X2 and totals on regulation, the winner with overtime', () => {
    const hockey = score([{ home: 1, away: 0 }, { home: 0, away: 1 }, { home: 1, away: 1 }, { home: 1, away: 0 }]);
    const f = firstPeriodScore('hockey', hockey);
    expect(settleMarket({ kind: 'winner3', period: 'match', line: null, selections: sel('home', 'draw', 'away') }, 'hockey', hockey, f))
      .toEqual({ home: 'lose', draw: 'win', away: 'lose' });
    expect(settleMarket({ kind: 'winner2', period: 'match', line: null, selections: sel('home', 'away') }, 'hockey', hockey, f))
      .toEqual({ home: 'win', away: 'lose' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 450, selections: sel('over', 'under') }, 'hockey', hockey, f))
      .toEqual({ over: 'lose', under: 'win' });
  });

  it('tennis games, combat method and rounds', () => {
    const tennis = score([{ home: 6, away: 4 }, { home: 3, away: 6 }, { home: 7, away: 6 }], { home: 2, away: 1 });
    const f = firstPeriodScore('tennis', tennis);
    expect(settleMarket({ kind: 'handicap', period: 'match', line: -150, selections: sel('home', 'away') }, 'tennis', tennis, f))
      .toEqual({ home: 'lose', away: 'win' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 3150, selections: sel('over', 'under') }, 'tennis', tennis, f))
      .toEqual({ over: 'win', under: 'lose' });
    expect(settleMarket({ kind: 'correctScore', period: 'match', line: null, selections: sel('2-0', '2-1') }, 'tennis', tennis, f))
      .toEqual({ '2-0': 'lose', '2-1': 'win' });
    const ko = score([{ home: 0, away: 0 }, { home: 0, away: 1 }], { home: 0, away: 1, clockSeconds: 100 });
    const method = sel('home_ko', 'home_points', 'away_ko', 'away_points', 'draw');
    expect(settleMarket({ kind: 'method', period: 'match', line: null, selections: method }, 'combat', ko, f))
      .toMatchObject({ away_ko: 'win', away_points: 'lose', draw: 'lose' });
    expect(settleMarket({ kind: 'total', period: 'match', line: 150, selections: sel('over', 'under') }, 'combat', ko, f))
      .toEqual({ over: 'lose', under: 'win' });
    const decision = score([{ home: 0, away: 0 }, { home: 0, away: 0 }, { home: 1, away: 0 }], { home: 1, away: 0, clockSeconds: 300 });
    expect(settleMarket({ kind: 'method', period: 'match', line: null, selections: method }, 'combat', decision, f))
      .toMatchObject({ home_points: 'win', home_ko: 'lose' });
    const draw = score([{ home: 0, away: 0 }, { home: 0, away: 0 }, { home: 0, away: 0 }], { clockSeconds: 300 });
    expect(settleMarket({ kind: 'winner2', period: 'match', line: null, selections: sel('home', 'away') }, 'combat', draw, f))
      .toEqual({ home: 'void', away: 'void' });
  });
});

describe('simulated matches', () => {
  const seed = createHash('sha256').update('verify').digest('hex');

  it('are deterministic, end in a finish, keep time and sequence, and the verifier accepts only the committed seed', () => {
    for (const sport of SPORTS) {
      const model = modelFor(sport, { home: 1520, away: 1500 });
      const events = simulateMatch(model, sport, seed);
      expect(simulateMatch(model, sport, seed), sport).toEqual(events);
      expect(events.at(-1)!.event.type, sport).toBe('finish');
      events.forEach((e, i) => {
        expect(e.score.scoreSeq).toBe(i + 1);
        if (i > 0) expect(e.atSeconds).toBeGreaterThanOrEqual(events[i - 1]!.atSeconds);
      });
      const other = createHash('sha256').update(`other ${sport}`).digest('hex');
      // A best of 3 has few outcomes: of a few other seeds, some play another match.
      const others = [1, 2, 3, 4, 5].map((i) => simulateMatch(model, sport, createHash('sha256').update(`other ${sport} ${i}`).digest('hex')));
      expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(events)), sport).toBe(true);
      const good = verifyFixture(model, sport, seed, hashSeed(seed));
      expect(good.ok, sport).toBe(true);
      expect(good.final).toEqual(events.at(-1)!.score);
      expect(verifyFixture(model, sport, other, hashSeed(seed)).ok, sport).toBe(false);
    }
  });

  it('commit to the seed as sha256 of its bytes, drawn by HMAC-SHA256', () => {
    expect(hashSeed(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    for (const length of [0, 1, 55, 56, 64, 65, 130]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31 + 7) & 255);
      expect(bytesToHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      const tag = hmacSha256(bytes)(bytes.slice(0, 20));
      expect(Array.from(tag, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('')).toBe(createHmac('sha256', bytes).update(bytes.slice(0, 20)).digest('hex'));
    }
    expect(() => hashSeed('not a seed')).toThrow();
    expect(verifyFixture(modelFor('soccer', { home: 1500, away: 1500 }), 'soccer', 'not a seed', hashSeed(seed)).ok).toBe(false);
  });
});

describe('modelFor', () => {
  it('a stronger home side is the favourite in every sport, and equal ratings on neutral ground are even', () => {
    for (const sport of SPORTS) {
      const strong = modelFor(sport, { home: 1700, away: 1500 });
      const neutral = modelFor(sport, { home: 1500, away: 1500 }, { neutral: true });
      const edge = (m: typeof strong) => {
        switch (m.kind) {
          case 'goals': case 'runs': return m.homeRate - m.awayRate;
          case 'points': return m.homeMean - m.awayMean;
          case 'rally': return m.homePointPpm - 500_000;
          case 'tennis': return m.homeServePpm - m.awayServePpm;
          case 'combat': return m.homeWinPpm - 500_000;
          case 'maps': return m.homeMapPpm - 500_000;
        }
      };
      expect(edge(strong), sport).toBeGreaterThan(0);
      expect(edge(neutral), sport).toBe(0);
    }
    expect(() => modelFor('soccer', { home: Number.NaN, away: 1500 })).toThrow();
  });
});
