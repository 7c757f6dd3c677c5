import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { ProtectionService } from './service';

export function registerProtectionRoutes(api: ApiRouter, protection: ProtectionService): void {
  api.member(calls.protectionInfo, (_payload, { session }) => protection.info(session.memberId));
  api.member(calls.protectionHistory, (payload, { session }) => protection.history(session.memberId, payload.page));
  api.member(calls.protectionLimit, (payload, { session }) => protection.setLimit(session.memberId, payload));
  api.member(calls.protectionCancel, (payload, { session }) => protection.cancel(session.memberId, payload));
  api.member(calls.protectionReality, (payload, { session }) => protection.setReality(session.memberId, payload.minutes));
  api.member(calls.protectionBreak, (payload, { session }) => protection.startBreak(session, payload.kind, payload.length));
  api.member(calls.realitySummary, (_payload, { session }) => protection.realitySummary(session.sessionId, session.memberId));
}
