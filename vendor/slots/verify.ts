/**
 * A spin checked from its proof: the same pure code the vendor spins with (vendor/fair.ts and the
 * engine), so the site's verifier recomputes a spin in the member's browser exactly as it was played.
 */
import { createRng, hashServerSeed } from '../fair';
import { LINES, spin, type SpinResult } from './engine';

export interface SpinProof {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The spin's total bet in won (20 line bets). */
  bet: number;
}

export interface SpinCheck {
  /** sha256(serverSeed) equals the hash committed before the spin. */
  hashMatches: boolean;
  result: SpinResult;
  /** The win in won. */
  win: number;
}

export function verifySpin(proof: SpinProof): SpinCheck {
  const result = spin(createRng(proof.serverSeed, proof.clientSeed, proof.nonce));
  return { hashMatches: hashServerSeed(proof.serverSeed) === proof.serverSeedHash, result, win: (result.totalPay * proof.bet) / LINES };
}
