import { createActor, type InspectionEvent } from 'xstate';
import { betSlipMachine, type BetSendInput } from '../../machines/betSlip';
import type { MiniBet } from '../../contract/minigames';
import { fakePromise } from './support';

export const BET: MiniBet = {
  betId: 9, game: 'powerball', roundId: 3, roundNo: 145, market: 'pbOddEven', selection: 'odd', stake: 10_000, oddsCents: 195,
  status: 'wait', win: 0, placedAt: '2026-11-23T03:01:00.000Z',
};
export const PLACED = { bet: BET, balances: { cashAmt: 990_000, pointAmt: 0 } };
export const CLOSED = { code: 'B0202', message: '베팅할 수 없는 회차입니다.' };
export const OFFLINE = new TypeError('Failed to fetch');
export const ODD = { market: 'pbOddEven', selection: 'odd', oddsCents: 195 };

export function startBetSlip(inspect?: (event: InspectionEvent) => void) {
  const send = fakePromise<unknown, BetSendInput>('send');
  const accepted: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: { send: send.logic as never },
    actions: { accepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input: { game: 'powerball' }, inspect });
  actor.start();
  return { actor, send, accepted };
}
