import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { SupportBoardsService } from './service';

/** The support boards' calls; each board type has its own fixed path (contract/callPaths.ts). */
export function registerSupportBoardRoutes(api: ApiRouter, board: SupportBoardsService): void {
  api.member(calls.noticeList, (payload, { session }) => board.list('nt', session.memberId, payload));
  api.member(calls.noticeDetail, ({ boardIdx }, { session }) => board.detail('nt', session.memberId, boardIdx));
  api.member(calls.faqList, (payload, { session }) => board.list('faq', session.memberId, payload));
  api.member(calls.qnaList, (payload, { session }) => board.list('qna', session.memberId, payload));
  api.member(calls.qnaDetail, ({ boardIdx }, { session }) => board.detail('qna', session.memberId, boardIdx));
  api.member(calls.qnaSave, (payload, { session }) => board.ask(session.memberId, payload));
}
