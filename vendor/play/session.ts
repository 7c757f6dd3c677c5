/** The game pages' calls carry the launch session token: `Authorization: Bearer <token>`. */
import type { FastifyRequest } from 'fastify';
import type { PlayerSession, Sessions } from '../sessions';

/** A refusal of a game page's call (its own code: SESSION for a missing, unknown or ended session). */
export class PlayRefusal extends Error {
  constructor(readonly code: 'SESSION', readonly status: number) {
    super(code);
  }
}

/** The live session of the call, or PlayRefusal SESSION. */
export async function playSession(sessions: Sessions, request: FastifyRequest): Promise<PlayerSession> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  const found = match ? await sessions.resolve(match[1]!) : null;
  if (!found) throw new PlayRefusal('SESSION', 401);
  return found;
}
