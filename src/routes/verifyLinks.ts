/**
 * What the verifier's links carry (the search of screenLink(tree, 'miniVerify', {}, search)): the router
 * writes it into the address and the verifier reads the same values back (a text of digits stays text).
 */
import type { BetDetail } from '../../contract/betting';
import type { MiniRound } from '../../contract/minigames';
import type { LinkSearch } from './screens';

/** A mini-game round's check, once its seed is revealed. */
export function verifySearch(round: MiniRound): LinkSearch | undefined {
  if (!round.seed) return undefined;
  return { game: round.game, day: round.day, roundNo: round.roundNo, seed: round.seed, seedHash: round.seedHash };
}

/** A slot spin's or fishing shot's check, once its server seed is revealed (a shot's fish from its outcome; rounds stored before the vendor gave structure name it first in their text). */
export function roundVerifySearch(bet: BetDetail): LinkSearch | undefined {
  const { proof } = bet;
  if (!proof?.serverSeed || (bet.groupKey !== 'slot' && bet.groupKey !== 'fishing')) return undefined;
  const search: LinkSearch = {
    game: bet.groupKey, seed: proof.serverSeed, seedHash: proof.serverSeedHash, clientSeed: proof.clientSeed, nonce: proof.nonce, bet: bet.cash,
  };
  const { outcome } = bet;
  const fish = outcome.kind === 'fishing' ? outcome.shot.fish : outcome.kind === 'text' ? /^([a-z]+) x\d+/.exec(outcome.text)?.[1] : undefined;
  if (bet.groupKey === 'fishing' && fish) search.fish = fish;
  return search;
}
