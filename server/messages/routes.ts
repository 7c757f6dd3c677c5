import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { MessagesService } from './service';

export function registerMessageRoutes(api: ApiRouter, messages: MessagesService): void {
  api.member(calls.msgList, ({ page }, { session }) => messages.list(session.memberId, page));
  api.member(calls.msgRead, ({ msgIdx }, { session }) => messages.read(session.memberId, session.memId, msgIdx));
  api.member(calls.msgUpdate, ({ msgIdxs }, { session }) => messages.remove(session.memberId, msgIdxs));
}
