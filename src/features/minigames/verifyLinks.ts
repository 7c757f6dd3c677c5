/** The verifier's addresses (the router reads the query back as the same values: texts are quoted so digits stay text). */
import type { FairnessProof } from '../../../contract/betting';
import type { MiniRound } from '../../../contract/minigames';

export function verifyLink(path: string | undefined, round: MiniRound): string | undefined {
  if (!path || !round.seed) return undefined;
  const query = new URLSearchParams({ game: round.game, day: round.day, roundNo: String(round.roundNo), seed: `"${round.seed}"`, seedHash: `"${round.seedHash}"` });
  return `${path}?${query.toString()}`;
}

/** A slot spin's check, once its server seed is revealed. */
export function spinVerifyLink(path: string | undefined, proof: FairnessProof, bet: number): string | undefined {
  if (!path || !proof.serverSeed) return undefined;
  const query = new URLSearchParams({
    game: 'slot', seed: `"${proof.serverSeed}"`, seedHash: `"${proof.serverSeedHash}"`, clientSeed: `"${proof.clientSeed}"`, nonce: String(proof.nonce), bet: String(bet),
  });
  return `${path}?${query.toString()}`;
}
