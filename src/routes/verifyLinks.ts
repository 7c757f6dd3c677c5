/** The verifier's addresses (the router reads the query back as the same values: texts are quoted so digits stay text). */
import type { BetDetail } from '../../contract/betting';
import type { MiniRound } from '../../contract/minigames';

export function verifyLink(path: string | undefined, round: MiniRound): string | undefined {
  if (!path || !round.seed) return undefined;
  const query = new URLSearchParams({ game: round.game, day: round.day, roundNo: String(round.roundNo), seed: `"${round.seed}"`, seedHash: `"${round.seedHash}"` });
  return `${path}?${query.toString()}`;
}

/** A slot spin's or fishing shot's check, once its server seed is revealed (a shot's fish from its outcome; rounds stored before the vendor gave structure name it first in their text). */
export function roundVerifyLink(path: string | undefined, bet: BetDetail): string | undefined {
  const { proof } = bet;
  if (!path || !proof?.serverSeed || (bet.groupKey !== 'slot' && bet.groupKey !== 'fishing')) return undefined;
  const query = new URLSearchParams({
    game: bet.groupKey, seed: `"${proof.serverSeed}"`, seedHash: `"${proof.serverSeedHash}"`, clientSeed: `"${proof.clientSeed}"`,
    nonce: String(proof.nonce), bet: String(bet.cash),
  });
  const { outcome } = bet;
  const fish = outcome.kind === 'fishing' ? outcome.shot.fish : outcome.kind === 'text' ? /^([a-z]+) x\d+/.exec(outcome.text)?.[1] : undefined;
  if (bet.groupKey === 'fishing' && fish) query.set('fish', fish);
  return `${path}?${query.toString()}`;
}
