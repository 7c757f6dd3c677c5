import { calls } from '../../contract/calls';
import type { ApiRouter } from '../http/api';
import type { CouponsService } from './couponsService';

export function registerCouponsRoutes(api: ApiRouter, coupons: CouponsService): void {
  api.member(calls.couponList, (payload, { session }) => coupons.list(session, payload));
  api.member(calls.couponUse, (payload, { session }) => coupons.use(session, payload));
  api.member(calls.couponGift, (payload, { session }) => coupons.gift(session, payload));
}
