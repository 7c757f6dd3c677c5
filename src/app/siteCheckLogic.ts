/**
 * The site-check machine with its real actor: the maintenance window from the server, judged by the
 * server's clock (a phone with a wrong clock must not skip or invent maintenance).
 */
import { fromPromise } from 'xstate';
import { siteCheckMachine, type SiteCheckAnswer } from '../../machines/siteCheck';
import { callApi } from '../api/client';
import { navigateTo } from './navigation';

export async function fetchSiteCheck(): Promise<SiteCheckAnswer | null> {
  const { siteCheckInfo, now } = await callApi('siteCheckInfo', {});
  return siteCheckInfo && { ...siteCheckInfo, now };
}

export const siteCheckLogic = siteCheckMachine.provide({
  actors: { fetchSiteCheck: fromPromise(fetchSiteCheck) },
  actions: { navigateWarning: () => navigateTo('/warning') },
});
