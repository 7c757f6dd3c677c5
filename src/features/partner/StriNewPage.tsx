import { useNavigate } from '@tanstack/react-router';
import { useState, type ChangeEvent } from 'react';
import { CASH_OUT_PASS_LENGTH } from '../../../contract/constants';
import { lowerLevelOf, type RateTable } from '../../../contract/partner';
import { digitsOnly } from '../../../contract/rules';
import { checkNewPartner, newPartnerDraft, rateProblem, rateTexts, type NewPartnerDraft, type NewPartnerFields, type RateTexts } from '../../../machines/partnerDrafts';
import { useNewPartnerSender, usePartnerRates, usePartnerSummary } from '../../data/partner';
import { useBanks } from '../../data/siteReads';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { ReadNote } from '../../ui/ReadNote';
import { SubmitForm } from '../../ui/SubmitForm';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';
import { LEVEL_LABEL, cellName, rateText } from './names';
import { PartnerSection } from './PartnerSection';
import { RateInputs } from './RateTable';

const EMPTY: NewPartnerFields = { memId: '', memPass: '', memPassCheck: '', cashOutPass: '', memNick: '', memPhone: '', bank: '', memName: '', bankacc: '' };

const TEXT_FIELDS: { name: Exclude<keyof NewPartnerFields, 'bank'>; label: string; type?: string; inputMode?: 'numeric' | 'tel'; maxLength?: number }[] = [
  { name: 'memId', label: 'front.member.memId' },
  { name: 'memNick', label: 'front.member.memNick' },
  { name: 'memPass', label: 'front.member.memPass', type: 'password' },
  { name: 'memPassCheck', label: 'front.member.memPassCheck', type: 'password' },
  { name: 'memPhone', label: 'front.member.memPhone', type: 'tel', inputMode: 'tel' },
  { name: 'cashOutPass', label: 'front.member.cashOutPass', type: 'password', inputMode: 'numeric', maxLength: CASH_OUT_PASS_LENGTH },
  { name: 'memName', label: 'front.member.memName' },
  { name: 'bankacc', label: 'front.member.bankacc', inputMode: 'numeric' },
];

/**
 * /striNew (SPEC §2): a lower partner one level below the caller, with the sign-up model's fields (checked by
 * SPEC §5's rules) and starting rates, each at most the caller's own; sent through the confirmed-send tail.
 */
export function StriNewPage() {
  const summary = usePartnerSummary();
  const own = usePartnerRates('');
  return (
    <PartnerSection id="striNew">
      {summary.status !== 'ready' ? <ReadNote read={summary} /> : own.status !== 'ready' ? <ReadNote read={own} /> : (
        <NewPartnerForm level={lowerLevelOf(summary.data.level)} allowed={summary.data.canCreateLower} own={own.data.rates} />
      )}
    </PartnerSection>
  );
}

function NewPartnerForm({ level, allowed, own }: { level: ReturnType<typeof lowerLevelOf>; allowed: boolean; own: RateTable }) {
  const t = useT();
  const tree = useTree();
  const navigate = useNavigate();
  const banks = useBanks();
  const [fields, setFields] = useState<NewPartnerFields>(EMPTY);
  const [texts, setTexts] = useState<RateTexts>(() => Object.fromEntries(Object.keys(rateTexts(own)).map((key) => [key, '0.00'])));
  const draft = newPartnerDraft(fields, own, texts);
  const problem = rateProblem(draft.rates);
  const action = useSendDialogs<NewPartnerDraft, unknown>(useNewPartnerSender(checkNewPartner), {
    retry: MONEY_RETRY_ID,
    confirm: (request) => ({ messageId: 'front.partner.striNew.confirm', values: { memId: request.fields.memId, level: level ? t(LEVEL_LABEL[level]) : '' } }),
    errorValues: problem ? { rate: cellName(problem.change), cap: rateText(problem.change.cap) } : {},
    done: (_answer, request) => ({ messageId: 'front.partner.striNew.done', values: { memId: request.fields.memId } }),
    then: () => void navigate(screenLink(tree, 'partnerList')),
  });
  if (!allowed || !level) return <p className="panel-note panel-note--error" data-testid="stri-new-refused">{t('api.PT005')}</p>;
  const change = (name: keyof NewPartnerFields) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = name === 'cashOutPass' ? digitsOnly(event.target.value) : event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  return (
    <SubmitForm className="partner-form" testId="stri-new-form" onSubmit={() => action.submit(draft)}>
      <p className="partner-form__level" data-testid="stri-new-level">{t('front.partner.striNew.level', { level: t(LEVEL_LABEL[level]) })}</p>
      <fieldset>
        <legend>{t('front.member.sectionAccount')}</legend>
        <div className="form-grid">
          {TEXT_FIELDS.map((spec) => (
            <Field key={spec.name} htmlFor={`stri-${spec.name}`} label={t(spec.label)}>
              <input
                id={`stri-${spec.name}`}
                name={spec.name}
                type={spec.type ?? 'text'}
                inputMode={spec.inputMode}
                maxLength={spec.maxLength}
                autoComplete={spec.type === 'password' ? 'new-password' : 'off'}
                value={fields[spec.name]}
                onChange={change(spec.name)}
              />
            </Field>
          ))}
          <Field htmlFor="stri-bank" label={t('front.member.bank')}>
            <select id="stri-bank" name="bank" value={fields.bank} onChange={change('bank')}>
              <option value="">{t('front.member.bankSelect')}</option>
              {banks.status === 'ready' && banks.data.list.map((bank) => <option key={bank.bankCode} value={bank.bankCode}>{bank.bankNameKr}</option>)}
            </select>
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('front.partner.summary.rates')}</legend>
        <RateInputs texts={texts} caps={own} idPrefix="stri-rate" onChange={(key, text) => setTexts((current) => ({ ...current, [key]: text }))} />
      </fieldset>
      <Button type="submit" size="lg" block disabled={action.busy} data-testid="stri-new-submit">
        {t('front.partner.striNew.submit')}
      </Button>
    </SubmitForm>
  );
}
