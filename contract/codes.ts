/**
 * The result-code catalogue: every code of SPEC §8 plus the few this project adds (marked "project").
 * The server answers `resultMessage` from here (Korean, the site's first language); the client shows
 * its own translation under `api.{code}` / `err.{code}` and falls back to `resultMessage`.
 */
export const RESULT_OK = '0';

export const resultCodes = {
  // Sign-up
  U101: '아이디는 5~20자의 영문, 숫자 또는 + 만 사용할 수 있습니다.',
  U102: '비밀번호는 6~20자의 영문, 숫자 또는 ! @ # $ % * 만 사용할 수 있습니다.',
  U103: '출금 비밀번호는 숫자 4자리입니다.',
  U104: '휴대폰 번호 형식이 올바르지 않습니다.',
  U105: '닉네임은 2~20자입니다.',
  U106: '계좌 정보 형식이 올바르지 않습니다.',
  U112: '추천인을 찾을 수 없습니다.',
  U113: '추천인은 파트너 회원이어야 합니다.',
  U114: '사용할 수 없는 추천인입니다.',
  U115: '현재 회원가입이 중단되었습니다.',
  U116: '이미 사용 중인 아이디입니다.',
  U117: '이미 사용 중인 닉네임입니다.',
  U118: '이미 사용 중인 휴대폰 번호입니다.',
  U119: '이미 등록된 계좌번호입니다.',
  // Login
  U001: '관리자 승인 대기 중인 계정입니다. 승인 후 로그인할 수 있습니다.',
  LX02: '이용이 제한된 계정입니다. 고객센터에 문의해주세요.',
  LX03: '로그인 실패가 많아 잠시 후 다시 시도해주세요.', // project: too many failed logins
  LX04: '자동 입력 방지 코드를 확인해주세요.', // project: wrong, used or expired captcha
  U000: 'no member', // project: unknown id or wrong password (one answer for both)
  // Session
  TK999: '같은 아이디로 로그인되었습니다.',
  TK001: '로그인 이후 이용 가능합니다.', // project: no live session
  // Member update (project)
  U201: '현재 비밀번호가 일치하지 않습니다.',
  U202: '현재 출금 비밀번호가 일치하지 않습니다.',
  U203: '새 비밀번호가 확인과 일치하지 않습니다.',
  // General
  E001: '잠시 후 다시 시도해주세요.',
  E002: '잠시 후 다시 시도해주세요.',
  NT99: '통신이 지연되고 있습니다. 5초 후 다시 시도합니다.',
  TE99: '통신이 지연되고 있습니다. 5초 후 다시 시도합니다.',
  '2000': '게임사 오류가 발생했습니다.',
  '9999': '게임사 오류가 발생했습니다.',
  R001: '요청을 읽을 수 없습니다.', // project: undecryptable or malformed envelope
  R002: '허용되지 않은 사이트입니다.', // project: wrong site id
  R003: '요청 값이 올바르지 않습니다.', // project: payload failed its schema
  R404: '존재하지 않는 요청입니다.', // project: unknown call
  R500: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.', // project: unexpected server fault
  // Messages
  M001: '삭제할 메세지를 선택해주세요.', // project: delete without a selection
  M002: '읽지 않은 메세지는 삭제할 수 없습니다.',
  M003: '메세지를 찾을 수 없습니다.', // project: unknown message, or another member's (one answer for both)
  // Board and support centre (project)
  BD001: '제목을 입력해주세요.',
  BD002: '내용을 입력해주세요.',
  BD003: '검색어를 입력해주세요.',
  BD004: '입력할 수 있는 길이를 초과했습니다.',
  BD005: 'HTML 태그는 사용할 수 없습니다.',
  BD006: '게시글을 찾을 수 없습니다.', // unknown post, or another member's question (one answer for both)
  // Betting
  B1001: '베팅 권한이 없습니다.',
  B1002: '잠긴 회원입니다.',
  B6000: '보유 금액이 부족합니다.',
  B6001: '레벨 최소 베팅 금액 미만입니다.',
  B6002: '레벨 최대 베팅 금액을 초과했습니다.',
  B6003: '적중 한도 금액을 초과했습니다.',
  B6005: '중복 베팅입니다.',
  B9999: '이전 베팅을 정산 중입니다. 30초 후 다시 시도해주세요.',
  B0201: '존재하지 않는 게임 또는 베팅 항목입니다.', // project: unknown mini game, market or selection
  B0202: '베팅할 수 없는 회차입니다.', // project: the round is closed, drawn or not open yet
  B1404: '베팅 내역을 찾을 수 없습니다.', // project: no such bet among the member's own
  // Games
  B0091: '게임을 이용할 수 없는 상태입니다.',
  B0092: '실행할 수 없는 게임입니다.',
  B0093: '게임 점검 중입니다.',
  B0095: '파트너 계정은 게임을 이용할 수 없습니다.',
  B0099: '보유 크레딧이 없습니다.',
  ABZ01: '부정 이용이 감지되었습니다. 2분 후 다시 시도해주세요.',
  F001: '처리되지 않은 입출금 신청이 있습니다.',
  // Cash
  U0011: '이용 정지된 회원은 신청할 수 없습니다.',
  C001: '입금이 제한된 회원입니다.',
  C002: '입금 금액을 입력해주세요.',
  C003: '처리 대기 중인 신청이 있습니다.',
  C008: '출금 비밀번호가 일치하지 않습니다.',
  C009: '게임 종료를 확인 중입니다. 1분 후 다시 시도해주세요.',
  C010: '출금 비밀번호가 설정되지 않았습니다.',
  C101: '1회 신청 한도를 초과했습니다.',
  C102: '최소 신청 금액 미만입니다.',
  C103: '신청 금액 단위가 올바르지 않습니다.',
  c104: '이미 처리 중입니다. 1분 후 다시 시도해주세요.',
  C201: '출금이 제한된 회원입니다.',
  C202: '보유 금액을 초과했습니다.',
  C203: '출금이 제한된 회원입니다.',
  C204: '출금 비밀번호가 설정되지 않았습니다.',
  C205: '출금 비밀번호를 확인해주세요.',
  C206: '출금 금액을 입력해주세요.',
  C209: '처리 대기 중인 신청이 있습니다.',
  C214: '최소 신청 금액 미만입니다.',
  C215: '신청 금액 단위가 올바르지 않습니다.',
  C216: '재신청 대기 시간입니다. 잠시 후 다시 신청해주세요.',
  C217: '은행 점검 시간(23:30~00:30)에는 출금할 수 없습니다.', // project: bank maintenance window
  C304: '현재 회원 간 머니 이동을 이용할 수 없습니다.', // project: transfers switched off
  C301: '머니 지급 권한이 없습니다.',
  C302: '지급 대상이 올바르지 않습니다.',
  C303: '지급 금액이 올바르지 않습니다.',
  C401: '머니 회수 권한이 없습니다.',
  C402: '회수 대상이 올바르지 않습니다.',
  C403: '회수 금액이 올바르지 않습니다.',
  C501: '신청 상태를 변경할 수 없습니다.',
  C502: '대기 상태의 신청만 처리할 수 있습니다.',
  C503: '이미 처리된 신청입니다.',
  C601: '머니 이동 권한이 없습니다.',
  C701: '머니 이동 금액이 올바르지 않습니다.',
  C801: '시세가 변경되었습니다. 다시 확인해주세요.', // project: USDT price changed before confirmation
  C802: 'TRC-20 주소 형식이 올바르지 않습니다.', // project: bad USDT address
  C901: '사용할 수 없는 쿠폰입니다.', // project: not the member's, used, gifted or expired
  C902: '선물 받을 회원을 확인해주세요.', // project: coupon gift target not an active member
  C999: '중복되었거나 이미 처리된 요청입니다.',
  T999: '중복되었거나 이미 처리된 요청입니다.',
  // Points
  P001: '포인트를 입력해주세요.',
  P002: '보유 포인트를 초과했습니다.',
  P003: '회수 포인트가 보유 포인트를 초과했습니다.',
  P004: '금액을 입력해주세요.',
  P009: '현재 포인트 전환을 이용할 수 없습니다.',
  // Partner area (project)
  PT001: '파트너 회원만 이용할 수 있습니다.', // project: a partner call by a member who is not a partner
  // Board, attendance and the prize wheel (project)
  BD012: '댓글 내용을 입력해주세요.', // project: empty comment
  BD007: 'PNG, JPEG, WebP 이미지만 올릴 수 있습니다.', // project: upload is not one of the image types
  BD008: '이미지는 2MB까지 올릴 수 있습니다.', // project: upload too big
  BD009: '첨부 이미지를 확인해주세요.', // project: unknown, foreign, used or too many image ids
  BD010: '공지와 이벤트는 운영자만 등록할 수 있습니다.', // project: a member posting a notice or event
  AT001: '오늘은 이미 출석했습니다.', // project: second check-in of the Seoul day
  AT002: '현재 출석 체크를 이용할 수 없습니다.', // project: attendance switched off
  RT001: '오늘은 이미 룰렛을 돌렸습니다.', // project: second spin of the Seoul day
  RT002: '현재 룰렛을 이용할 수 없습니다.', // project: wheel switched off or without prizes
  // Attempt limits (project)
  C218: '출금 비밀번호를 5회 잘못 입력하여 최대 30분 동안 출금과 머니 이동을 이용할 수 없습니다.', // project: cash-out password locked
  U204: '비밀번호를 5회 잘못 입력하여 최대 30분 동안 변경할 수 없습니다.', // project: member update password checks locked
  LX05: '자동 입력 방지 코드 요청이 많습니다. 잠시 후 다시 시도해주세요.', // project: too many captchas from one address
} as const;

export type ResultCode = keyof typeof resultCodes;

export function resultMessage(code: ResultCode): string {
  return resultCodes[code];
}

/** The answer envelope every call returns (after decryption). */
export interface ApiAnswer<T = unknown> {
  resultCode: typeof RESULT_OK | ResultCode;
  resultMessage: string;
  data: T | null;
}

/** Codes after which the client waits 5 s and tries again (SPEC §8 General). */
export const RETRY_CODES: readonly string[] = ['NT99', 'TE99'];

/** Login failure codes the client shows through `err.{code}`; any other shows the generic text. */
export const LOGIN_ERR_CODES: readonly string[] = ['U001', 'LX02', 'LX03', 'LX04'];
