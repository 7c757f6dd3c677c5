/** The site-check machine with its real actor: the maintenance window from the server, judged by the clock now. */
import { fromPromise } from 'xstate';
import { siteCheckMachine } from '../../machines/siteCheck';
import { callApi } from '../api/client';
import { navigateTo } from './navigation';

export async function fetchSiteCheck(): Promise<{ startDate: string; endDate: string; now: string } | null> {
  const { siteCheckInfo } = await callApi('siteCheckInfo', {});
  return siteCheckInfo && { ...siteCheckInfo, now: new Date().toISOString() };
}

export const siteCheckLogic = siteCheckMachine.provide({
  actors: { fetchSiteCheck: fromPromise(fetchSiteCheck) },
  actions: { navigateWarning: () => navigateTo('/warning') },
});
