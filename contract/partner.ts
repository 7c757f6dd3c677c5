/**
 * The partner area's part of the contract (SPEC §1, §2 /partner, §3 partner records and the money
 * give/take record, §4 partner levels and the once-a-day rate change, §5 the rate recheck, §6, §7 the
 * partner money merge). Money in integer won; rates in basis points (1 bp = 0.01 %, 10,000 bp = 100 %).
 * The payload schemas are in partnerPayloads.ts (server only), so this file ships no schema library.
 *
 * The partner line: PTN_1 head office > PTN_2 main office > PTN_3 sub office > PTN_4 distributor >
 * PTN_5 store > members (NORMAL). A partner's lower partners are exactly one level below their parent;
 * a member belongs to the partner who recommended them. Every partner call reaches only the caller's
 * own line; anything outside it answers as if it did not exist.
 */
import type { BetGroup, BetNames, BetType } from './betting';
import type { CashStatus, CashType, PageInfo } from './wallet';
import type { YN } from './types';

/** SPEC §4 partner levels, top first; NORMAL is a member. */
export const PARTNER_LEVELS = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5'] as const;
export type PartnerLevel = (typeof PARTNER_LEVELS)[number];
export type MemberLevelKind = PartnerLevel | 'NORMAL';
/** The level one below `level`, or null for a store (PTN_5 creates no lower partners). */
export function lowerLevelOf(level: PartnerLevel): PartnerLevel | null {
  return PARTNER_LEVELS[PARTNER_LEVELS.indexOf(level) + 1] ?? null;
}

/** The products a rate is set for (SPEC §3 casino, hotel casino, slot, mini game; issue 21 adds the sportsbook's two). */
export const PARTNER_PRODUCTS = ['casino', 'hotelCasino', 'slot', 'miniGame', 'sportsSingle', 'sportsCombo'] as const;
export type PartnerProduct = (typeof PARTNER_PRODUCTS)[number];

/** Rolling: a share of every settled stake. Losing: a share of the member's net loss (stake − win − rolling paid). */
export const RATE_KINDS = ['rolling', 'losing'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** Basis points: 10,000 is 100 %. */
export const RATE_BP_MAX = 10_000;

/** A rate in basis points per product and kind: every product and kind is present. */
export type RateTable = Record<PartnerProduct, Record<RateKind, number>>;

/** One rate as sent in a change: the product, the kind and the new basis points. */
export interface RateEntry {
  product: PartnerProduct;
  kind: RateKind;
  rateBp: number;
}

/**
 * Commission of one bet for one level: rolling = floor(stake × own / 10⁴) − floor(stake × child's / 10⁴),
 * losing the same over the net loss, so a chain's total is exactly the top rate's share.
 */
export function shareOf(base: number, rateBp: number): number {
  return Math.floor((base * rateBp) / RATE_BP_MAX) || 0;
}

/** The partner's own summary (/stributor, my page's stributor_mypage). */
export interface PartnerSummary {
  memId: string;
  memNick: string;
  level: PartnerLevel;
  /** The partner above (null: the top of a line, set by the operator). */
  parentMemId: string | null;
  /** Rates in force now, and changes that take effect at the next Seoul midnight (null: none). */
  rates: RateTable;
  pendingRates: RateTable | null;
  pendingFrom: string | null;
  /** The partner's own cash (KRW held money). */
  cashAmt: number;
  /** Accrued today and this month (Seoul days), not yet settled: rolling and losing, by their sums. */
  today: CommissionTotals;
  month: CommissionTotals;
  /** Settled commission not yet merged into cash (what the partner merge moves); never below zero. */
  commissionBalance: number;
  /** Counts of the line below: lower partners and members (not partners), at any depth. */
  lowerPartnerCount: number;
  memberCount: number;
  /** Whether this partner may create lower partners (/striNew): a store cannot, and the operator may forbid it. */
  canCreateLower: boolean;
}

export interface CommissionTotals {
  rolling: number;
  losing: number;
}

/** One lower partner of the caller's line (partnerList). */
export interface LowerPartner {
  memId: string;
  memNick: string;
  level: PartnerLevel;
  /** The partner directly above (the caller or one of their lower partners). */
  parentMemId: string;
  /** Levels below the caller (1: a direct lower partner). */
  depth: number;
  status: 'pending' | 'active' | 'rejected' | 'suspended';
  /** Members (not partners) directly recommended by this partner, and at any depth below. */
  directMemberCount: number;
  memberCount: number;
  cashAmt: number;
  rates: RateTable;
  pendingRates: RateTable | null;
  /** True when the partner's rates were already changed this Seoul day (the next change is refused, PT003). */
  changedToday: boolean;
  createdAt: string;
}

/** One member of the caller's line (partnerMemberList). */
export interface LineMember {
  memId: string;
  memNick: string;
  /** NORMAL for a member, the level for a partner. */
  level: MemberLevelKind;
  /** Who recommended them (their partner). */
  partnerMemId: string;
  status: 'pending' | 'active' | 'rejected' | 'suspended';
  cashAmt: number;
  pointAmt: number;
  lastLoginAt: string | null;
  createdAt: string;
}

/** A deposit or withdrawal of a line member (cashList). */
export interface LineCashItem {
  requestId: number;
  memId: string;
  memNick: string;
  cashType: CashType;
  status: CashStatus;
  amount: number;
  bonusAmount: number;
  createdAt: string;
  processedAt: string | null;
}

/** A bet of a line member (bettingList), with the commission it earned the caller. */
export interface LineBetItem {
  betId: string;
  memId: string;
  groupKey: BetGroup;
  product: PartnerProduct;
  company: BetNames;
  gameName: BetNames;
  type: BetType;
  cash: number;
  winCash: number;
  resultCash: number;
  date: string;
  settledAt: string | null;
  /** What this bet accrued to the caller (0 while waiting, and for void, 적특 and tied bets). */
  rolling: number;
  losing: number;
}

/** A settlement line (partnerCalculationList): one (partner, Seoul day, product), written once. */
export interface SettlementLine {
  lineId: number;
  /** Seoul day, YYYY-MM-DD. */
  day: string;
  product: PartnerProduct;
  betCount: number;
  stakeTotal: number;
  winTotal: number;
  rolling: number;
  /** The day's losing commission before the carry. */
  losing: number;
  /** Negative losing carried in from earlier days, and the negative rest carried to later ones (both ≤ 0). */
  carriedIn: number;
  carriedOut: number;
  /** What the line pays: rolling + max(0, losing + carriedIn). */
  amount: number;
  /** 'settled', or 'reversed' by the operator (its amount then no longer counts). */
  status: 'settled' | 'reversed';
  settledAt: string;
}

/** Per-member commission of a period (partnerCalculationUserList): what each line member's bets earned the caller. */
export interface MemberCommission {
  memId: string;
  memNick: string;
  partnerMemId: string;
  betCount: number;
  stakeTotal: number;
  winTotal: number;
  rolling: number;
  losing: number;
}

/** SPEC §3 money give/take record (partnerMoneyMoveList), as the partner sees it. */
export interface PartnerMoneyMove {
  recordId: number;
  direction: 'give' | 'take';
  /** The member money went to (give) or came from (take): SPEC's "received id". */
  memId: string;
  amount: number;
  /** The partner's cash after, and the member's balance after (null for a refused move). */
  cashAfter: number;
  balanceAfter: number | null;
  at: string;
  success: YN;
  /** The partner's note, or the refusal's code for a refused move. */
  note: string;
}

export interface PartnerBalances {
  /** The partner's own cash. */
  cashAmt: number;
  /** Settled commission not yet merged. */
  commissionBalance: number;
}

export interface PartnerList<T> {
  list: T[];
  pageInfo: PageInfo;
}
