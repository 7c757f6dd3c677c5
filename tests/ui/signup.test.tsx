// @vitest-environment jsdom
import { signupRuleCases } from '../fixtures/signupRuleCases';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SignupFields } from '../../contract/rules';
import { signupMachine, type SignupPayload } from '../../machines/signup';
import { SignupForm } from '../../src/features/auth/SignupForm';
import { t } from '../../src/i18n';
import { renderWithApp, setUpPageTests } from './harness';

setUpPageTests();

const banks = [
  { bankCode: '004', bankNameKr: '국민은행' },
  { bankCode: '088', bankNameKr: '신한은행' },
];

const valid: SignupFields = {
  memId: 'newbie01',
  memPass: 'pass1234',
  memPassCheck: 'pass1234',
  memNick: '새회원',
  memPhone: '010-1234-5678',
  cashOutPass: '1234',
  recommenderId: 'partner01',
  bank: '004',
  memName: '홍길동',
  bankacc: '1002123456',
};

const cases = signupRuleCases;

type SubmitSignup = (payload: SignupPayload) => Promise<unknown>;

function renderSignup(submitSignup = vi.fn<SubmitSignup>(async () => ({ memId: valid.memId, status: 'pending' })), fixedRecommenderId?: string, closed = false) {
  const onOpenLogin = vi.fn();
  const logic = signupMachine.provide({ actors: { submitSignup: fromPromise(({ input }) => submitSignup(input)) } });
  renderWithApp(<SignupForm banks={banks} fixedRecommenderId={fixedRecommenderId} onOpenLogin={onOpenLogin} logic={logic} closed={closed} />);
  return { submitSignup, onOpenLogin, form: screen.getByTestId('signup-form') as HTMLFormElement };
}

function fill(form: HTMLFormElement, values: Partial<SignupFields>) {
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) fireEvent.change(control, { target: { value } });
  }
}

async function closeAlert() {
  await userEvent.click(screen.getByTestId('alert-ok'));
  await waitFor(() => expect(screen.queryByTestId('alert')).toBeNull());
}

describe('sign-up form', () => {
  it('offers every field a member types or picks, with the bank list', () => {
    const { form } = renderSignup();
    for (const name of Object.keys(valid)) expect(form.elements.namedItem(name), name).not.toBeNull();
    const bank = form.elements.namedItem('bank') as HTMLSelectElement;
    expect([...bank.options].map((option) => option.textContent)).toEqual(['은행을 선택하세요', '국민은행', '신한은행']);
    expect((form.elements.namedItem('cashOutPass') as HTMLInputElement).maxLength).toBe(4);
  });

  it.each(cases)('%s shows its rule message and focuses the field', async (_, wrong, messageId) => {
    const { form, submitSignup } = renderSignup();
    fill(form, { ...valid, ...wrong });
    fireEvent.submit(form);

    expect((await screen.findByTestId('alert')).textContent).toContain(t(messageId));
    await closeAlert();
    expect(document.activeElement?.getAttribute('name')).toBe(Object.keys(wrong)[0]);
    expect(submitSignup).not.toHaveBeenCalled();
  });

  it('shows the fixed recommender as text and does not ask for it', async () => {
    const { form, submitSignup } = renderSignup(undefined, 'partner01');
    expect(form.elements.namedItem('recommenderId')).toBeNull();
    expect(screen.getByTestId('signup-recommender-fixed').textContent).toBe('partner01');
    fill(form, { ...valid, recommenderId: '' });
    fireEvent.submit(form);
    expect((await screen.findByTestId('alert')).textContent).toContain(t('front.member.completeSignup'));
    expect(submitSignup).toHaveBeenCalledTimes(1);
  });

  it('shows the server answer for a taken id', async () => {
    const submitSignup = vi.fn<SubmitSignup>(async () => {
      throw Object.assign(new Error('이미 사용 중인 아이디입니다.'), { code: 'U116' });
    });
    const { form } = renderSignup(submitSignup);
    fill(form, valid);
    fireEvent.submit(form);
    expect((await screen.findByTestId('alert')).textContent).toContain('이미 사용 중인 아이디입니다.');
  });

  it('sends a valid form, confirms, shows the pending-approval modal, then the login form', async () => {
    const { form, submitSignup, onOpenLogin } = renderSignup();
    fill(form, valid);
    fireEvent.submit(form);

    expect((await screen.findByTestId('alert')).textContent).toContain('회원가입 신청이 완료되었습니다.');
    expect(submitSignup).toHaveBeenCalledWith(expect.objectContaining({ memId: 'newbie01', bank: '004', cashOutPass: '1234' }));
    await closeAlert();
    const complete = await screen.findByTestId('signup-complete');
    expect(complete.textContent).toContain('관리자 승인');
    // The filled form is gone from behind the modal.
    expect(screen.queryByTestId('signup-form')).toBeNull();
    await userEvent.click(screen.getByText('로그인하러 가기'));
    await waitFor(() => expect(onOpenLogin).toHaveBeenCalledTimes(1));
  });

  it('is disabled with its reason when sign-up is closed, and sends nothing', async () => {
    const { form, submitSignup } = renderSignup(undefined, undefined, true);
    expect(screen.getByTestId('signup-closed').textContent).toBe('현재 회원가입이 중단되었습니다.');
    expect(form.getAttribute('aria-describedby')).toBe('signup-closed');
    for (const name of Object.keys(valid)) expect((form.elements.namedItem(name) as HTMLInputElement).matches(':disabled'), name).toBe(true);
    const submit = form.querySelector('button[type=submit]') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('alert')).toBeNull();
    expect(submitSignup).not.toHaveBeenCalled();
  });
});
