/** A site-check actor wired to a controllable fake. */
import { createActor, type InspectionEvent } from 'xstate';
import { siteCheckMachine, type SiteCheckAnswer } from '../../machines/siteCheck';
import { fakePromise } from './support';

export const WINDOW = { startDate: '2030-01-01T00:00:00.000Z', endDate: '2030-01-01T04:00:00.000Z' };
export const DURING: SiteCheckAnswer = { ...WINDOW, now: '2030-01-01T01:00:00.000Z' };
export const BEFORE: SiteCheckAnswer = { ...WINDOW, now: '2029-12-31T23:59:59.999Z' };

export function startSiteCheck(inspect?: (event: InspectionEvent) => void) {
  const fetchSiteCheck = fakePromise<SiteCheckAnswer | null>('fetchSiteCheck');
  const warnings: string[] = [];
  const machine = siteCheckMachine.provide({
    actors: { fetchSiteCheck: fetchSiteCheck.logic },
    actions: { navigateWarning: () => { warnings.push('/warning'); } },
  });
  const actor = createActor(machine, { inspect });
  actor.start();
  return { actor, fetchSiteCheck, warnings };
}
