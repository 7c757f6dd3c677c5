/**
 * What the operator may do with the site's settings, and the only etc module the operator API calls:
 * the maintenance window and the site options. Writes take the operator's transaction, at the app's clock.
 */
import type { Clock } from '../clock';
import type { Executor, Tx } from '../db/client';
import { readSiteSettings, type SiteSettings, writeSiteSettings } from './queries';

export type SiteOptionsChange = Partial<Pick<SiteSettings, 'signupOpen' | 'sns2Link' | 'joinRecommanderId' | 'partnerHostPrefix'>>;

export function createOperatorSite({ clock }: { clock: Clock }) {
  return {
    /** Sets (or with null clears) the maintenance window; answers whether the site is inside it now. */
    async setSiteCheck(tx: Tx, window: { startDate: Date; endDate: Date } | null): Promise<boolean> {
      const now = clock.now();
      await writeSiteSettings(tx, { siteCheckStart: window?.startDate ?? null, siteCheckEnd: window?.endDate ?? null }, now);
      return window !== null && window.startDate.getTime() <= now.getTime() && now.getTime() < window.endDate.getTime();
    },

    /** The site options as they stand (the audit's before and after of a change). */
    async options(executor: Executor): Promise<Required<SiteOptionsChange>> {
      const { signupOpen, sns2Link, joinRecommanderId, partnerHostPrefix } = await readSiteSettings(executor);
      return { signupOpen, sns2Link, joinRecommanderId, partnerHostPrefix };
    },

    async setOptions(tx: Tx, change: SiteOptionsChange): Promise<void> {
      if (Object.keys(change).length > 0) await writeSiteSettings(tx, change, clock.now());
    },
  };
}

export type OperatorSite = ReturnType<typeof createOperatorSite>;
