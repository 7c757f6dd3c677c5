/**
 * KPlay Fishing, pure: the fish (multiplier and hit chance), the server's decision of a shot, and the
 * waves: which fish swim when and on which path, computed from a wave seed the same way by the server
 * (to check a shot's target) and by the page (to draw it). Runs in node and in the browser.
 *
 * Every fish returns the same share of the stake on average: a shot at a fish of multiplier m hits
 * with probability RTP / m (drawn as an integer from 0 to 100·m − 1 below RTP_PERCENT) and a hit pays
 * stake × m, so each shot's expected return is exactly RTP_PERCENT %, whatever fish is aimed at.
 */

/** A uniform integer in [0, n), from the shot's provably fair stream (gameProvider/fair.ts). */
export type Draw = (n: number) => number;

export const RTP_PERCENT = 95;

export const FISH_KINDS = [
  'clownfish', 'tang', 'pufferfish', 'lionfish', 'turtle', 'octopus', 'swordfish', 'shark', 'whale', 'dragon',
] as const;
export type FishKind = (typeof FISH_KINDS)[number];

export interface FishSpec {
  multiplier: number;
  /** Body length in world units (the world is WORLD.width × WORLD.height). */
  size: number;
  /** Seconds to cross the screen. */
  crossSeconds: [number, number];
  /** Relative number of this fish in a wave. */
  weight: number;
}

export const FISH: Record<FishKind, FishSpec> = {
  clownfish: { multiplier: 2, size: 60, crossSeconds: [9, 13], weight: 30 },
  tang: { multiplier: 3, size: 70, crossSeconds: [9, 13], weight: 24 },
  pufferfish: { multiplier: 5, size: 80, crossSeconds: [10, 14], weight: 16 },
  lionfish: { multiplier: 8, size: 95, crossSeconds: [11, 15], weight: 11 },
  turtle: { multiplier: 10, size: 120, crossSeconds: [13, 17], weight: 8 },
  octopus: { multiplier: 15, size: 125, crossSeconds: [13, 17], weight: 5 },
  swordfish: { multiplier: 20, size: 170, crossSeconds: [8, 11], weight: 3 },
  shark: { multiplier: 40, size: 230, crossSeconds: [14, 18], weight: 2 },
  whale: { multiplier: 100, size: 330, crossSeconds: [18, 22], weight: 1 },
  dragon: { multiplier: 200, size: 360, crossSeconds: [20, 24], weight: 0 },
};

/** The shot's stake choices (cannon levels), in won. */
export const CANNON_STAKES = [100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

/** The numbers behind a fish's hit chance: hit when a draw from 0..outOf−1 is below `below`. */
export function hitOdds(kind: FishKind): { below: number; outOf: number } {
  return { below: RTP_PERCENT, outOf: 100 * FISH[kind].multiplier };
}

/** The server's decision of one shot: whether it hits, and what it returns (stake included; 0 on a miss). */
export function decideShot(kind: FishKind, stake: number, draw: Draw): { hit: boolean; win: number } {
  const { below, outOf } = hitOdds(kind);
  const hit = draw(outOf) < below;
  return { hit, win: hit ? stake * FISH[kind].multiplier : 0 };
}

export const WORLD = { width: 1600, height: 900 } as const;
/** Waves follow each other on wall-clock slots of this length. */
export const WAVE_MS = 45_000;
const FISH_PER_WAVE = 34;

export interface Fish {
  /** Unique within its wave. */
  id: number;
  kind: FishKind;
  /** Milliseconds after the wave's start when it enters. */
  enterMs: number;
  durationMs: number;
  /** Enters from the left (1) or the right (−1). */
  direction: 1 | -1;
  y0: number;
  y1: number;
  /** Vertical wave of the path: amplitude (world units), cycles over the crossing, phase. */
  amplitude: number;
  cycles: number;
  phase: number;
}

/** A small seeded generator (mulberry32) for the waves' look: not money, so no need for HMAC here. */
function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedNumber(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The fish of a wave. The wave's boss (a dragon) swims in the middle of every third wave. */
export function waveFish(seed: string, waveNo: number): Fish[] {
  const random = mulberry(seedNumber(`${seed}:${waveNo}`));
  const kinds = FISH_KINDS.filter((kind) => FISH[kind].weight > 0);
  const totalWeight = kinds.reduce((sum, kind) => sum + FISH[kind].weight, 0);
  const pick = (): FishKind => {
    let r = random() * totalWeight;
    for (const kind of kinds) {
      r -= FISH[kind].weight;
      if (r < 0) return kind;
    }
    return kinds[0];
  };
  const fish: Fish[] = [];
  const add = (kind: FishKind, enterMs: number) => {
    const [slow, fast] = FISH[kind].crossSeconds;
    const margin = FISH[kind].size;
    fish.push({
      id: fish.length + 1,
      kind,
      enterMs: Math.round(enterMs),
      durationMs: Math.round((slow + random() * (fast - slow)) * 1000),
      direction: random() < 0.5 ? 1 : -1,
      y0: margin + random() * (WORLD.height - 2 * margin),
      y1: margin + random() * (WORLD.height - 2 * margin),
      amplitude: 20 + random() * 60,
      cycles: 0.5 + random() * 1.5,
      phase: random() * Math.PI * 2,
    });
  };
  for (let i = 0; i < FISH_PER_WAVE; i += 1) add(pick(), (i / FISH_PER_WAVE) * (WAVE_MS - 8_000) + random() * 1_500);
  if (waveNo % 3 === 0) add('dragon', WAVE_MS / 4);
  return fish;
}

/** Where a fish is `atMs` after its wave's start (world units, heading in radians), or null off the path. */
export function fishPosition(fish: Fish, atMs: number): { x: number; y: number; heading: number } | null {
  const t = (atMs - fish.enterMs) / fish.durationMs;
  if (t < 0 || t > 1) return null;
  const margin = FISH[fish.kind].size;
  const span = WORLD.width + 2 * margin;
  const x = fish.direction === 1 ? -margin + t * span : WORLD.width + margin - t * span;
  const wave = Math.sin(fish.phase + t * fish.cycles * Math.PI * 2);
  const y = fish.y0 + (fish.y1 - fish.y0) * t + fish.amplitude * wave;
  const dy = (fish.y1 - fish.y0) + fish.amplitude * Math.cos(fish.phase + t * fish.cycles * Math.PI * 2) * fish.cycles * Math.PI * 2;
  return { x, y, heading: Math.atan2(dy, fish.direction * span) };
}

/** Whether the fish is on the screen (at least partly) at that moment. */
export function fishVisible(fish: Fish, atMs: number): boolean {
  const at = fishPosition(fish, atMs);
  if (!at) return false;
  const half = FISH[fish.kind].size / 2;
  return at.x > -half && at.x < WORLD.width + half;
}
