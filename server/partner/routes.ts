import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { PartnerService } from './service';

/** The partner area's calls: partner calls only (PT001 for anyone else), each within the caller's line. */
export function registerPartnerRoutes(api: ApiRouter, partners: PartnerService): void {
  api.partner(calls.partnerSummary, (_payload, { partner }) => partners.summary(partner));
  api.partner(calls.partnerList, (payload, { partner }) => partners.partnerList(partner, payload));
  api.partner(calls.partnerMemberList, (payload, { partner }) => partners.memberList(partner, payload));
  api.partner(calls.partnerCashList, (payload, { partner }) => partners.cashList(partner, payload));
  api.partner(calls.partnerBettingList, (payload, { partner }) => partners.bettingList(partner, payload));
  api.partner(calls.partnerRates, (payload, { partner }) => partners.rates(partner, payload));
  api.partner(calls.partnerRateChange, (payload, { partner }) => partners.rateChange(partner, payload));
  api.partner(calls.partnerCalculationList, (payload, { partner }) => partners.calculationList(partner, payload));
  api.partner(calls.partnerCalculationUserList, (payload, { partner }) => partners.calculationUserList(partner, payload));
  api.partner(calls.partnerGive, (payload, { partner }) => partners.give(partner, payload));
  api.partner(calls.partnerTake, (payload, { partner }) => partners.take(partner, payload));
  api.partner(calls.partnerMoneyMoveList, (payload, { partner }) => partners.moneyMoveList(partner, payload));
  api.partner(calls.partnerMerge, (payload, { partner }) => partners.merge(partner, payload));
  api.partner(calls.partnerCreate, (payload, { partner }) => partners.create(partner, payload));
}
