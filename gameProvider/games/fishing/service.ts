/**
 * KPlay Fishing at work. The sea is shared: waves follow each other on wall-clock slots, each with a
 * seed the page gets from the vendor and draws its fish from (engine.ts). A shot at a fish is one round
 * of the round service, opened (the stake leaves game money) and settled at once: the round's own seed
 * decides the hit. The vendor checks that the fish is in the sea when the shot comes (a page cannot aim
 * at a fish that is not there) and that this player has not caught it already.
 *
 * Shots draw from the player's seed pair (gameProvider/rounds.ts): its hash is in the state before the first
 * shot, and the seed call rotates it (reveals the seed, commits a new one).
 *
 * A shot whose round was opened but not settled (the vendor stopped in between) is refunded by the
 * sweep once it is a minute old: the stake comes back, outcome "refunded".
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { VendorDb } from '../../db/client';
import { vendorRounds } from '../../db/schema';
import { VendorRefusal } from '../../errors';
import type { VendorGame } from '../../../contract/gameProvider';
import type { Rounds, SeedPair } from '../../rounds';
import type { Wallet } from '../../wallet';
import { CANNON_STAKES, decideShot, FISH, FISH_KINDS, fishVisible, RTP_PERCENT, WAVE_MS, waveFish, type Fish } from './engine';
import { TEXTS } from './page/texts';

export const FISHING_GAMES: VendorGame[] = [{
  gameKey: 'fish-kplayfishing-ocean-king',
  brand: 'kplayfishing',
  kind: 'fishing',
  names: { ko: '오션 킹 피싱', en: 'Ocean King Fishing', vi: 'Vua Đại Dương Bắn Cá' },
  image: '/art/fish-kplayfishing-ocean-king.svg',
  enabled: true,
}];

export function findFishingGame(gameKey: string): VendorGame | undefined {
  return FISHING_GAMES.find((game) => game.gameKey === gameKey && game.enabled);
}

/** How far from the vendor's clock a shot may place its fish (the page's clock and the call's trip). */
const SHOT_TOLERANCE_MS = 2_000;
/** A shot round still open after this long was interrupted: the sweep refunds it. */
const STALE_SHOT_MS = 60_000;

export const SHOT_REFUSALS = ['BAD_SHOT', 'NO_FISH', 'INSUFFICIENT_FUNDS'] as const;
export type ShotRefusalCode = (typeof SHOT_REFUSALS)[number];
export class ShotRefusal extends Error {
  override name = 'ShotRefusal';
  constructor(readonly code: ShotRefusalCode, message: string = code) {
    super(message);
  }
}

export interface Angler {
  operator: string;
  player: string;
  gameKey: string;
}

export interface SeaState {
  now: number;
  waveMs: number;
  /** The wave on now and the one before (its last fish may still be crossing). */
  waves: { waveNo: number; seed: string; startsAt: number }[];
  stakes: readonly number[];
  fish: { kind: string; multiplier: number }[];
  rtpPercent: number;
  balance: number;
  /** Fish of these waves the player has caught (they are gone from the player's sea). */
  caught: { waveNo: number; fishId: number }[];
  /** The player's seed pair: the committed hash every shot draws from until rotated. */
  fairness: SeedPair;
}

export interface ShotAnswer {
  hit: boolean;
  win: number;
  multiplier: number;
  balance: number;
  roundId: string;
}

export interface FishingDeps {
  db: VendorDb;
  rounds: Rounds;
  wallet: Wallet;
  now?: () => number;
}

export function waveSeed(gameKey: string, waveNo: number): string {
  return createHash('sha256').update(`${gameKey}:wave:${waveNo}`).digest('hex').slice(0, 24);
}

export function createFishing(deps: FishingDeps) {
  const { db, rounds, wallet } = deps;
  const now = deps.now ?? Date.now;
  /** Per player: the fish caught in recent waves ("waveNo:fishId"). */
  const caught = new Map<string, Set<string>>();
  const waves = new Map<string, Fish[]>();

  function fishOf(gameKey: string, waveNo: number): Fish[] {
    const key = `${gameKey}:${waveNo}`;
    let fish = waves.get(key);
    if (!fish) {
      fish = waveFish(waveSeed(gameKey, waveNo), waveNo);
      waves.set(key, fish);
      if (waves.size > 20) waves.delete(waves.keys().next().value!);
    }
    return fish;
  }

  function gameOf(gameKey: string): VendorGame {
    const game = findFishingGame(gameKey);
    if (!game) throw new VendorRefusal('UNKNOWN_GAME', `no fishing game ${gameKey}`);
    return game;
  }

  function caughtBy(angler: Angler, currentWave: number): Set<string> {
    const key = `${angler.operator}\n${angler.player}\n${angler.gameKey}`;
    let set = caught.get(key);
    if (!set) caught.set(key, (set = new Set()));
    for (const entry of set) if (Number(entry.split(':')[0]) < currentWave - 1) set.delete(entry);
    return set;
  }

  async function state(angler: Angler): Promise<SeaState> {
    gameOf(angler.gameKey);
    const at = now();
    const current = Math.floor(at / WAVE_MS);
    const { balance } = await wallet.balance(angler.operator, angler.player);
    return {
      now: at,
      waveMs: WAVE_MS,
      waves: [current - 1, current].map((waveNo) => ({ waveNo, seed: waveSeed(angler.gameKey, waveNo), startsAt: waveNo * WAVE_MS })),
      stakes: CANNON_STAKES,
      fish: FISH_KINDS.map((kind) => ({ kind, multiplier: FISH[kind].multiplier })),
      rtpPercent: RTP_PERCENT,
      balance,
      caught: [...caughtBy(angler, current)].map((entry) => {
        const [waveNo, fishId] = entry.split(':').map(Number);
        return { waveNo, fishId };
      }),
      fairness: await rounds.seedPair(angler),
    };
  }

  async function shoot(angler: Angler, shot: { waveNo: unknown; fishId: unknown; stake: unknown }): Promise<ShotAnswer> {
    const game = gameOf(angler.gameKey);
    const { waveNo, fishId, stake } = shot;
    if (!Number.isSafeInteger(waveNo) || !Number.isSafeInteger(fishId) || !CANNON_STAKES.includes(stake as (typeof CANNON_STAKES)[number])) {
      throw new ShotRefusal('BAD_SHOT', 'a shot names a wave, a fish and one of the stakes');
    }
    const at = now();
    const current = Math.floor(at / WAVE_MS);
    const wave = waveNo as number;
    if (wave !== current && wave !== current - 1) throw new ShotRefusal('NO_FISH', 'that wave is not in the sea');
    const target = fishOf(game.gameKey, wave).find((fish) => fish.id === fishId);
    const since = at - wave * WAVE_MS;
    const inSea = target && [-SHOT_TOLERANCE_MS, 0, SHOT_TOLERANCE_MS / 2].some((shift) => fishVisible(target, since + shift));
    const gone = caughtBy(angler, current);
    const tag = `${wave}:${fishId as number}`;
    if (!target || !inSea || gone.has(tag)) throw new ShotRefusal('NO_FISH', 'no such fish in the sea now');
    let opened;
    try {
      opened = await rounds.open({ operator: angler.operator, player: angler.player, gameKey: game.gameKey, bet: stake as number });
    } catch (error) {
      if (error instanceof VendorRefusal && error.code === 'INSUFFICIENT_FUNDS') throw new ShotRefusal('INSUFFICIENT_FUNDS', error.message);
      throw error;
    }
    const decided = decideShot(target.kind, stake as number, (n) => opened.rng.int(n));
    const multiplier = FISH[target.kind].multiplier;
    const settled = await rounds.settle({
      roundId: opened.roundId,
      win: decided.win,
      outcome: `${target.kind} x${multiplier} (wave ${wave}, fish ${target.id}): ${decided.hit ? 'caught' : 'escaped'}`,
      detail: { game: 'fishing', fish: target.kind, names: TEXTS[target.kind], multiplier, waveNo: wave, fishId: target.id, caught: decided.hit },
    });
    if (decided.hit) gone.add(tag);
    return { hit: decided.hit, win: decided.win, multiplier, balance: settled.balanceAfter, roundId: opened.roundId };
  }

  /** Refunds shots left open by an interruption (older than a minute). Answers how many. */
  async function sweep(): Promise<number> {
    const stale = await db.select({ roundId: vendorRounds.roundId, bet: vendorRounds.bet }).from(vendorRounds)
      .where(and(eq(vendorRounds.status, 'open'), inArray(vendorRounds.gameKey, FISHING_GAMES.map((g) => g.gameKey)),
        lt(vendorRounds.startedAt, new Date(now() - STALE_SHOT_MS))));
    for (const round of stale) await rounds.settle({ roundId: round.roundId, win: round.bet, outcome: 'refunded', detail: { game: 'refund', reason: 'interrupted' } });
    return stale.length;
  }

  return { state, shoot, sweep };
}

export type Fishing = ReturnType<typeof createFishing>;
