import { useActor } from '@xstate/react';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { CASH_OUT_PASS_LENGTH } from '../../../contract/constants';
import { digitsOnly, type SignupField } from '../../../contract/rules';
import type { Bank } from '../../../contract/types';
import { selectSignupAlert } from '../../../machines/signup';
import { inspectOption } from '../../inspector';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SignupCompleteModal } from './SignupCompleteModal';
import { signupLogic, type SignupLogic } from '../../data/signupLogic';
import { useMessageAlert } from './useMessageAlert';

export interface SignupFormProps {
  banks: readonly Bank[];
  /** The site's default recommender; when set the field is fixed text (SPEC §5). */
  fixedRecommenderId?: string;
  /** The member finished (pending-approval modal acknowledged): show the login form. */
  onOpenLogin(): void;
  /** The machine with its actors; tests pass a fake submitSignup. */
  logic?: SignupLogic;
  /** Sign-up is closed (site option): every field and the button are disabled and the form says why. */
  closed?: boolean;
}

interface TextFieldSpec {
  name: Exclude<SignupField, 'bank' | 'recommenderId'>;
  label: string;
  hint?: string;
  type?: 'text' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength?: number;
}

const ACCOUNT_FIELDS: TextFieldSpec[] = [
  { name: 'memId', label: 'front.member.memId', hint: 'front.member.memIdHint', autoComplete: 'username' },
  { name: 'memNick', label: 'front.member.memNick', hint: 'front.member.memNickHint', autoComplete: 'nickname' },
  { name: 'memPass', label: 'front.member.memPass', hint: 'front.member.memPassHint', type: 'password', autoComplete: 'new-password' },
  { name: 'memPassCheck', label: 'front.member.memPassCheck', type: 'password', autoComplete: 'new-password' },
  { name: 'memPhone', label: 'front.member.memPhone', hint: 'front.member.memPhoneHint', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  {
    name: 'cashOutPass',
    label: 'front.member.cashOutPass',
    hint: 'front.member.cashOutPassHint',
    type: 'password',
    inputMode: 'numeric',
    maxLength: CASH_OUT_PASS_LENGTH,
    autoComplete: 'off',
  },
];

const BANK_FIELDS: TextFieldSpec[] = [
  { name: 'memName', label: 'front.member.memName', autoComplete: 'name' },
  { name: 'bankacc', label: 'front.member.bankacc', hint: 'front.member.bankaccHint', inputMode: 'numeric', autoComplete: 'off' },
];

/**
 * Every field of the SPEC §3 signup model a member types or picks, laid out in pairs; the machine checks
 * them in SPEC §5's order whatever the layout.
 */
export function SignupForm({ banks, fixedRecommenderId, onOpenLogin, logic = signupLogic, closed = false }: SignupFormProps) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [snapshot, send] = useActor(logic, {
    ...inspectOption(),
    input: { recommenderFixed: Boolean(fixedRecommenderId), recommenderId: fixedRecommenderId },
  });
  const { fields, failure } = snapshot.context;
  const succeeded = snapshot.matches('succeeded');

  // One alert at a time: the rule or server message (then focus its field), or the success alert (then go on).
  useMessageAlert(selectSignupAlert(snapshot), succeeded ? 'agreeart' : 'warningart', () => {
    if (succeeded) return send({ type: 'signup.ack' });
    send({ type: 'signup.dismissError' });
    const control = failure && formRef.current?.elements.namedItem(failure.field);
    if (control instanceof HTMLElement) control.focus();
  });

  const finished = snapshot.status === 'done';
  useEffect(() => {
    if (finished) onOpenLogin();
  }, [finished, onOpenLogin]);

  function change(field: SignupField) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = field === 'cashOutPass' ? digitsOnly(event.target.value) : event.target.value;
      send({ type: 'signup.change', field, value });
    };
  }

  function textField(spec: TextFieldSpec): ReactNode {
    const id = `signup-${spec.name}`;
    return (
      <Field key={spec.name} htmlFor={id} label={t(spec.label)} hint={spec.hint && t(spec.hint)} invalid={failure?.field === spec.name}>
        <input
          id={id}
          name={spec.name}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          maxLength={spec.maxLength}
          autoComplete={spec.autoComplete}
          value={fields[spec.name]}
          onChange={change(spec.name)}
        />
      </Field>
    );
  }

  // Once the account is sent the form has done its job: the success alert and the complete modal stand alone.
  if (succeeded || snapshot.matches('complete') || finished) {
    return snapshot.matches('complete') ? <SignupCompleteModal onAck={() => send({ type: 'signup.ack' })} /> : null;
  }

  return (
    <form
      ref={formRef}
      className="auth-form signup-form"
      data-testid="signup-form"
      noValidate
      aria-describedby={closed ? 'signup-closed' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!closed) send({ type: 'signup.submit' });
      }}
    >
      {closed && (
        <p id="signup-closed" className="panel-note panel-note--error" role="status" data-testid="signup-closed">
          {t('front.member.signupClosed')}
        </p>
      )}
      <fieldset disabled={closed}>
        <legend>{t('front.member.sectionAccount')}</legend>
        <div className="form-grid">
          {ACCOUNT_FIELDS.map(textField)}
          <Field htmlFor="signup-recommenderId" label={t('front.member.recommenderId')} invalid={failure?.field === 'recommenderId'}>
            {fixedRecommenderId ? (
              <p id="signup-recommenderId" className="fixed-value" data-testid="signup-recommender-fixed">
                {fixedRecommenderId}
              </p>
            ) : (
              <input
                id="signup-recommenderId"
                name="recommenderId"
                placeholder={t('front.member.recommenderHint')}
                value={fields.recommenderId}
                onChange={change('recommenderId')}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset disabled={closed}>
        <legend>{t('front.member.sectionBank')}</legend>
        <div className="form-grid">
          <Field htmlFor="signup-bank" label={t('front.member.bank')} invalid={failure?.field === 'bank'}>
            <select id="signup-bank" name="bank" value={fields.bank} onChange={change('bank')}>
              <option value="">{t('front.member.bankSelect')}</option>
              {banks.map((bank) => (
                <option key={bank.bankCode} value={bank.bankCode}>
                  {bank.bankNameKr}
                </option>
              ))}
            </select>
          </Field>
          {BANK_FIELDS.map(textField)}
        </div>
      </fieldset>
      <Button type="submit" size="lg" block disabled={closed || snapshot.matches('submitting')}>
        {t('front.member.submit')}
      </Button>
      {snapshot.matches('submitting') && <LoadingOverlay />}
    </form>
  );
}
