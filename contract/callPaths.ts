/**
 * Where each call goes, whether it needs a signed-in member and the type of its answer: what the client
 * needs to make a call, without the payload schemas (contract/calls.ts adds those for the server), so
 * no schema library ships in the browser bundle.
 */
import type {
  Balance, Bank, Captcha, CategoryCode, CommonCode, LoginAnswer, MemberInfoAnswer, SessionToken, SiteCheckInfo, SiteOption,
} from './types';
import type { BetDetail, BetItem, WinLoseRow } from './betting';
import type { GameItem, GameLaunchAnswer, GameMoneyAnswer, MainGames, MemCashFlagAnswer } from './games';
import type {
  AccountInquiry, Balances, CashList, CashRequest, Coupon, GiveRecord, PageInfo, PointRecord, WalletLimits,
} from './wallet';
import type { Message, MessageList, SupportPost, SupportPostList } from './support';
import type { MiniBet, MiniBoard, MiniChain, MiniRound } from './minigames';
import type { LevelLimits, SlipRules, SportBetPlaced, SportFixtureAnswer, SportListAnswer, SportResultItem } from './sports';
import type {
  AttendanceInfo, AttendanceResult, Banner, BoardComment, BoardList, BoardPost, MainCashList, NoticeSummary, RotaryInfo, RotaryResult,
} from './community';
import type {
  LineBetItem, LineCashItem, LineMember, LowerPartner, MemberCommission, PartnerBalances, PartnerList, PartnerMoneyMove, PartnerSummary,
  RateTable, SettlementLine,
} from './partner';
import type { ProtectionHistoryPage, ProtectionInfo, RealitySummary } from './protection';

export interface CallPath<A> {
  path: string;
  member: boolean;
  /** Phantom field carrying the answer type; never set at run time. */
  answer?: A;
}

const guest = <A>(path: string): CallPath<A> => ({ path, member: false });
const member = <A>(path: string): CallPath<A> => ({ path, member: true });

export const callPaths = {
  login: guest<LoginAnswer>('/api/member/login'),
  signup: guest<{ memId: string; status: 'pending' }>('/api/member/signup'),
  memberInfo: member<MemberInfoAnswer>('/api/member/info'),
  getToken: member<SessionToken>('/api/getToken'),
  logout: member<null>('/api/member/logout'),
  memberUpdate: member<null>('/api/member/update'),
  balance: member<Balance>('/api/member/balance'),
  captcha: guest<Captcha>('/api/common/captcha'),
  bank: guest<{ list: Bank[] }>('/api/etc/bank'),
  siteOption: guest<SiteOption>('/api/etc/siteOption'),
  siteCheckInfo: guest<SiteCheckInfo>('/api/common/siteCheckInfo'),
  commonCode: guest<{ codes: CommonCode[] }>('/api/common/code'),
  gameCodes: guest<{ codes: CommonCode[] }>('/api/common/gameCodes'),
  gameGroupCodes: guest<{ groupCodes: CategoryCode[] }>('/api/common/gameGroupCodes'),

  // Wallet (contract/wallet.ts). Money calls carry an idempotency key.
  walletInfo: member<{ limits: WalletLimits; balances: Balances; openDeposit: boolean; openWithdrawal: boolean }>('/api/cash/getUserCash'),
  cashIn: member<{ request: CashRequest }>('/api/cash/in'),
  cashOut: member<{ request: CashRequest; balances: Balances }>('/api/cash/out'),
  coinIn: member<{ request: CashRequest }>('/api/cash/coinIn'),
  coinOut: member<{ request: CashRequest; balances: Balances }>('/api/cash/coinOut'),
  cashList: member<CashList>('/api/cash/list/'),
  cashDel: member<{ request: CashRequest; balances: Balances }>('/api/cash/del'),
  getAcc: member<{ inquiry: AccountInquiry }>('/api/cash/getAcc'),
  accInquiry: member<{ inquiry: AccountInquiry | null }>('/api/cash/accInquiry'),
  pointConvert: member<{ balances: Balances }>('/api/point/convert'),
  pointList: member<{ list: PointRecord[]; pageInfo: PageInfo }>('/api/point/list'),
  couponList: member<{ list: Coupon[]; pageInfo: PageInfo }>('/api/coupon/list'),
  couponUse: member<{ coupon: Coupon; balances: Balances }>('/api/coupon/use'),
  couponGift: member<{ coupon: Coupon }>('/api/coupon/gift'),
  give: member<{ record: GiveRecord; balances: Balances }>('/api/member/give'),
  giveList: member<{ list: GiveRecord[]; pageInfo: PageInfo }>('/api/member/giveList'),

  // Messages and the support centre (contract/support.ts). Support boards have fixed paths per board
  // type (SPEC §7 /api/board/{boardType}/...); the community boards (normal, event) add their own.
  msgList: member<MessageList>('/api/board/msgList'),
  msgRead: member<{ message: Message; newMsg: number }>('/api/board/msgRead'),
  msgUpdate: member<{ deleted: number; newMsg: number }>('/api/board/msgUpdate'),
  noticeList: member<SupportPostList>('/api/board/nt/list'),
  noticeDetail: member<{ post: SupportPost }>('/api/board/nt/datail'),
  faqList: member<SupportPostList>('/api/board/faq/list'),
  qnaList: member<SupportPostList>('/api/board/qna/list'),
  qnaDetail: member<{ post: SupportPost }>('/api/board/qna/datail'),
  qnaSave: member<{ post: SupportPost }>('/api/board/qna/save'),
  // Mini games (contract/minigames.ts) and the sportsbook (contract/sports.ts): betProc takes either kind
  // (game 'sport' or a mini game) and answers the bet of its kind. The bet carries an idempotency key.
  betProc: member<{ bet: MiniBet | SportBetPlaced; balances: Balances }>('/api/bet/betProc'),
  miniBoard: member<MiniBoard>('/api/minigame/board'),
  powerballResult: member<{ list: MiniRound[]; pageInfo: PageInfo; chains: MiniChain[] }>('/api/minigame/powerballResult'),
  // Betting history (contract/betting.ts): the member's own bets of every product.
  betList: member<{ list: BetItem[]; pageInfo: PageInfo }>('/api/bet/betlist'),
  betDetail: member<{ bet: BetDetail }>('/api/bet/detail'),
  winLose: member<{ list: WinLoseRow[] }>('/api/bet/winlose'),
  // Games (contract/games.ts). Launch and merge move money between integrated money and game money.
  gameList: guest<{ games: GameItem[] }>('/api/game/getGameList'),
  /** A slot vendor's games by its product id (the vendor's game code) and game type; see fillPath. */
  slotGames: guest<{ games: GameItem[] }>('/api/minigame/slots/:prodId/:type'),
  getGame: member<GameLaunchAnswer>('/api/game/getGame'),
  outGameMoney: member<GameMoneyAnswer>('/api/cash/outGameMoney'),
  changeMemCashFlag: member<MemCashFlagAnswer>('/api/member/changeMemCashFlag'),
  // The member board (boardType normal; the support centre's nt, faq and qna are their own calls).
  boardList: member<BoardList>('/api/board/normal/list'),
  boardDetail: member<{ post: BoardPost }>('/api/board/normal/datail'),
  boardSave: member<{ boardIdx: number }>('/api/board/normal/save'),
  boardDelete: member<null>('/api/board/normal/delete'),
  commentSave: member<{ comment: BoardComment }>('/api/board/cmtSave'),
  commentDelete: member<null>('/api/board/cmtDelete'),
  // The main page's operator content and public boards.
  banner: guest<{ list: Banner[] }>('/api/etc/banner'),
  popupList: guest<{ list: Banner[] }>('/api/etc/popupList'),
  mainPopupList: guest<{ list: Banner[] }>('/api/main/popupList'),
  mainCashList: guest<MainCashList>('/api/main/cashList'),
  mainNotices: guest<{ list: NoticeSummary[] }>('/api/main/nt/list'),
  /** The main page's game areas (new, popular, ranking, slot jackpot, the live table). */
  mainGames: guest<MainGames>('/api/main/games'),
  // Attendance (once a Seoul day) and the prize wheel (once a Seoul day); both carry an idempotency key.
  attendanceInfo: member<AttendanceInfo>('/api/attendance/info'),
  attendanceCheck: member<AttendanceResult>('/api/attendance/check'),
  rotaryInfo: member<RotaryInfo>('/api/rotary/info'),
  rotarySpin: member<RotaryResult>('/api/rotary/spin'),
  // The sportsbook (contract/sports.ts): a view's list with main markets, one fixture with all of them, the
  // slip's rules with the member's level limits, the results page.
  sportList: member<SportListAnswer>('/api/sport/list'),
  sportFixture: member<SportFixtureAnswer>('/api/sport/fixture'),
  sportRules: member<{ rules: SlipRules; limits: LevelLimits }>('/api/sport/rules'),
  sportResults: member<{ list: SportResultItem[]; pageInfo: PageInfo }>('/api/sport/result'),
  // The partner area (contract/partner.ts): partner calls (PT001 for anyone else), each within the caller's line.
  partnerSummary: member<{ summary: PartnerSummary }>('/api/partner/summary'),
  partnerList: member<PartnerList<LowerPartner>>('/api/partner/partnerList'),
  partnerMemberList: member<PartnerList<LineMember>>('/api/partner/memberList'),
  partnerCashList: member<PartnerList<LineCashItem>>('/api/partner/cashList'),
  partnerBettingList: member<PartnerList<LineBetItem>>('/api/partner/bettingList'),
  /** The caller's rates, or a lower partner's, with the cap (the caller's own, or their parent's for their own). */
  partnerRates: member<{ memId: string; rates: RateTable; pendingRates: RateTable | null; pendingFrom: string | null; cap: RateTable; changedToday: boolean }>('/api/partner/rates'),
  partnerRateChange: member<{ memId: string; pendingRates: RateTable; pendingFrom: string }>('/api/partner/rateChange'),
  partnerCalculationList: member<PartnerList<SettlementLine>>('/api/partner/calculationList'),
  partnerCalculationUserList: member<PartnerList<MemberCommission>>('/api/partner/calculationUserList'),
  partnerGive: member<{ record: PartnerMoneyMove; balances: PartnerBalances }>('/api/partner/give'),
  partnerTake: member<{ record: PartnerMoneyMove; balances: PartnerBalances }>('/api/partner/take'),
  partnerMoneyMoveList: member<PartnerList<PartnerMoneyMove>>('/api/partner/moneyMoveList'),
  /** The partner money merge (SPEC §7): settled commission into cash, as one ledger transaction. */
  partnerMerge: member<{ merged: number; balances: PartnerBalances }>('/api/partner/merge'),
  /** /striNew: a lower partner one level down, active at once. */
  partnerCreate: member<{ partner: LowerPartner }>('/api/partner/create'),
  // Member protection (contract/protection.ts): limits, breaks, the reality check.
  protectionInfo: member<ProtectionInfo>('/api/protection/info'),
  protectionHistory: member<ProtectionHistoryPage>('/api/protection/history'),
  protectionLimit: member<ProtectionInfo>('/api/protection/limit'),
  protectionCancel: member<ProtectionInfo>('/api/protection/cancel'),
  protectionReality: member<ProtectionInfo>('/api/protection/reality'),
  protectionBreak: member<ProtectionInfo>('/api/protection/break'),
  realitySummary: member<RealitySummary>('/api/protection/realitySummary'),
} as const;

/**
 * The URL path of a call: `:name` segments of the path (SPEC §7 /api/minigame/slots/{prodId}/{type})
 * take the payload's field of that name. The payload is still sent whole in the envelope; the server
 * takes the path's values over the body's.
 */
export function fillPath(path: string, payload: unknown): string {
  const fields = (payload ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(fields[name] ?? '')));
}

/** The one GET call (SPEC §7): `GET /api/coin?symbol=USDT&t=<timestamp>`, answered in the envelope. */
export const COIN_PATH = '/api/coin';

export type CallPaths = typeof callPaths;
export type CallName = keyof CallPaths;
export type AnswerOf<N extends CallName> = NonNullable<CallPaths[N]['answer']>;
