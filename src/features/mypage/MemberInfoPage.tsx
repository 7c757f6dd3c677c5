import { useState } from 'react';
import { CASH_OUT_PASS_PATTERN, NEW_PASS_PATTERN, formatPhone } from '../../../contract/rules';
import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useMemberUpdate, type SecretUpdate } from '../../data/memberUpdate';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Facts } from '../../ui/Facts';
import { Field } from '../../ui/Field';
import { SubmitForm } from '../../ui/SubmitForm';
import { useSendDialogs } from '../../ui/useSendDialogs';
import { MyPageLayout } from './MyPageLayout';

interface SecretForm {
  kind: 'password' | 'cashOutPass';
  /** Message ids: the form's title, the rule of a new secret, the change's completion. */
  title: string;
  rule: string;
  done: string;
  pattern: RegExp;
  maxLength: number;
  inputMode?: 'numeric';
}

const FORMS: SecretForm[] = [
  { kind: 'password', title: 'front.info.passTitle', rule: 'front.info.passRule', done: 'front.info.passChanged', pattern: NEW_PASS_PATTERN, maxLength: 20 },
  { kind: 'cashOutPass', title: 'front.info.cashOutTitle', rule: 'front.info.cashOutRule', done: 'front.info.cashOutChanged', pattern: CASH_OUT_PASS_PATTERN, maxLength: 4, inputMode: 'numeric' },
];

/** What is wrong with the typed secrets, before anything is sent: the current one, the new one's rule (SPEC §5), the two alike. */
function secretProblem(form: SecretForm, typed: SecretUpdate): string | null {
  if (!typed.current) return 'front.info.enterCurrent';
  if (!form.pattern.test(typed.next)) return form.rule;
  if (typed.next !== typed.check) return 'api.U203';
  return null;
}

/** Changing a secret: the current one, the new one (its rule, SPEC §5) and its confirmation. */
function SecretChange({ form }: { form: SecretForm }) {
  const t = useT();
  const [values, setValues] = useState({ current: '', next: '', check: '' });
  const update = useSendDialogs<SecretUpdate, unknown>(useMemberUpdate((typed) => secretProblem(form, typed)), {
    onDone: () => setValues({ current: '', next: '', check: '' }),
    done: () => ({ messageId: form.done }),
  });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const id = (field: string) => `${form.kind}-${field}`;
  const input = (field: keyof typeof values) => (
    <input
      id={id(field)}
      name={id(field)}
      type="password"
      autoComplete={field === 'current' ? 'current-password' : 'new-password'}
      inputMode={form.inputMode}
      maxLength={form.maxLength}
      value={values[field]}
      onChange={set(field)}
    />
  );
  return (
    <SubmitForm className="mypage-form" onSubmit={() => update.submit({ kind: form.kind, ...values })} testId={`info-${form.kind}`}>
      <h2 className="mypage__subtitle">{t(form.title)}</h2>
      <Field htmlFor={id('current')} label={t('front.info.current')}>{input('current')}</Field>
      <Field htmlFor={id('next')} label={t('front.info.new')} hint={t(form.rule)}>{input('next')}</Field>
      <Field htmlFor={id('check')} label={t('front.info.confirm')}>{input('check')}</Field>
      <Button type="submit" disabled={update.sending} data-testid={`info-${form.kind}-submit`}>{t('front.info.change')}</Button>
    </SubmitForm>
  );
}

/** SPEC §2 my page info: the member's facts and changing the password and the cash-out password. */
export function MemberInfoPage() {
  const t = useT();
  const member = useSessionSelector(selectMember);
  if (!member) return null;
  return (
    <MyPageLayout section="memberInfo">
      <Facts
        testId="member-info"
        rows={[
          { label: t('front.info.memId'), value: member.memId, testId: 'info-memId' },
          { label: t('front.info.memNick'), value: member.memNick },
          { label: t('front.info.memName'), value: member.memName },
          { label: t('front.info.memPhone'), value: formatPhone(member.memPhone), testId: 'info-memPhone' },
          { label: t('front.info.bank'), value: member.bankName },
          { label: t('front.info.bankacc'), value: member.bankacc, testId: 'info-bankacc' },
          { label: t('front.info.level'), value: member.memLevel },
          { label: t('front.info.recommender'), value: member.recommenderId ?? t('front.mypage.none') },
        ]}
      />
      {FORMS.map((form) => <SecretChange key={form.kind} form={form} />)}
    </MyPageLayout>
  );
}
