/**
 * SPEC §5 validation, shared by the sign-up form (first failing field, in §5's order) and the server
 * (which re-checks every rule and answers the matching api code).
 */
import { MEM_ID_MAX, MEM_ID_MIN, MEM_NICK_MAX, MEM_NICK_MIN, MEM_PASS_MAX, MEM_PASS_MIN } from './constants';

export const MEM_ID_PATTERN = new RegExp(`^[A-Za-z0-9+]{${MEM_ID_MIN},${MEM_ID_MAX}}$`);
export const MEM_PASS_PATTERN = new RegExp(`^[A-Za-z0-9!@#$%*]{${MEM_PASS_MIN},${MEM_PASS_MAX}}$`);
export const CASH_OUT_PASS_PATTERN = /^\d{4}$/;
export const PHONE_PATTERN = /^01[016789]-?\d{3,4}-?\d{4}$/;
export const DIGITS_PATTERN = /^\d+$/;
export const LETTERS_PATTERN = /^\p{L}+$/u;
/** My page: a new password has at least 6 characters with letters and digits. */
export const NEW_PASS_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9!@#$%*]{6,20}$/;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** A mobile number as members read it, 010-1234-5678 (010-123-4567 for ten digits); anything else unchanged. */
export function formatPhone(value: string): string {
  const parts = /^(01[016789])(\d{3,4})(\d{4})$/.exec(digitsOnly(value));
  return parts ? parts.slice(1).join('-') : value;
}

export function normalizePhone(value: string): string {
  return digitsOnly(value);
}

/**
 * The one rule for member-written text (nicknames, posts, comments, questions): text that would read as
 * markup anywhere (a tag opening, a comment, a doctype: `<b`, `</`, `<!`, `<?`) is refused with BD005.
 * Everything is rendered as text anyway; refusing it keeps stored text free of it for any other reader.
 */
export function looksLikeMarkup(text: string): boolean {
  return /<\s*[a-zA-Z!/?]/.test(text);
}

export function nickLengthOk(nick: string): boolean {
  const length = [...nick.trim()].length;
  return length >= MEM_NICK_MIN && length <= MEM_NICK_MAX;
}

export interface SignupFields {
  memId: string;
  memPass: string;
  memPassCheck: string;
  cashOutPass: string;
  memNick: string;
  memPhone: string;
  recommenderId: string;
  bank: string;
  memName: string;
  bankacc: string;
}

export type SignupField = keyof SignupFields;

/** A failed rule: the field to focus and the message id (§5's key) to show. */
export interface RuleFailure {
  field: SignupField;
  messageId: string;
}

/**
 * Checks the sign-up form in §5's order and returns the first failure, or null.
 * `recommenderFixed` is true when the site configures a default recommender (the field is then fixed text).
 */
export function checkSignup(form: SignupFields, recommenderFixed: boolean): RuleFailure | null {
  const fail = (field: SignupField, messageId: string): RuleFailure => ({ field, messageId });
  if (!form.memId) return fail('memId', 'front.member.emptyMemId');
  if (!MEM_ID_PATTERN.test(form.memId)) return fail('memId', 'api.U101');
  if (!form.memPassCheck) return fail('memPassCheck', 'front.member.compareMemPass');
  if (!form.memPass) return fail('memPass', 'front.member.emptyMemPass');
  if (!MEM_PASS_PATTERN.test(form.memPass)) return fail('memPass', 'api.U102');
  if (!form.cashOutPass) return fail('cashOutPass', 'front.member.emptyCashOutPass');
  if (!CASH_OUT_PASS_PATTERN.test(form.cashOutPass)) return fail('cashOutPass', 'api.U103');
  if (!form.memNick.trim()) return fail('memNick', 'front.member.emptyMemName');
  if (!nickLengthOk(form.memNick)) return fail('memNick', 'api.U105');
  if (looksLikeMarkup(form.memNick)) return fail('memNick', 'api.BD005');
  if (!form.memPhone) return fail('memPhone', 'front.member.emptyMemTel');
  if (!PHONE_PATTERN.test(form.memPhone)) return fail('memPhone', 'front.member.noValidMemTel');
  if (!recommenderFixed && !form.recommenderId.trim()) return fail('recommenderId', 'front.member.emptyRecommenderId');
  if (!form.bank) return fail('bank', 'front.member.emptyBankName');
  if (!form.memName.trim()) return fail('memName', 'front.member.emptyBankAccountName');
  if (!LETTERS_PATTERN.test(form.memName.trim())) return fail('memName', 'front.member.noValidBankAccountName');
  if (!form.bankacc) return fail('bankacc', 'front.member.emptyBankNumber');
  if (!DIGITS_PATTERN.test(form.bankacc)) return fail('bankacc', 'front.member.noValidBankNumber');
  if (form.memPass !== form.memPassCheck) return fail('memPassCheck', 'front.member.compareMemPass');
  return null;
}

export interface LoginFields {
  memId: string;
  memPass: string;
  captcha: string;
}

/** Login form checks: empty id, empty password, then a captcha of the right shape. */
export function checkLogin(form: LoginFields): string | null {
  if (!form.memId.trim()) return 'front.signin.emptyMemId';
  if (!form.memPass) return 'front.signin.emptyMemPass';
  if (!/^[1-5]{4}$/.test(form.captcha)) return 'front.signin.checkCaptcha';
  return null;
}
