import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { MemberBoardService } from './memberBoardService';
import type { MainService } from './mainService';
import type { RewardsService } from './rewardsService';

const memberOf = (ctx: { session: { memberId: number; memId: string } }) => ({ memberId: ctx.session.memberId, memId: ctx.session.memId });

export function registerCommunityRoutes(api: ApiRouter, { board, main, rewards }: { board: MemberBoardService; main: MainService; rewards: RewardsService }): void {
  api.member(calls.boardList, (payload, ctx) => board.list(memberOf(ctx), payload));
  api.member(calls.boardDetail, ({ boardIdx }, ctx) => board.detail(memberOf(ctx), boardIdx));
  api.member(calls.boardSave, (payload, ctx) => board.save(memberOf(ctx), payload));
  api.member(calls.boardDelete, ({ boardIdx }, ctx) => board.remove(memberOf(ctx), boardIdx));
  api.member(calls.commentSave, (payload, ctx) => board.comment(memberOf(ctx), payload));
  api.member(calls.commentDelete, ({ cmtIdx }, ctx) => board.removeComment(memberOf(ctx), cmtIdx));

  api.guest(calls.banner, () => main.banners());
  api.guest(calls.popupList, () => main.popups());
  api.guest(calls.mainPopupList, () => main.popups());
  api.guest(calls.mainCashList, () => main.cashList());
  api.guest(calls.mainNotices, () => main.notices());

  api.member(calls.attendanceInfo, (_payload, ctx) => rewards.attendanceInfo(memberOf(ctx)));
  api.member(calls.attendanceCheck, ({ idempotencyKey }, ctx) => rewards.attendanceCheck(memberOf(ctx), idempotencyKey));
  api.member(calls.rotaryInfo, (_payload, ctx) => rewards.rotaryInfo(memberOf(ctx)));
  api.member(calls.rotarySpin, ({ idempotencyKey }, ctx) => rewards.rotarySpin(memberOf(ctx), idempotencyKey));
}
