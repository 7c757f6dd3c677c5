/** A reality-check actor wired to controllable fakes and a simulated clock. */
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import type { RealityInterval, RealitySummary } from '../../contract/protection';
import { realityCheckMachine } from '../../machines/realityCheck';
import { fakePromise } from './support';

export const SUMMARY: RealitySummary = { since: '2030-01-01T00:00:00.000Z', minutes: 15, net: -12_000, stakes: 40_000 };

export function startRealityCheck(minutes: RealityInterval, inspect?: (event: InspectionEvent) => void) {
  const fetchSummary = fakePromise<RealitySummary>('fetchSummary');
  const stopPlay = fakePromise<null>('stopPlay');
  const clock = new SimulatedClock();
  const machine = realityCheckMachine.provide({ actors: { fetchSummary: fetchSummary.logic, stopPlay: stopPlay.logic } });
  const actor = createActor(machine, { input: { minutes }, inspect, clock });
  actor.start();
  return { actor, clock, fetchSummary, stopPlay };
}
