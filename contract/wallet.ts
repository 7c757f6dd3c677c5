/**
 * The wallet's part of the contract (deposits, withdrawals, USDT, points, coupons, transfers, history).
 * Won are integers, USDT integer micro-units (1 USDT = 1,000,000), points integers.
 * Every call that moves money carries `idempotencyKey`: a retry with the same key answers the first
 * answer and moves nothing; the same key with a different payload is refused with C999.
 * The payload schemas are in walletPayloads.ts (server only), so this file ships no schema library.
 */
export const USDT_MICRO = 1_000_000;

/** Cash request statuses (SPEC §4): 0 applied, 2 waiting, 1 complete, -1 cancelled (rejected or withdrawn). */
export const CASH_STATUS = { applied: 0, waiting: 2, complete: 1, cancelled: -1 } as const;
export type CashStatus = (typeof CASH_STATUS)[keyof typeof CASH_STATUS];
export type CashStatusName = keyof typeof CASH_STATUS;
/** Each status's name, the one mapping every screen's label ('front.cash.status.<name>') is made from. */
export const CASH_STATUS_NAME: Record<CashStatus, CashStatusName> = { 0: 'applied', 2: 'waiting', 1: 'complete', [-1]: 'cancelled' };
/** The only steps a request may take; the server enforces them in SQL too. */
export const CASH_STATUS_STEPS: ReadonlyArray<readonly [CashStatus, CashStatus]> = [
  [0, 2], [0, -1], [2, 1], [2, -1],
];

export const CASH_TYPES = ['in', 'out', 'coinIn', 'coinOut'] as const;
export type CashType = (typeof CASH_TYPES)[number];

/** TRC-20 (Tron) address: base58, starts with T, 34 characters. */
export const TRC20_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * The one idempotency-key maker (clients make keys, the server only checks their form): 24 characters
 * of base64url over 18 bytes of the cryptographic source, which plain-http pages have too (randomUUID
 * needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_');
}

export interface PageInfo {
  page: number;
  count_per_list: number;
  /** Spelled so (SPEC §3). */
  tatal_list_count: number;
}

export interface CashRequest {
  requestId: number;
  cashType: CashType;
  status: CashStatus;
  /** Won credited (deposits) or taken from held money (withdrawals). */
  amount: number;
  /** Bonus won: expected at request, granted at approval (deposits only). */
  bonusAmount: number;
  bonusYn: 'Y' | 'N';
  /** USDT requests: micro-units and the locked won price per USDT. */
  usdtAmount: number | null;
  priceKrw: number | null;
  address: string | null;
  /** Operator's reason when rejected. */
  memo: string | null;
  /** ISO instants. */
  createdAt: string;
  processedAt: string | null;
}

export interface CashList {
  list: CashRequest[];
  pageInfo: PageInfo;
}

export interface CoinPrice {
  symbol: 'USDT';
  /** Won per 1 USDT. */
  priceKrw: number;
  /** When the operator (the reference server's price source) set it. */
  setAt: string;
  /** The site's USDT (TRC-20) deposit address. */
  depositAddress: string;
}

export interface AccountInquiry {
  inquiryId: number;
  status: 'waiting' | 'answered';
  /** The account to pay into, written by the operator. */
  answer: string | null;
  createdAt: string;
  answeredAt: string | null;
}

export interface WalletLimits {
  depositMin: number;
  depositMax: number;
  depositUnit: number;
  withdrawMin: number;
  withdrawMax: number;
  withdrawUnit: number;
  /** Minutes a member waits after a withdrawal request before the next (C216). */
  rerequestWaitMinutes: number;
  firstDepositBonusRate: number;
  firstDepositBonusCap: number;
  dailyBonusRate: number;
  dailyBonusCap: number;
  pointConversionOn: boolean;
  transfersOn: boolean;
}

export interface PointRecord {
  recordId: number;
  /** ISO instant of accrual or use. */
  accruedAt: string;
  /** 'accrual' | 'convert' | 'grant' | 'recover' | 'coupon' */
  kind: string;
  percent: number;
  bonusPercent: number;
  accruedPoints: number;
  /** 'earned' | 'used' */
  useClass: string;
  appliedPoints: number;
}

export interface Coupon {
  couponId: number;
  name: string;
  kind: 'cash' | 'point';
  amount: number;
  expiresAt: string;
  status: 'available' | 'used' | 'expired' | 'gifted';
  fromMemId: string | null;
  usedAt: string | null;
}

export interface GiveRecord {
  recordId: number;
  /** 'sent' by this member, or 'received' from another (only transfers that went through are received). */
  direction: 'sent' | 'received';
  /** The other member: the receiver of a sent transfer, the sender of a received one. */
  counterpartId: string;
  toMemId: string;
  amount: number;
  /** This member's held money after the transfer. */
  cashAfter: number;
  at: string;
  success: 'Y' | 'N';
  note: string;
  /**
   * What moved the money: a member's transfer, or a partner giving to ('partnerGive') or taking back from
   * ('partnerTake') a member of their line; a take shows as 'sent' by the member, to the partner.
   */
  kind?: TransferKind;
}

export const TRANSFER_KINDS = ['transfer', 'partnerGive', 'partnerTake'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export interface Balances {
  cashAmt: number;
  pointAmt: number;
}
