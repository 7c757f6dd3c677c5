import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { AmountInput } from './AmountInput';
import { usePointConversion } from './usePointConversion';

/** Points -> held money (1 point = 1 won): amount, all points, the minimum, confirm, one request. */
export function PointConvertForm() {
  const t = useT();
  const form = usePointConversion();
  return (
    <form
      className="mypage-form"
      data-testid="point-convert"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <dl className="mypage-facts">
        <div>
          <dt>{t('front.mypage.heldPoints')}</dt>
          <dd>
            <Money amount={form.heldPoints} unit="points" testId="held-points" />
          </dd>
        </div>
        <div>
          <dt>{t('front.mypage.pointRate')}</dt>
          <dd>{t('front.mypage.pointRateValue')}</dd>
        </div>
      </dl>
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
    </form>
  );
}
