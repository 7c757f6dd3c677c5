import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { TransfersService } from './transfersService';

export function registerTransfersRoutes(api: ApiRouter, transfers: TransfersService): void {
  api.member(calls.give, (payload, { session }) => transfers.give(session, payload));
  api.member(calls.giveList, (payload, { session }) => transfers.list(session, payload));
}
