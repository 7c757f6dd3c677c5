/** The partner area's labels: message ids of the levels, products, rate kinds and states, and how a rate reads. */
import type { MemberLevelKind, PartnerProduct, RateKind } from '../../../contract/partner';
import { ratePercentText, type RateCell } from '../../../machines/partnerDrafts';
import { t } from '../../i18n';

/** SPEC §4: PTN_1 head office … PTN_5 store, NORMAL member. */
export const LEVEL_LABEL: Record<MemberLevelKind, string> = {
  PTN_1: 'front.partner.level.PTN_1',
  PTN_2: 'front.partner.level.PTN_2',
  PTN_3: 'front.partner.level.PTN_3',
  PTN_4: 'front.partner.level.PTN_4',
  PTN_5: 'front.partner.level.PTN_5',
  NORMAL: 'front.partner.level.NORMAL',
};

export const PRODUCT_LABEL: Record<PartnerProduct, string> = {
  casino: 'front.partner.product.casino',
  hotelCasino: 'front.partner.product.hotelCasino',
  slot: 'front.partner.product.slot',
  miniGame: 'front.partner.product.miniGame',
  sportsSingle: 'front.partner.product.sportsSingle',
  sportsCombo: 'front.partner.product.sportsCombo',
};

export const KIND_LABEL: Record<RateKind, string> = {
  rolling: 'front.partner.kind.rolling',
  losing: 'front.partner.kind.losing',
};

export const MEMBER_STATUS_LABEL = {
  pending: 'front.partner.status.pending',
  active: 'front.partner.status.active',
  rejected: 'front.partner.status.rejected',
  suspended: 'front.partner.status.suspended',
} as const;

/** A rate in basis points as the area shows it: 125 → "1.25%". */
export function rateText(bp: number): string {
  return `${ratePercentText(bp)}%`;
}

/** A rate cell's name in the active language: "카지노 롤링". */
export function cellName({ product, kind }: RateCell): string {
  return `${t(PRODUCT_LABEL[product])} ${t(KIND_LABEL[kind])}`;
}
