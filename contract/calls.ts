/**
 * The call map of the server: for every call, its path, member flag and answer type (contract/callPaths.ts,
 * all the client imports at run time) and the schema its payload must pass. The server validates with
 * these schemas before any rule runs; the client only takes PayloadOf types from here.
 * Field-level rules with their own result codes (SPEC §5) live in rules.ts; schemas here only bound
 * types and sizes so that hostile input never reaches a service.
 */
import { z } from 'zod';
import { betProcPayload, miniBoardPayload, miniResultPayload } from './miniPayloads';
import { sportBetPayload, sportFixturePayload, sportListPayload, sportResultsPayload } from './sportsPayloads';
import { type AnswerOf, type CallName, type CallPath, callPaths } from './callPaths';
import { BET_GROUPS, OLD_YN } from './betting';
import {
  cashDeletePayload, cashListPayload, coinDepositPayload, coinWithdrawPayload,
  couponGiftPayload, couponUsePayload, dateText, depositPayload, givePayload, page, pageOnlyPayload, pointConvertPayload, text, withdrawPayload,
} from './walletPayloads';
import { msgListPayload, msgReadPayload, msgUpdatePayload, qnaSavePayload, supportDetailPayload, supportListPayload } from './supportPayloads';
import {
  boardDeletePayload, boardDetailPayload, boardListPayload, boardSavePayload, commentDeletePayload, commentSavePayload, dailyRewardPayload,
} from './communityPayloads';
import {
  partnerBetListPayload, partnerCalculationPayload, partnerCalculationUserPayload, partnerCashListPayload, partnerCreatePayload, partnerLinePayload,
  partnerMemberListPayload, partnerMergePayload, partnerMoneyMoveListPayload, partnerMoneyPayload, partnerRateChangePayload, partnerRatesPayload,
} from './partnerPayloads';
import {
  protectionBreakPayload, protectionCancelPayload, protectionHistoryPayload, protectionLimitPayload, protectionRealityPayload,
} from './protectionPayloads';

const optionalText = (max?: number) => text(max).optional().default('');
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

/** SPEC §3 bet list request ('' for every group or vendor; oldYn in contract/betting.ts). */
export const betListPayload = z.object({
  groupKey: z.enum(['', ...BET_GROUPS]).optional().default(''),
  vendorCode: optionalText(32),
  startDate: dateText,
  endDate: dateText,
  page,
  oldYn: z.enum(OLD_YN).optional().default('N'),
});
/** One bet by its id (digits, as the list answers it). */
export const betDetailPayload = z.object({ betId: z.string().max(20).regex(/^[1-9][0-9]*$/) });
export const winLosePayload = z.object({ startDate: dateText, endDate: dateText });
/** A vendor's key (its route name, e.g. pragslot) or a game's key: short, plain ids. */
const gameId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.-]+$/);
export const gameListPayload = z.object({ vendorKey: gameId });
/** SPEC §7 /api/minigame/slots/{prodId}/{type}: prodId is the vendor's game code (e.g. 200), type the game type (slot). */
export const slotGamesPayload = z.object({ prodId: z.string().max(16).regex(/^\d{1,6}$/), type: gameId });
/** SPEC §3 game launch. gameType is the item's category (slot, live, fishing). */
export const getGamePayload = z.object({ vendorKey: gameId, gameType: gameId, gameKey: gameId });
/** The merge (SPEC's money merge). memId: a partner merges one of their own lower members (the partner variant). */
export const outGameMoneyPayload = z.object({
  idempotencyKey: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  memId: text(20).optional(),
});
/** SPEC §7 sends it empty: an empty payload turns the flag over; a given value sets it. */
export const memCashFlagPayload = z.object({ memCashFlag: z.enum(['Y', 'N']).optional() });

/** betProc: the sports kind (game 'sport') or a mini game's. */
export const betPayload = z.union([sportBetPayload, betProcPayload]);

/** A call: its path, member flag and answer type (contract/callPaths.ts) with the schema its payload must pass. */
export interface Call<P extends z.ZodType, A> extends CallPath<A> {
  payload: P;
  /** Payload fields that are multi-line texts: they may hold line breaks and tabs (other control characters stay refused). */
  multiline?: ReadonlySet<string>;
}

const multilineFields: Partial<Record<CallName, readonly string[]>> = {
  boardSave: ['content'],
  commentSave: ['content'],
  qnaSave: ['content'],
};

const payloads = {
  login: loginPayload,
  signup: signupPayload,
  memberInfo: empty,
  getToken: empty,
  logout: empty,
  memberUpdate: memberUpdatePayload,
  balance: empty,
  captcha: empty,
  bank: empty,
  siteOption: empty,
  siteCheckInfo: empty,
  commonCode: commonCodePayload,
  gameCodes: gameCodesPayload,
  gameGroupCodes: commonCodePayload,
  walletInfo: empty,
  cashIn: depositPayload,
  cashOut: withdrawPayload,
  coinIn: coinDepositPayload,
  coinOut: coinWithdrawPayload,
  cashList: cashListPayload,
  cashDel: cashDeletePayload,
  getAcc: empty,
  accInquiry: empty,
  pointConvert: pointConvertPayload,
  pointList: pageOnlyPayload,
  couponList: pageOnlyPayload,
  couponUse: couponUsePayload,
  couponGift: couponGiftPayload,
  give: givePayload,
  giveList: pageOnlyPayload,
  msgList: msgListPayload,
  msgRead: msgReadPayload,
  msgUpdate: msgUpdatePayload,
  noticeList: supportListPayload,
  noticeDetail: supportDetailPayload,
  faqList: supportListPayload,
  qnaList: supportListPayload,
  qnaDetail: supportDetailPayload,
  qnaSave: qnaSavePayload,
  betProc: betPayload,
  miniBoard: miniBoardPayload,
  powerballResult: miniResultPayload,
  betList: betListPayload,
  betDetail: betDetailPayload,
  winLose: winLosePayload,
  gameList: gameListPayload,
  slotGames: slotGamesPayload,
  getGame: getGamePayload,
  outGameMoney: outGameMoneyPayload,
  changeMemCashFlag: memCashFlagPayload,
  boardList: boardListPayload,
  boardDetail: boardDetailPayload,
  boardSave: boardSavePayload,
  boardDelete: boardDeletePayload,
  commentSave: commentSavePayload,
  commentDelete: commentDeletePayload,
  banner: empty,
  popupList: empty,
  mainPopupList: empty,
  mainCashList: empty,
  mainNotices: empty,
  mainGames: empty,
  attendanceInfo: empty,
  attendanceCheck: dailyRewardPayload,
  rotaryInfo: empty,
  rotarySpin: dailyRewardPayload,
  sportList: sportListPayload,
  sportFixture: sportFixturePayload,
  sportRules: empty,
  sportResults: sportResultsPayload,
  partnerSummary: empty,
  partnerList: partnerLinePayload,
  partnerMemberList: partnerMemberListPayload,
  partnerCashList: partnerCashListPayload,
  partnerBettingList: partnerBetListPayload,
  partnerRates: partnerRatesPayload,
  partnerRateChange: partnerRateChangePayload,
  partnerCalculationList: partnerCalculationPayload,
  partnerCalculationUserList: partnerCalculationUserPayload,
  partnerGive: partnerMoneyPayload,
  partnerTake: partnerMoneyPayload,
  partnerMoneyMoveList: partnerMoneyMoveListPayload,
  partnerMerge: partnerMergePayload,
  partnerCreate: partnerCreatePayload,
  protectionInfo: empty,
  protectionHistory: protectionHistoryPayload,
  protectionLimit: protectionLimitPayload,
  protectionCancel: protectionCancelPayload,
  protectionReality: protectionRealityPayload,
  protectionBreak: protectionBreakPayload,
  realitySummary: empty,
} satisfies Record<CallName, z.ZodType>;

type Payloads = typeof payloads;
export type Calls = { [N in CallName]: Call<Payloads[N], AnswerOf<N>> };

export const calls = Object.fromEntries(
  (Object.keys(callPaths) as CallName[]).map((name) => [name, {
    ...callPaths[name], payload: payloads[name], ...(multilineFields[name] ? { multiline: new Set(multilineFields[name]) } : {}),
  }]),
) as Calls;

export type PayloadOf<N extends CallName> = z.input<Payloads[N]>;

export { COIN_PATH, type AnswerOf, type CallName } from './callPaths';
