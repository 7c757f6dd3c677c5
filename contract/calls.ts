/**
 * The call map: for every call, its path, the schema its payload must pass and the type of its answer.
 * The server validates with these schemas before any rule runs; the client types its calls with them.
 * Field-level rules with their own result codes (SPEC §5) live in rules.ts; schemas here only bound
 * types and sizes so that hostile input never reaches a service.
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from './constants';
import type {
  Balance, Bank, Captcha, CategoryCode, CommonCode, LoginAnswer, MemberInfoAnswer, SessionToken, SiteCheckInfo, SiteOption,
} from './types';
import {
  type AccountInquiry, type Balances, type CashList, type CashRequest, type Coupon, type GiveRecord, type PageInfo,
  type PointRecord, type WalletLimits, cashDeletePayload, cashListPayload, coinDepositPayload, coinWithdrawPayload,
  couponGiftPayload, couponUsePayload, depositPayload, givePayload, pageOnlyPayload, pointConvertPayload, withdrawPayload,
} from './wallet';

const text = (max = MAX_FIELD_LENGTH) => z.string().max(max);
const optionalText = (max = MAX_FIELD_LENGTH) => text(max).optional().default('');
const empty = z.object({}).transform(() => ({}));

export const loginPayload = z.object({
  memId: text(),
  memPass: text(),
  captchaId: text(64),
  captcha: text(16),
});

/** SPEC §3 signup model. Fields the server decides (level, status, partner type, ip) are accepted and ignored. */
export const signupPayload = z.object({
  memId: text(),
  memPass: text(),
  memPassCheck: text(),
  memPhone: text(),
  memPhoneVendor: optionalText(),
  bank: text(),
  memName: text(),
  memNick: text(),
  bankacc: text(),
  cashOutPass: text(),
  recommenderId: optionalText(),
  nationCode: optionalText(8),
  siteName: optionalText(),
  siteType: optionalText(),
  ip: optionalText(),
  apiKey: optionalText(),
  memLevel: optionalText(8),
  partSendYn: optionalText(1),
  partnerType: optionalText(16),
  memStatus: z.union([z.number(), z.string().max(8)]).optional(),
});

export const memberUpdatePayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password'), memPass: text(), newMemPass: text(), newMemPassCheck: text() }),
  z.object({ kind: z.literal('cashOutPass'), cashOutPass: text(), newCashOutPass: text() }),
]);

export const commonCodePayload = z.object({ masterCode: text(32) });
export const gameCodesPayload = z.object({
  masterCode: text(32),
  groupCode: optionalText(32),
  code: optionalText(32),
});

/** A call: path, payload schema, answer type (phantom), and whether it needs a signed-in member. */
export interface Call<P extends z.ZodType, A> {
  path: string;
  payload: P;
  member: boolean;
  /** Phantom field carrying the answer type; never set at run time. */
  answer?: A;
}

function call<A>() {
  return <P extends z.ZodType>(path: string, payload: P, member = false): Call<P, A> => ({ path, payload, member });
}

export const calls = {
  login: call<LoginAnswer>()('/api/member/login', loginPayload),
  signup: call<{ memId: string; status: 'pending' }>()('/api/member/signup', signupPayload),
  memberInfo: call<MemberInfoAnswer>()('/api/member/info', empty, true),
  getToken: call<SessionToken>()('/api/getToken', empty, true),
  logout: call<null>()('/api/member/logout', empty, true),
  memberUpdate: call<null>()('/api/member/update', memberUpdatePayload, true),
  balance: call<Balance>()('/api/member/balance', empty, true),
  captcha: call<Captcha>()('/api/common/captcha', empty),
  bank: call<{ list: Bank[] }>()('/api/etc/bank', empty),
  siteOption: call<SiteOption>()('/api/etc/siteOption', empty),
  siteCheckInfo: call<SiteCheckInfo>()('/api/common/siteCheckInfo', empty),
  commonCode: call<{ codes: CommonCode[] }>()('/api/common/code', commonCodePayload),
  gameCodes: call<{ codes: CommonCode[] }>()('/api/common/gameCodes', gameCodesPayload),
  gameGroupCodes: call<{ groupCodes: CategoryCode[] }>()('/api/common/gameGroupCodes', commonCodePayload),

  // Wallet (contract/wallet.ts). Money calls carry an idempotency key.
  walletInfo: call<{ limits: WalletLimits; balances: Balances; openDeposit: boolean; openWithdrawal: boolean }>()('/api/cash/getUserCash', empty, true),
  cashIn: call<{ request: CashRequest }>()('/api/cash/in', depositPayload, true),
  cashOut: call<{ request: CashRequest; balances: Balances }>()('/api/cash/out', withdrawPayload, true),
  coinIn: call<{ request: CashRequest }>()('/api/cash/coinIn', coinDepositPayload, true),
  coinOut: call<{ request: CashRequest; balances: Balances }>()('/api/cash/coinOut', coinWithdrawPayload, true),
  cashList: call<CashList>()('/api/cash/list/', cashListPayload, true),
  cashDel: call<{ request: CashRequest; balances: Balances }>()('/api/cash/del', cashDeletePayload, true),
  getAcc: call<{ inquiry: AccountInquiry }>()('/api/cash/getAcc', empty, true),
  accInquiry: call<{ inquiry: AccountInquiry | null }>()('/api/cash/accInquiry', empty, true),
  pointConvert: call<{ balances: Balances }>()('/api/point/convert', pointConvertPayload, true),
  pointList: call<{ list: PointRecord[]; pageInfo: PageInfo }>()('/api/point/list', pageOnlyPayload, true),
  couponList: call<{ list: Coupon[]; pageInfo: PageInfo }>()('/api/coupon/list', pageOnlyPayload, true),
  couponUse: call<{ coupon: Coupon; balances: Balances }>()('/api/coupon/use', couponUsePayload, true),
  couponGift: call<{ coupon: Coupon }>()('/api/coupon/gift', couponGiftPayload, true),
  give: call<{ record: GiveRecord; balances: Balances }>()('/api/member/give', givePayload, true),
  giveList: call<{ list: GiveRecord[]; pageInfo: PageInfo }>()('/api/member/giveList', pageOnlyPayload, true),
} as const;

/** The one GET call (SPEC §7): `GET /api/coin?symbol=USDT&t=<timestamp>`, answered in the envelope. */
export const COIN_PATH = '/api/coin';

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type PayloadOf<N extends CallName> = z.input<Calls[N]['payload']>;
export type AnswerOf<N extends CallName> = NonNullable<Calls[N]['answer']>;
