import { describe, expect, it } from 'vitest';
import type { SignupFields } from '../../contract/rules';
import { selectSignupAlert } from '../../machines/signup';
import { VALID_FORM, startSignup } from './signup.fixtures';
import { flush } from './support';

describe('signupMachine: rules in SPEC §5 order', () => {
  it.each<[string, Partial<SignupFields>, keyof SignupFields, string]>([
    ['empty id', { memId: '' }, 'memId', 'front.member.emptyMemId'],
    ['id of 4 characters', { memId: 'abcd' }, 'memId', 'api.U101'],
    ['id with a space', { memId: 'new bie' }, 'memId', 'api.U101'],
    ['empty password check', { memPassCheck: '' }, 'memPassCheck', 'front.member.compareMemPass'],
    ['empty password', { memPass: '' }, 'memPass', 'front.member.emptyMemPass'],
    ['password of 5 characters', { memPass: 'ab123', memPassCheck: 'ab123' }, 'memPass', 'api.U102'],
    ['password with a forbidden character', { memPass: 'pass^1234', memPassCheck: 'pass^1234' }, 'memPass', 'api.U102'],
    ['empty cash-out password', { cashOutPass: '' }, 'cashOutPass', 'front.member.emptyCashOutPass'],
    ['cash-out password with a letter', { cashOutPass: '12a4' }, 'cashOutPass', 'api.U103'],
    ['cash-out password of 5 digits', { cashOutPass: '12345' }, 'cashOutPass', 'api.U103'],
    ['blank nickname', { memNick: '   ' }, 'memNick', 'front.member.emptyMemName'],
    ['nickname of 1 character', { memNick: '별' }, 'memNick', 'api.U105'],
    ['nickname that is markup', { memNick: '<svg onload=alert()>' }, 'memNick', 'api.BD005'],
    ['empty phone', { memPhone: '' }, 'memPhone', 'front.member.emptyMemTel'],
    ['landline phone', { memPhone: '02-123-4567' }, 'memPhone', 'front.member.noValidMemTel'],
    ['empty recommender', { recommenderId: '' }, 'recommenderId', 'front.member.emptyRecommenderId'],
    ['no bank', { bank: '' }, 'bank', 'front.member.emptyBankName'],
    ['empty account holder', { memName: '' }, 'memName', 'front.member.emptyBankAccountName'],
    ['account holder with digits', { memName: '홍길동2' }, 'memName', 'front.member.noValidBankAccountName'],
    ['empty account number', { bankacc: '' }, 'bankacc', 'front.member.emptyBankNumber'],
    ['account number with hyphens', { bankacc: '1234-5678' }, 'bankacc', 'front.member.noValidBankNumber'],
    ['passwords that differ', { memPassCheck: 'pass1234@' }, 'memPassCheck', 'front.member.compareMemPass'],
  ])('%s gives %s', (_, wrong, field, messageId) => {
    const { actor, fill, submitSignup } = startSignup();
    fill({ ...VALID_FORM, ...wrong });
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.failure).toEqual({ field, messageId });
    expect(selectSignupAlert(actor.getSnapshot())).toBe(messageId);
    expect(submitSignup.runs).toHaveLength(0);
  });

  it('reports the first failing field as the member fills the form in order', () => {
    const { actor, fill } = startSignup();
    const seen: Array<string | undefined> = [];
    const order: Array<keyof SignupFields> = [
      'memId', 'memPassCheck', 'memPass', 'cashOutPass', 'memNick', 'memPhone', 'recommenderId', 'bank', 'memName', 'bankacc',
    ];
    for (const field of order) {
      actor.send({ type: 'signup.submit' });
      seen.push(actor.getSnapshot().context.failure?.messageId);
      fill({ [field]: VALID_FORM[field] });
    }
    expect(seen).toEqual([
      'front.member.emptyMemId',
      'front.member.compareMemPass',
      'front.member.emptyMemPass',
      'front.member.emptyCashOutPass',
      'front.member.emptyMemName',
      'front.member.emptyMemTel',
      'front.member.emptyRecommenderId',
      'front.member.emptyBankName',
      'front.member.emptyBankAccountName',
      'front.member.emptyBankNumber',
    ]);
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('clears the message when a field changes or the alert is dismissed', () => {
    const { actor, fill } = startSignup();
    actor.send({ type: 'signup.submit' });
    fill({ memId: 'n' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'signup.submit' });
    actor.send({ type: 'signup.dismissError' });
    expect(selectSignupAlert(actor.getSnapshot())).toBeNull();
  });
});

describe('signupMachine: fixed recommender', () => {
  it('does not ask for a recommender, ignores edits and sends the configured one', () => {
    const { actor, fill, submitSignup } = startSignup({ recommenderFixed: true, recommenderId: 'partner01' });
    fill({ ...VALID_FORM, recommenderId: 'someoneelse' });
    expect(actor.getSnapshot().context.fields.recommenderId).toBe('partner01');
    actor.send({ type: 'signup.submit' });
    expect(submitSignup.current().input.recommenderId).toBe('partner01');
  });

  it('skips the recommender rule when fixed', () => {
    const { actor, fill } = startSignup({ recommenderFixed: true });
    fill({ ...VALID_FORM, recommenderId: '' });
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});

describe('signupMachine: submitting', () => {
  it('sends the SPEC §3 signup model', () => {
    const { actor, fill, submitSignup } = startSignup();
    fill({ ...VALID_FORM, memNick: ' 새회원 ' });
    actor.send({ type: 'signup.submit' });
    expect(submitSignup.current().input).toEqual({
      memId: 'newbie01',
      memPass: 'pass1234!',
      memPassCheck: 'pass1234!',
      memPhone: '01012345678',
      memPhoneVendor: '',
      bank: '004',
      memName: '홍길동',
      memNick: '새회원',
      bankacc: '123456789012',
      cashOutPass: '1234',
      nationCode: 'KR',
      partSendYn: 'N',
      memLevel: '1',
      memStatus: 0,
      recommenderId: 'partner01',
    });
  });

  it('alerts success, then shows the complete modal, then asks to open the login modal', async () => {
    const { actor, fill, submitSignup } = startSignup();
    fill(VALID_FORM);
    actor.send({ type: 'signup.submit' });
    submitSignup.current().resolve({ memId: 'newbie01', status: 'pending' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(selectSignupAlert(actor.getSnapshot())).toBe('front.member.completeSignup');
    expect(actor.getSnapshot().context.fields).toMatchObject({ memPass: '', memPassCheck: '', cashOutPass: '' });
    actor.send({ type: 'signup.ack' });
    expect(actor.getSnapshot().value).toBe('complete');
    expect(selectSignupAlert(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'signup.ack' });
    expect(actor.getSnapshot().value).toBe('openLogin');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['U101', 'memId'], ['U116', 'memId'], ['U102', 'memPass'], ['U103', 'cashOutPass'],
    ['U105', 'memNick'], ['U117', 'memNick'], ['BD005', 'memNick'], ['U104', 'memPhone'], ['U118', 'memPhone'],
    ['U106', 'bankacc'], ['U119', 'bankacc'], ['U112', 'recommenderId'], ['U113', 'recommenderId'], ['U114', 'recommenderId'],
  ])('server code %s shows api.%s and points at %s', async (code, field) => {
    const { actor, fill, submitSignup } = startSignup();
    fill(VALID_FORM);
    actor.send({ type: 'signup.submit' });
    submitSignup.current().reject({ code, message: '' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorId).toBe(`api.${code}`);
    expect(actor.getSnapshot().context.failure).toEqual({ field, messageId: `api.${code}` });
    expect(actor.getSnapshot().context.fields.memPass).toBe(VALID_FORM.memPass);
  });

  it.each([
    [{ code: 'U115', message: '' }, 'api.U115'],
    [{ code: 'R003', message: 'memNick' }, 'api.R003'],
    [new TypeError('Failed to fetch'), 'front.error.network'],
    [{ code: 'TE99', message: '' }, 'front.error.network'],
  ])('a refusal %o without a field shows %s', async (error, errorId) => {
    const { actor, fill, submitSignup } = startSignup();
    fill(VALID_FORM);
    actor.send({ type: 'signup.submit' });
    submitSignup.current().reject(error);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ errorId, failure: null });
    expect(selectSignupAlert(actor.getSnapshot())).toBe(errorId);
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
