/**
 * Settling a mini-game round, through the settlement every product shares (betting/settlement.ts): one
 * database transaction per round judges every waiting bet (and refunds every bet of a voided round),
 * claims each bet's own settlement key (mini_settlements, primary key bet id), then pays the winners in
 * one ledger posting keyed by the round and writes their history rows. A round settles from 'drawn'
 * only and a void from 'open' or 'drawn' only, under the round's row lock, so neither runs twice; the
 * per-bet keys make it impossible for any path to pay a bet twice even so.
 */
import { factsOf, findSelection, type MiniBetStatus, type MiniDraw, type MiniGame, payoutOf, winnersOf } from '../../contract/minigames';
import { type PaidMember, settleWaitingBets } from '../betting/settlement';
import type { Movement } from '../money/door';
import {
  claimSettlements, finishRound, lockRound, type RoundRow, setSettlementTransaction, waitingBets, type WaitingBet, writeResults,
} from './queries';

/** The house account on the other side of every stake and payout. */
export const MINI_HOUSE = 'minigame';

export interface SettledRound {
  round: RoundRow;
  /** Members paid, with their balances after (for CASH). */
  paid: PaidMember[];
}

function resultOf(game: MiniGame, draw: MiniDraw | null, bet: WaitingBet): { status: Exclude<MiniBetStatus, 'wait'>; win: number } {
  if (draw === null) return { status: 'cancel', win: bet.stake };
  const found = findSelection(game, bet.market, bet.selection);
  // A market that no longer exists cannot be judged: the stake goes back.
  if (!found) return { status: 'cancel', win: bet.stake };
  return found.selection.wins(factsOf(game, draw as never)) ? { status: 'win', win: payoutOf(bet.stake, bet.oddsCents) } : { status: 'lose', win: 0 };
}

/**
 * Settles (`void` false: the round must be drawn) or voids (the round must be open or drawn) one
 * round inside the movement's transaction. Answers null when the round is not in a state that allows it.
 */
export async function settleRound(move: Movement, roundId: number, options: { void: boolean }): Promise<SettledRound | null> {
  const { tx, now } = move;
  const round = await lockRound(tx, roundId, 'update');
  if (!round) return null;
  if (options.void ? !['open', 'drawn'].includes(round.status) : round.status !== 'drawn') return null;
  const game = round.game as MiniGame;
  const draw = options.void ? null : (round.draw as MiniDraw);
  const waiting = await waitingBets(tx, round.id);
  const results = waiting.map((bet) => ({ bet, ...resultOf(game, draw, bet) }));

  const claimed = await claimSettlements(tx, round.id, results.map((r) => ({ betId: r.bet.id, paid: r.win })), now);
  const toPay = results.filter((r) => claimed.has(r.bet.id));

  const { transactionId, paid } = await settleWaitingBets(move, {
    key: `mini${options.void ? 'Void' : 'Settle'}:${round.id}`,
    kind: options.void ? 'mini.void' : 'mini.settle',
    house: MINI_HOUSE,
    bets: toPay.map((r) => ({ sourceRef: `mini:${r.bet.id}`, memberId: r.bet.memberId, memId: r.bet.memId, type: r.status, win: r.win })),
    outcome: draw ? { draw, winners: winnersOf(game, draw as never) } : { void: true },
    revealedSeed: draw ? round.seed : null,
  });
  if (transactionId !== null) await setSettlementTransaction(tx, round.id, transactionId);
  await writeResults(tx, toPay.map((r) => ({ betId: r.bet.id, status: r.status, win: r.win })), now);
  return { round: await finishRound(tx, round.id, options.void ? 'void' : 'settled', now), paid };
}
