import { createActor, type InspectionEvent } from 'xstate';
import { betSlipMachine, type BetSlipInput } from '../../machines/betSlip';
import { SEND_TAIL } from '../../machines/sendTail';
import type { MiniBet } from '../../contract/minigames';
import { fakeTail, fakeTailOutput, tailOf } from './sendTail.fixtures';

export const BET: MiniBet = {
  betId: 9, game: 'powerball', roundId: 3, roundNo: 145, market: 'pbOddEven', selection: 'odd', stake: 10_000, oddsCents: 195,
  status: 'wait', win: 0, placedAt: '2026-11-23T03:01:00.000Z',
};
export const PLACED = { bet: BET, balances: { cashAmt: 990_000, pointAmt: 0 } };
export const CLOSED = { code: 'B0202', message: '베팅할 수 없는 회차입니다.' };
export const OFFLINE = new TypeError('Failed to fetch');
export const ODD = { market: 'pbOddEven', selection: 'odd', oddsCents: 195 };
export const EVEN = { market: 'pbOddEven', selection: 'even', oddsCents: 195 };
export const UNDER = { market: 'pbUnderOver', selection: 'under', oddsCents: 193 };

/** The slip with the real tail and a fake betProc call. */
export function startBetSlip(input: BetSlipInput = { game: 'powerball' }, inspect?: (event: InspectionEvent) => void) {
  const { send, logic } = fakeTail();
  const accepted: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: { [SEND_TAIL]: logic },
    actions: { accepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  return { actor, send, accepted, tail: () => tailOf(actor) };
}

/** The slip with its tail stood in by a promise of the tail's output (for its model test). */
export function startBetSlipOverTail(inspect?: (event: InspectionEvent) => void) {
  const tail = fakeTailOutput();
  const actor = createActor(betSlipMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never } }), { input: { game: 'powerball' }, inspect });
  actor.start();
  return { actor, tail };
}
