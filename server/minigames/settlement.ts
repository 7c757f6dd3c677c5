/**
 * Settling a round: one database transaction per round pays every winning bet (and refunds every bet
 * of a voided round) in one ledger transaction keyed by the round, after claiming each bet's own
 * settlement key (mini_settlements, primary key bet id). A round settles from 'drawn' only and a
 * void from 'open' or 'drawn' only, under the round's row lock, so neither runs twice; the per-bet
 * keys make it impossible for any path to pay a bet twice even so.
 */
import { factsOf, findSelection, type MiniBetStatus, type MiniDraw, type MiniGame, payoutOf, winnersOf } from '../../contract/minigames';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import type { EntryInput, MemberBalances } from '../money/ledger';
import { postTransaction } from '../money/ledger';
import {
  claimSettlements, finishRound, lockRound, type RoundRow, setSettlementTransaction, waitingBets, type WaitingBet, writeResults,
} from './queries';

/** The house account on the other side of every stake and payout. */
export const MINI_HOUSE = 'minigame';

export interface SettledRound {
  round: RoundRow;
  /** Members paid, with their balances after (for CASH). */
  paid: { memberId: number; memId: string; balances: MemberBalances }[];
}

function resultOf(game: MiniGame, draw: MiniDraw | null, bet: WaitingBet): { status: MiniBetStatus; win: number } {
  if (draw === null) return { status: 'cancel', win: bet.stake };
  const found = findSelection(game, bet.market, bet.selection);
  // A market that no longer exists cannot be judged: the stake goes back.
  if (!found) return { status: 'cancel', win: bet.stake };
  return found.selection.wins(factsOf(game, draw as never)) ? { status: 'win', win: payoutOf(bet.stake, bet.oddsCents) } : { status: 'lose', win: 0 };
}

/**
 * Settles (`void` false: the round must be drawn) or voids (the round must be open or drawn) one
 * round inside `tx`. Answers null when the round is not in a state that allows it.
 */
export async function settleRound(tx: Tx, clock: Clock, roundId: number, options: { void: boolean }): Promise<SettledRound | null> {
  const round = await lockRound(tx, roundId, 'update');
  if (!round) return null;
  if (options.void ? !['open', 'drawn'].includes(round.status) : round.status !== 'drawn') return null;
  const now = clock.now();
  const game = round.game as MiniGame;
  const draw = options.void ? null : (round.draw as MiniDraw);
  const waiting = await waitingBets(tx, round.id);
  const results = waiting.map((bet) => ({ bet, ...resultOf(game, draw, bet) }));

  const claimed = await claimSettlements(tx, round.id, results.map((r) => ({ betId: r.bet.id, paid: r.win })), now);
  const toPay = results.filter((r) => claimed.has(r.bet.id));

  const perMember = new Map<number, { memId: string; amount: number }>();
  for (const r of toPay) {
    if (r.win === 0) continue;
    const member = perMember.get(r.bet.memberId) ?? { memId: r.bet.memId, amount: 0 };
    member.amount += r.win;
    perMember.set(r.bet.memberId, member);
  }
  const paid: SettledRound['paid'] = [];
  if (perMember.size > 0) {
    const total = [...perMember.values()].reduce((s, m) => s + m.amount, 0);
    const entries: EntryInput[] = [...perMember].map(([memberId, m]) => ({ account: { memberId, currency: 'KRW' }, amount: m.amount }));
    entries.push({ account: { house: MINI_HOUSE, currency: 'KRW' }, amount: -total });
    const posted = await postTransaction(tx, { key: `mini${options.void ? 'Void' : 'Settle'}:${round.id}`, kind: options.void ? 'mini.void' : 'mini.settle', entries });
    await setSettlementTransaction(tx, round.id, posted.transactionId);
    for (const [memberId, m] of perMember) paid.push({ memberId, memId: m.memId, balances: posted.balances[memberId]! });
  }
  const outcome = draw ? { draw, winners: winnersOf(game, draw as never) } : { void: true };
  await writeResults(tx, toPay.map((r) => ({ betId: r.bet.id, status: r.status, win: r.win })), now, outcome, draw ? round.seed : null);
  return { round: await finishRound(tx, round.id, options.void ? 'void' : 'settled', now), paid };
}
