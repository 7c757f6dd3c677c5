/** Site options, maintenance window, banks and common codes as the client reads them. */
import type { Bank, CategoryCode, CommonCode, SiteCheckInfo, SiteOption } from '../../contract/types';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { type CodeFilter, listBanks, listCodes, readSiteSettings } from './queries';

export function createEtcService(db: Db, clock: Clock) {
  return {
    async banks(): Promise<{ list: Bank[] }> {
      return { list: await listBanks(db) };
    },

    async siteOption(): Promise<SiteOption> {
      const settings = await readSiteSettings(db);
      return {
        siteOption: { sns2Link: settings.sns2Link, signupOpen: settings.signupOpen ? 'Y' : 'N', partnerHostPrefix: settings.partnerHostPrefix },
        joinRecommanderId: settings.joinRecommanderId ?? '',
      };
    },

    async siteCheckInfo(): Promise<SiteCheckInfo> {
      const { siteCheckStart, siteCheckEnd } = await readSiteSettings(db);
      return {
        siteCheckInfo: siteCheckStart && siteCheckEnd
          ? { startDate: siteCheckStart.toISOString(), endDate: siteCheckEnd.toISOString() }
          : null,
        now: clock.now().toISOString(),
      };
    },

    async codes(filter: CodeFilter): Promise<{ codes: CommonCode[] }> {
      return { codes: await listCodes(db, filter) };
    },

    /** The groups under a master code, in menu order: code = the group, groupCode = its master code. */
    async groupCodes(masterCode: string): Promise<{ groupCodes: CategoryCode[] }> {
      const codes = await listCodes(db, { masterCode });
      const groups = [...new Set(codes.map((c) => c.groupCode))];
      return { groupCodes: groups.map((group) => ({ code: group, groupCode: masterCode })) };
    },
  };
}

export type EtcService = ReturnType<typeof createEtcService>;
