import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { EtcService } from './service';

export function registerEtcRoutes(api: ApiRouter, etc: EtcService): void {
  api.guest(calls.bank, () => etc.banks());
  api.guest(calls.siteOption, () => etc.siteOption());
  api.guest(calls.siteCheckInfo, () => etc.siteCheckInfo());
  api.guest(calls.commonCode, ({ masterCode }) => etc.codes({ masterCode }));
  api.guest(calls.gameCodes, (filter) => etc.codes(filter));
  api.guest(calls.gameGroupCodes, ({ masterCode }) => etc.groupCodes(masterCode));
}
