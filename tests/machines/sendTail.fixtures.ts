/** The confirmed-send tail and its plain owner wired to controllable fakes, plus the data their tests share. */
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { sendOnceMachine, type SendOnceInput } from '../../machines/sendOnce';
import { SEND_TAIL, sendTailMachine, type SendInput, type SendTailActor, type SendTailInput, type SendTailOutput } from '../../machines/sendTail';
import { fakePromise } from './support';

export const ACCEPTED = { request: { requestId: 7 } };
export const REFUSED = { code: 'C102', message: '최소 신청 금액 미만입니다.', data: { least: 10_000 } };
export const OFFLINE = new TypeError('Failed to fetch');

/** A test request: an amount that must be there (the check answers 'api.C002' otherwise). */
export interface TestRequest {
  amount: number | null;
}
export const checkTestRequest = (request: unknown) => ((request as TestRequest).amount === null ? 'api.C002' : null);

/** The tail an owner runs now, or undefined. */
export function tailOf(owner: AnyActorRef): SendTailActor | undefined {
  return owner.getSnapshot().children[SEND_TAIL] as SendTailActor | undefined;
}

/** The real tail with a fake `send` (the call). */
export function fakeTail() {
  const send = fakePromise<unknown, SendInput>('send');
  return { send, logic: sendTailMachine.provide({ actors: { send: send.logic } }) };
}

/** An owner's tail stood in by a promise of its output (the tail's own tests are sendTail*.test.ts): for the owners' model tests. */
export function fakeTailOutput() {
  return fakePromise<SendTailOutput, SendTailInput>('tail');
}

export const outputOf = (outcome: SendTailOutput['outcome'], answer: unknown = null): SendTailOutput => ({
  outcome,
  answer,
  code: outcome === 'refused' ? 'C102' : null,
  kept: outcome === 'unanswered' ? { request: '{"amount":50000}', key: 'kept-key-0000000000000000' } : null,
  data: null,
});

export function startTail(input: SendTailInput, inspect?: (event: InspectionEvent) => void) {
  const { send, logic } = fakeTail();
  const actor = createActor(logic, { input, inspect });
  actor.start();
  return { actor, send };
}

/** The plain owner with the real tail and a fake call. */
export function startSendOnce(input: SendOnceInput = { check: checkTestRequest }, inspect?: (event: InspectionEvent) => void) {
  const { send, logic } = fakeTail();
  const accepted: unknown[] = [];
  const machine = sendOnceMachine.provide({
    actors: { [SEND_TAIL]: logic },
    actions: { accepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  return { actor, send, accepted, tail: () => tailOf(actor) };
}

/** The plain owner with its tail as a promise of the tail's output (for its model test). */
export function startSendOnceOverTail(input: SendOnceInput = { check: checkTestRequest }, inspect?: (event: InspectionEvent) => void) {
  const tail = fakeTailOutput();
  const machine = sendOnceMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never } });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  return { actor, tail };
}
