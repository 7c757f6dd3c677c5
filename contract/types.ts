/** Entities the client and the server exchange (SPEC §3). Money is integer won; points integers. */
export type YN = 'Y' | 'N';

export interface Member {
  memId: string;
  memNick: string;
  memName: string;
  cashAmt: number;
  pointAmt: number;
  isPartnerMember: YN;
  memLevel: string;
  memPhone: string;
  bankName: string;
  bankacc: string;
  recommenderId: string | null;
}

export interface MsgInfo {
  newMsg: number;
}

export interface SessionToken {
  token: string;
  /** ISO instant at which the token stops working unless refreshed. */
  expiresAt: string;
}

export interface MemberInfoAnswer {
  member: Member;
  msgInfo: MsgInfo;
  /**
   * The member's real-time sequence as the state above was read (project): the client's member topic
   * subscription asks for the events after it, so one pushed before the socket is up is not lost.
   */
  rtSeq: number;
}

export interface LoginAnswer extends SessionToken, MemberInfoAnswer {}

export interface Bank {
  bankCode: string;
  bankNameKr: string;
}

export interface CommonCode {
  code: string;
  codeName: string;
  codeNameEN: string;
  groupCode: string;
  groupCodeNameEN: string;
  ord: number;
  /** Game vendors only (master code GAME): 'maintenance' while the operator has the vendor under maintenance (B0093). Hidden vendors are not listed. */
  vendorState?: 'shown' | 'maintenance';
}

export interface CategoryCode {
  code: string;
  groupCode: string;
}

export interface SiteOption {
  /** partnerHostPrefix: the partner area's host is `<prefix>.<the site's domain>`; '' keeps it on the site's own host. */
  siteOption: { sns2Link: string; signupOpen: YN; partnerHostPrefix: string };
  /** The default recommender; empty when members type their own. */
  joinRecommanderId: string;
}

export interface SiteCheckInfo {
  /** ISO instants; null when no maintenance window is set. */
  siteCheckInfo: { startDate: string; endDate: string } | null;
  /** The server's clock, so a device with a wrong clock is judged by the server's time. */
  now: string;
}

export interface Captcha {
  captchaId: string;
  /** An SVG data URL of the 4-character code. */
  image: string;
}

/**
 * The balance call (every 5 s): integrated money (`balance`), whether a game is open at the vendor
 * (`isPlayGame`, Y while the member has game money or an open game there) and the member's game money
 * (won at the vendor, 0 when none). Money is in one place at a time: what is in `gameMoney` is not in
 * `balance`.
 */
export interface Balance {
  balance: number;
  isPlayGame: YN;
  gameMoney: number;
}

/**
 * Real-time member commands (SPEC §4), plus CASHREQ (ours): one of the member's cash requests moved to
 * a new status; data1 is the request id, data2 the new status (0, 2, 1 or -1, as in CASH_STATUS).
 */
export type SocketCmd = 'CASH' | 'MSG' | 'LOCK_BET_YN' | 'INSPECT' | 'LOGOUT' | 'CASHREQ';
export interface SocketMessage {
  cmd: SocketCmd | string;
  data1: string | number | null;
  data2: string | number | null;
}
