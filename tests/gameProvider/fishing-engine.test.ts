import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CANNON_STAKES, decideShot, FISH, FISH_KINDS, fishPosition, fishVisible, hitOdds, RTP_PERCENT, WAVE_MS, waveFish, WORLD, type Draw,
} from '../../gameProvider/games/fishing/engine';

function testDraw(seed: string): Draw {
  let counter = 0;
  return (n) => {
    for (;;) {
      const word = createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0);
      if (word < 2 ** 32 - (2 ** 32 % n)) return word % n;
    }
  };
}

describe('fishing payouts', () => {
  it('every fish returns exactly the stated RTP (all draws enumerated)', () => {
    expect(RTP_PERCENT).toBe(95);
    for (const kind of FISH_KINDS) {
      const stake = 1_000;
      const { outOf } = hitOdds(kind);
      let returned = 0;
      let hits = 0;
      for (let value = 0; value < outOf; value += 1) {
        const shot = decideShot(kind, stake, () => value);
        returned += shot.win;
        if (shot.hit) hits += 1;
      }
      // Sum of returns over the equally likely draws = RTP% of the stakes, in integers.
      expect(returned * 100, kind).toBe(RTP_PERCENT * stake * outOf);
      expect(hits, kind).toBe(RTP_PERCENT);
      expect(decideShot(kind, stake, () => 0).win, kind).toBe(stake * FISH[kind].multiplier);
    }
  });

  it('a miss returns nothing and a hit pays stake × multiplier', () => {
    expect(decideShot('shark', 500, () => 95)).toEqual({ hit: false, win: 0 });
    expect(decideShot('shark', 500, () => 94)).toEqual({ hit: true, win: 20_000 });
  });

  it('a simulated game of 400,000 shots at visible fish returns the RTP within 4 standard deviations', () => {
    const draw = testDraw('sim');
    let staked = 0;
    let returned = 0;
    let variance = 0;
    let shots = 0;
    for (let waveNo = 0; shots < 400_000; waveNo += 1) {
      const fish = waveFish(`seed${waveNo}`, waveNo);
      for (let at = 0; at < WAVE_MS; at += 100) {
        const visible = fish.filter((f) => fishVisible(f, at));
        if (visible.length === 0) continue;
        const target = visible[draw(visible.length)];
        const stake = CANNON_STAKES[draw(CANNON_STAKES.length)];
        const shot = decideShot(target.kind, stake, draw);
        staked += stake;
        returned += shot.win;
        const m = FISH[target.kind].multiplier;
        const p = RTP_PERCENT / 100 / m;
        variance += stake * stake * m * m * p * (1 - p);
        shots += 1;
      }
    }
    const rtp = returned / staked;
    const sd = Math.sqrt(variance) / staked;
    expect(Math.abs(rtp - RTP_PERCENT / 100)).toBeLessThan(4 * sd);
    expect(sd).toBeLessThan(0.02);
  });
});

describe('fishing waves', () => {
  it('the same seed gives the same wave; another seed another one', () => {
    expect(waveFish('abc', 7)).toEqual(waveFish('abc', 7));
    expect(waveFish('abc', 7)).not.toEqual(waveFish('abd', 7));
  });

  it('every fish crosses the screen within the wave and a boss comes every third wave', () => {
    for (let waveNo = 0; waveNo < 30; waveNo += 1) {
      const fish = waveFish('paths', waveNo);
      expect(fish.some((f) => f.kind === 'dragon')).toBe(waveNo % 3 === 0);
      expect(new Set(fish.map((f) => f.id)).size).toBe(fish.length);
      for (const f of fish) {
        expect(fishVisible(f, f.enterMs + f.durationMs / 2)).toBe(true);
        expect(fishPosition(f, f.enterMs - 1)).toBeNull();
        expect(fishPosition(f, f.enterMs + f.durationMs + 1)).toBeNull();
        const start = fishPosition(f, f.enterMs)!;
        const end = fishPosition(f, f.enterMs + f.durationMs)!;
        expect(start.x < 0 || start.x > WORLD.width).toBe(true);
        expect(end.x < 0 || end.x > WORLD.width).toBe(true);
      }
    }
  });
});
