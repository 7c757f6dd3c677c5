/**
 * The result-code catalogue: every code of SPEC §8 plus the few this project adds (marked "project").
 * The server answers each with its Korean text (contract/resultMessages.ts, which the compiler holds to
 * exactly these codes); the client shows its own translation under `api.{code}` / `err.{code}` and falls
 * back to the answer's `resultMessage`. The texts stay out of the browser's first load.
 */
import { RESULT_OK } from './codeBasics';

export { RESULT_OK, RETRY_CODES } from './codeBasics';

export const RESULT_CODES = [
  // Sign-up
  'U101',
  'U102',
  'U103',
  'U104',
  'U105',
  'U106',
  'U112',
  'U113',
  'U114',
  'U115',
  'U116',
  'U117',
  'U118',
  'U119',
  // Login
  'U001',
  'LX02',
  'LX03', // project: too many failed logins
  'LX04', // project: wrong, used or expired captcha
  'U000', // project: unknown id or wrong password (one answer for both)
  // Session
  'TK999',
  'TK001', // project: no live session
  // Member update (project)
  'U201',
  'U202',
  'U203',
  // General
  'E001',
  'E002',
  'NT99',
  'TE99',
  '2000',
  '9999',
  'R001', // project: undecryptable or malformed envelope
  'R002', // project: wrong site id
  'R003', // project: payload failed its schema
  'R404', // project: unknown call
  'R500', // project: unexpected server fault
  // Messages
  'M001', // project: delete without a selection
  'M002',
  'M003', // project: unknown message, or another member's (one answer for both)
  // Board and support centre (project)
  'BD001',
  'BD002',
  'BD003',
  'BD004',
  'BD005',
  'BD006', // unknown post, or another member's question (one answer for both)
  // Betting
  'B1001',
  'B1002',
  'B6000',
  'B6001',
  'B6002',
  'B6003',
  'B6005',
  'B9999',
  'B0201', // project: unknown mini game, market or selection
  'B0202', // project: the round is closed, drawn or not open yet
  'B0203', // project: the operator changed the odds while the bet was placed twice in a row
  'B1404', // project: no such bet among the member's own
  // Sportsbook (project)
  'B6101', // project: a leg's price or market version changed (data: each leg's state now)
  'B6102', // project: a leg's market is suspended, closed or past its betting time (data: each leg's state now)
  'B6103', // project: legs that may not be combined (same market, or a same-fixture pair the rules forbid)
  'B6104', // project: a single below the minimum odds
  'B6105', // project: more legs than the slip rules allow
  'B6106', // project: a live bet refused after its hold (the market or the score changed)
  'B6107', // project: a live leg in a combination (live bets are singles)
  // Games
  'B0091',
  'B0092',
  'B0093',
  'B0095',
  'B0099',
  'ABZ01',
  'F001',
  // Cash
  'U0011',
  'C001',
  'C002',
  'C003',
  'C008',
  'C009',
  'C010',
  'C101',
  'C102',
  'C103',
  'c104',
  'C201',
  'C202',
  'C203',
  'C204',
  'C205',
  'C206',
  'C209',
  'C214',
  'C215',
  'C216',
  'C217', // project: bank maintenance window
  'C304', // project: transfers switched off
  'C301',
  'C302',
  'C303',
  'C401',
  'C402',
  'C403',
  'C501',
  'C502',
  'C503',
  'C601',
  'C701',
  'C801', // project: USDT price changed before confirmation
  'C802', // project: bad USDT address
  'C901', // project: not the member's, used, gifted or expired
  'C902', // project: coupon gift target not an active member
  'C999',
  'T999',
  // Points
  'P001',
  'P002',
  'P003',
  'P004',
  'P009',
  // Partner area (project)
  'PT001', // project: a partner call by a member who is not a partner
  // Partner line, rates and commission (project, issue 21)
  'PT002', // project: a rate above the parent's (the caller's own) rate
  'PT003', // project: a partner's rates changed a second time in one Seoul day
  'PT004', // project: no such lower partner in the caller's line (one outside it answers the same)
  'PT005', // project: this partner may not create lower partners (a store, or the operator forbade it)
  'PT006', // project: no settled commission to merge
  'PT007', // project: a rate that is not a whole number of basis points from 0 to 10,000
  // Board, attendance and the prize wheel (project)
  'BD012', // project: empty comment
  'BD007', // project: upload is not one of the image types
  'BD008', // project: upload too big
  'BD009', // project: unknown, foreign, used or too many image ids
  'BD010', // project: a member posting a notice or event
  'BD013', // project: too many uploads in the window
  'BD014', // project: too many bytes of images not yet in a post
  'AT001', // project: second check-in of the Seoul day
  'AT002', // project: attendance switched off
  'RT001', // project: second spin of the Seoul day
  'RT002', // project: wheel switched off or without prizes
  // Attempt limits (project)
  'C218', // project: cash-out password locked
  'U204', // project: member update password checks locked
  'LX05', // project: too many captchas from one address
  // Member protection (project, contract/protection.ts)
  'PL001', // project: a deposit would pass the member's deposit limit
  'PL002', // project: a bet or game money would pass the loss limit
  'PL003', // project: a bet or game money would pass the stake limit
  'PL004', // project: the member is in a time-out or self-exclusion (data: {endsAt})
  'PL005', // project: a limit or break change that is not allowed (nothing waiting to cancel, a break shorter than the running one)
  'PL006', // project: an operator limit higher than the member's own
  // Operator console (project, contract/console.ts)
  'OP001', // project: unknown operator, wrong password or wrong second factor (one answer for all)
  'OP002', // project: too many failed sign-ins for the operator id or the address
  'OP003', // project: no live console session (signed out, idle or absolute time-out)
  'OP004', // project: the operator's role (or the token's scope) may not use this call
  'OP005', // project: the second factor must be enrolled first, or is already enrolled
  'OP006', // project: operator id already taken
  'OP007', // project: unknown operator or approval
  'OP008', // project: the approval is not pending, has expired, or its payload hash differs
  'OP009', // project: the maker of a request cannot check it
  'OP010', // project: the action waits for a second operator (answered 202 with the approval)
] as const;

export type ResultCode = (typeof RESULT_CODES)[number];

/** Made on first use, so a bundle that never looks a code up (the browser's first load) drops the list. */
let codeSet: ReadonlySet<string> | undefined;

export function isResultCode(code: unknown): code is ResultCode {
  codeSet ??= new Set(RESULT_CODES);
  return typeof code === 'string' && codeSet.has(code);
}

/** The answer envelope every call returns (after decryption). */
export interface ApiAnswer<T = unknown> {
  resultCode: typeof RESULT_OK | ResultCode;
  resultMessage: string;
  data: T | null;
}


/** Login failure codes the client shows through `err.{code}`; any other shows the generic text. */
export const LOGIN_ERR_CODES: readonly string[] = ['U001', 'LX02', 'LX03', 'LX04'];
