/**
 * Payload schemas of the mini-game calls (contract/minigames.ts has their types). Game, market and
 * selection arrive as bounded text: an unknown one is refused by the service with B0201, not R003.
 */
import { z } from 'zod';

const idempotencyKey = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
const name = z.string().max(32);

/** The mini games' kind of betProc ('sport' is the sportsbook's kind, contract/sportsPayloads.ts). */
export const betProcPayload = z.object({
  idempotencyKey,
  game: name.refine((game) => game !== 'sport'),
  roundId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  market: name,
  selection: name,
  /** A JSON number or digits; anything not a safe positive integer is refused by the service. */
  amount: z.union([z.number(), z.string().max(32)]).optional(),
});

export const miniBoardPayload = z.object({ game: name });

export const miniResultPayload = z.object({
  game: name,
  page: z.number().int().min(1).max(100_000).optional().default(1),
});
