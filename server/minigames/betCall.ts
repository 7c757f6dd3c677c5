/**
 * A mini-game bet in one statement through the money door (money/door.ts `callInDatabase`): the database
 * function mini_bet (migration 0015_mini_bet.sql) claims the key, locks the member, checks the rules in
 * service.ts's order, posts the stake, writes the bet, its `bets` history row and the key's answer.
 *
 * The odds stay the server's (contract/miniOdds.ts): the call carries the selection's odds and the
 * market's margin they were computed from, and the function refuses with HB002 when the game's settings
 * now give the market another margin, so a bet is never taken at odds the settings no longer give.
 */
import type { Balances } from '../../contract/wallet';
import type { MiniBet } from '../../contract/minigames';
import type { Called, DatabaseCall, KeyedPayload, MoneyDoor } from '../money/door';

export interface BetCall {
  memberId: number;
  /** What the member sent: its key, and the rest is what "the same bet" means. */
  payload: KeyedPayload;
  game: string;
  roundId: number;
  market: string;
  selection: string;
  amount: number;
  oddsCents: number;
  /** The market's margin the odds were computed from. */
  marginBp: number;
  /** The betting history's names: {ko, en, vi} of the company and of the game, and the game's label. */
  company: object;
  gameName: object;
  labelId: string;
}

export type BetAnswer = { bet: MiniBet; balances: Balances };

const MINI_BET: DatabaseCall = {
  call: 'betProc',
  name: 'mini_bet',
  text: `select mini_bet($1::bigint, $2::text, $3::text, $5::text, $6::bigint, $7::text, $8::text, $9::bigint, $10::int, $11::int,
    $4::timestamptz, $12::jsonb, $13::jsonb, $14::text) as result`,
};

const STALE_ODDS = 'HB002';

/** Whether mini_bet refused the call because the odds sent were computed from another margin. */
export const isStaleOdds = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === STALE_ODDS;

export function placeBet(money: MoneyDoor, call: BetCall): Promise<Called<BetAnswer>> {
  return money.callInDatabase(MINI_BET, { memberId: call.memberId, payload: call.payload }, [
    call.game, call.roundId, call.market, call.selection, call.amount, call.oddsCents,
    call.marginBp, JSON.stringify(call.company), JSON.stringify(call.gameName), call.labelId,
  ]);
}
