import { useState } from 'react';
import { pointConvertMinimum } from '../../../contract/constants';
import { checkPoints, pointDraft, type PointDraft } from '../../../machines/moneyDrafts';
import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useMoneyActor } from '../../data/moneyActions';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { Facts } from '../../ui/Facts';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { SubmitForm } from '../../ui/SubmitForm';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';

/**
 * The point conversion form's state, sent as one confirmed money action: points typed (digits), the
 * member's held points (live from the session, which CASH pushes keep current), the minimum for the language.
 */
function usePointConversion() {
  const heldPoints = useSessionSelector((snapshot) => selectMember(snapshot)?.pointAmt ?? 0);
  const [digits, setDigits] = useState('');
  const locale = currentLocale();
  const minimum = pointConvertMinimum(locale);
  const amountOf = (draft: PointDraft) => ({ amount: formatNumber(draft.amount ?? 0) });
  const action = useSendDialogs<PointDraft, unknown>(useMoneyActor<PointDraft>('pointConvert', (draft) => checkPoints(draft, heldPoints, locale)), {
    retry: MONEY_RETRY_ID,
    confirm: (draft) => ({ messageId: 'front.mypage.pointConfirm', values: amountOf(draft) }),
    done: (_answer, draft) => ({ messageId: 'front.mypage.pointConverted', values: amountOf(draft) }),
    onDone: () => setDigits(''),
    errorValues: { min: formatNumber(minimum) },
  });
  return {
    digits,
    setDigits,
    heldPoints,
    minimum,
    useAll: () => setDigits(String(heldPoints)),
    submitting: action.busy,
    submit: () => action.submit(pointDraft(digits)),
  };
}

/** Points -> held money (1 point = 1 won): amount, all points, the minimum, confirm, one request. */
export function PointConvertForm() {
  const t = useT();
  const form = usePointConversion();
  return (
    <SubmitForm className="mypage-form" testId="point-convert" onSubmit={() => void form.submit()}>
      <Facts
        rows={[
          { label: t('front.mypage.heldPoints'), value: <Money amount={form.heldPoints} unit="points" testId="held-points" /> },
          { label: t('front.mypage.pointRate'), value: t('front.mypage.pointRateValue') },
        ]}
      />
      <Field
        htmlFor="point-amount"
        label={t('front.mypage.pointAmount')}
        hint={<span data-testid="point-minimum">{t('front.mypage.pointMinimumHint', { min: formatNumber(form.minimum) })}</span>}
      >
        <div className="mypage-form__row">
          <AmountInput id="point-amount" name="pointAmount" digits={form.digits} onDigits={form.setDigits} placeholder={t('front.mypage.pointPlaceholder')} />
          <Button variant="ghost" onClick={form.useAll} data-testid="point-all">
            {t('front.mypage.allPoints')}
          </Button>
        </div>
      </Field>
      <Button type="submit" size="lg" block disabled={form.submitting} data-testid="point-submit">
        {t('front.mypage.pointSubmit')}
      </Button>
    </SubmitForm>
  );
}
