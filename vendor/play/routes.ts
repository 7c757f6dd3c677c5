/** The players' side: game pages, their play calls (authenticated by the launch session) and art. */
import type { FastifyInstance } from 'fastify';
import type { Rounds } from '../rounds';
import type { Sessions } from '../sessions';
import type { Wallet } from '../wallet';

export interface PlayDeps {
  sessions: Sessions;
  rounds: Rounds;
  wallet: Wallet;
}

export function registerPlay(_scope: FastifyInstance, _deps: PlayDeps): void {
  // Game pages come with the game modules.
}
