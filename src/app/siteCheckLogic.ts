/**
 * The site-check machine with its real actor: the maintenance window from the server. The answer carries
 * no server clock, so the window is judged by this device's clock.
 */
import { fromPromise } from 'xstate';
import { siteCheckMachine, type SiteCheckAnswer } from '../../machines/siteCheck';
import { callApi } from '../api/client';
import { navigateTo } from './navigation';

export async function fetchSiteCheck(): Promise<SiteCheckAnswer | null> {
  const { siteCheckInfo } = await callApi('siteCheckInfo', {});
  return siteCheckInfo && { ...siteCheckInfo, now: new Date().toISOString() };
}

export const siteCheckLogic = siteCheckMachine.provide({
  actors: { fetchSiteCheck: fromPromise(fetchSiteCheck) },
  actions: { navigateWarning: () => navigateTo('/warning') },
});
