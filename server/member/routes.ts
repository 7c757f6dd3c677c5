import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { MemberService } from './service';

export function registerMemberRoutes(api: ApiRouter, member: MemberService): void {
  api.guest(calls.signup, (payload) => member.signup(payload));
  api.guest(calls.login, (payload, ctx) => member.login(payload, ctx));
  api.member(calls.memberInfo, (_payload, { session }) => member.info(session));
  api.member(calls.getToken, (_payload, { session }) => member.refreshToken(session));
  api.member(calls.logout, (_payload, { session }) => member.logout(session));
  api.member(calls.memberUpdate, (change, { session }) => member.update(session, change));
}
