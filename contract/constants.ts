/** Business constants and limits of SPEC §9. Where SPEC texts conflict, these win. */
export const SITE_ID_DEFAULT = 'hanbit';

export const BALANCE_POLL_MS = 5_000;
export const GAME_WINDOW_POLL_MS = 10_000;
export const RETRY_DELAY_MS = 5_000;
export const BET_SETTLE_WAIT_MS = 30_000;
export const GAME_CLOSE_CHECK_MS = 60_000;
export const ANTI_CHEAT_WAIT_MS = 120_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const GAME_POPUP = { width: 1500, height: 800, top: 50 } as const;
export const BOMB_POPUP_HEIGHT = 800;
export const BOMB_POPUP_RATIO = 1.78;

export const MOBILE_MAX_WIDTH = 600;
export const SLOT_ROW_SIZE = 4;

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_START_PAGE = 1;

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_ALPHABET = '12345';
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const CASH_OUT_PASS_LENGTH = 4;
export const MEM_ID_MIN = 5;
export const MEM_ID_MAX = 20;
export const MEM_PASS_MIN = 6;
export const MEM_PASS_MAX = 20;
export const MEM_NICK_MIN = 2;
export const MEM_NICK_MAX = 20;
export const DEFAULT_MEM_LEVEL = '1';
export const DEFAULT_PART_SEND_YN = 'N';

export const POPUP_CLOSE_TTL_MS = 24 * 60 * 60_000;
export function popupCloseKey(siteId: string, bannerIdx: number | string): string {
  return `popupClose:${siteId}:${bannerIdx}`;
}

export const SESSION_TTL_MS = 120 * 60_000;
export const TOKEN_REFRESH_BEFORE_MS = 5 * 60_000;

/** Bank maintenance: withdrawals blocked 23:30-00:30 Seoul time. */
export const WITHDRAWAL_BLOCK = { from: '23:30', to: '00:30' } as const;

export const POINT_CONVERT_MIN = 1_000;
export const POINT_CONVERT_MIN_VI = 10_000;
/** The fewest points one conversion takes, by the member's locale (SPEC §5, §9). */
export function pointConvertMinimum(locale: string): number {
  return locale === 'vi' ? POINT_CONVERT_MIN_VI : POINT_CONVERT_MIN;
}
export const AMOUNT_PRESET_UNIT = 10_000;

export const BUSINESS_TIME_ZONE = 'Asia/Seoul';
export const LOCALES = ['ko', 'en', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'lang';
export const TOKEN_COOKIE = 'token';

/** Request headers (SPEC §7): a site authorization header on every call, the session token when present. */
export const HEADER_SESSION_TOKEN = 'x-session-token';
/** The member's language on every call (the 'lang' cookie), for rules that differ by locale (point minimum). */
export const HEADER_LOCALE = 'x-locale';
export function siteAuthorization(siteId: string): string {
  return `Site ${siteId}`;
}

/** Failed-login limit, per member id and per IP address. */
export const LOGIN_FAIL_LIMIT = 10;
export const LOGIN_FAIL_WINDOW_MS = 10 * 60_000;

/** Upper bound for any free-text field on the wire; longer values are refused before any rule runs. */
export const MAX_FIELD_LENGTH = 200;
/** Upper bound for an encrypted request body. */
export const MAX_BODY_BYTES = 64 * 1024;
