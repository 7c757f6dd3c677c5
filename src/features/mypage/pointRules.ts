import type { PointRecord } from '../../../contract/wallet';

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
