import { pointConvertMinimum, type Locale } from '../../../contract/constants';
import type { PointRecord } from '../../../contract/wallet';
import type { AlertContent } from '../../ui/alerts';
import { formatNumber } from '../../i18n/format';

/** The member's mistake in a conversion (the server checks again: P001, P004, P002). */
export function checkPointConversion(amount: number | null, heldPoints: number, locale: Locale): AlertContent | null {
  if (amount === null) return { messageId: 'api.P001' };
  if (amount < pointConvertMinimum(locale)) return { messageId: 'front.mypage.pointMinimum', values: { min: formatNumber(pointConvertMinimum(locale)) } };
  if (amount > heldPoints) return { messageId: 'api.P002' };
  return null;
}

/** Point record kinds and use classes (contract/wallet PointRecord), written out for the catalog check. */
const KIND_LABEL: Record<string, string> = {
  accrual: 'front.mypage.pointKind.accrual',
  convert: 'front.mypage.pointKind.convert',
  grant: 'front.mypage.pointKind.grant',
  recover: 'front.mypage.pointKind.recover',
  coupon: 'front.mypage.pointKind.coupon',
};
const USE_CLASS_LABEL: Record<string, string> = {
  earned: 'front.mypage.pointUse.earned',
  used: 'front.mypage.pointUse.used',
};

export function pointKindLabel(record: Pick<PointRecord, 'kind'>): string {
  return KIND_LABEL[record.kind] ?? 'front.mypage.pointKind.other';
}

export function pointUseLabel(record: Pick<PointRecord, 'useClass'>): string {
  return USE_CLASS_LABEL[record.useClass] ?? 'front.mypage.pointKind.other';
}
