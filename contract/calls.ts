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
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type PayloadOf<N extends CallName> = z.input<Calls[N]['payload']>;
export type AnswerOf<N extends CallName> = NonNullable<Calls[N]['answer']>;
