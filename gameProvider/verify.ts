/**
 * A round checked from its proof (a slot spin, a fishing shot): the same pure code the provider plays with
 * (gameProvider/fair.ts and the engines), so the site's verifier recomputes a round in the member's browser
 * exactly as it was played.
 *
 * The one published entry of gameProvider/ for the site's browser code: src/ imports this file and nothing
 * else of gameProvider/ (tests/unit/gameProviderBoundary.test.ts checks it), so the engines can change shape freely
 * behind what is exported here. It and what it imports must stay pure (no node:, no database).
 */
import { createRng, hashServerSeed } from './fair';
import { decideShot, type FishKind } from './games/fishing/engine';
import { LINES, spin, type SpinResult } from './slots/engine';

/** What the verifier shows besides the checks: the fish to choose from with their multipliers, the reel window. */
export { FISH, FISH_KINDS, type FishKind } from './games/fishing/engine';
export { ROWS, SYMBOL_CODES } from './slots/engine';

export interface RoundProof {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The round's stake in won (a spin's total bet of 20 line bets; a shot's cannon stake). */
  bet: number;
}

export interface SpinCheck {
  /** sha256(serverSeed) equals the hash committed before the spin. */
  hashMatches: boolean;
  result: SpinResult;
  /** The win in won. */
  win: number;
}

export function verifySpin(proof: RoundProof): SpinCheck {
  const result = spin(createRng(proof.serverSeed, proof.clientSeed, proof.nonce));
  return { hashMatches: hashServerSeed(proof.serverSeed) === proof.serverSeedHash, result, win: (result.totalPay * proof.bet) / LINES };
}

export interface ShotCheck {
  hashMatches: boolean;
  hit: boolean;
  /** The win in won (stake × the fish's multiplier on a hit, else 0). */
  win: number;
}

/** A fishing shot at a fish of this kind. */
export function verifyShot(proof: RoundProof, fish: FishKind): ShotCheck {
  const rng = createRng(proof.serverSeed, proof.clientSeed, proof.nonce);
  const { hit, win } = decideShot(fish, proof.bet, (n) => rng.int(n));
  return { hashMatches: hashServerSeed(proof.serverSeed) === proof.serverSeedHash, hit, win };
}
