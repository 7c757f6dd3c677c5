/** Merge and game-window actors wired to controllable fakes. */
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import type { GameLaunchAnswer } from '../../contract/games';
import { gameWindowMachine, type LaunchRequest, type WindowCheck } from '../../machines/gameWindow';
import { mergeMachine, type MergeInput } from '../../machines/merge';
import { SEND_TAIL } from '../../machines/sendTail';
import { fakeTail, fakeTailOutput, tailOf } from './sendTail.fixtures';
import { fakePromise } from './support';

export const SLOT: LaunchRequest = { vendorKey: 'pragslot', gameType: 'slot', gameKey: 'sweet-fortune', vendor: 'pragslot' };

/** The merge with the real tail and a fake merge call (`mergeGameMoney`, the tail's `send`). */
export function startMerge(input: MergeInput = { variant: 'header' }, inspect?: (event: InspectionEvent) => void) {
  const { send: mergeGameMoney, logic } = fakeTail();
  const clock = new SimulatedClock();
  const effects: string[] = [];
  const machine = mergeMachine.provide({
    actors: { [SEND_TAIL]: logic },
    actions: { announceMerged: () => { effects.push('announceMerged'); } },
  });
  const actor = createActor(machine, { input, inspect, clock });
  actor.start();
  return { actor, clock, mergeGameMoney, effects, tail: () => tailOf(actor) };
}

/** The merge with its tail stood in by a promise of the tail's output (for its model test). */
export function startMergeOverTail(input: MergeInput, inspect?: (event: InspectionEvent) => void) {
  const tail = fakeTailOutput();
  const clock = new SimulatedClock();
  const actor = createActor(mergeMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never } }), { input, inspect, clock });
  actor.start();
  return { actor, clock, tail };
}

export function startGameWindow(inspect?: (event: InspectionEvent) => void) {
  const launchGame = fakePromise<GameLaunchAnswer, LaunchRequest>('launchGame');
  const checkWindow = fakePromise<WindowCheck>('checkWindow');
  const refreshBalance = fakePromise<{ gameMoney: number }>('refreshBalance');
  /** The merge modal stands in as a promise of its output (its own tests are in merge.*.test.ts). */
  const merge = fakePromise<{ merged: boolean }>('merge');
  const clock = new SimulatedClock();
  const effects: string[] = [];
  const machine = gameWindowMachine.provide({
    actors: { launchGame: launchGame.logic, checkWindow: checkWindow.logic, refreshBalance: refreshBalance.logic, merge: merge.logic as never },
    actions: {
      navigateWindow: (_, params) => { effects.push(`navigate ${params.url}`); },
      closeWindow: () => { effects.push('close'); },
    },
  });
  const actor = createActor(machine, { inspect, clock });
  actor.start();
  return { actor, clock, launchGame, checkWindow, refreshBalance, merge, effects };
}
