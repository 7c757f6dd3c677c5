import { useT } from '../../i18n';
import { AccountInquiry } from './AccountInquiry';
import { AmountField, CashFormFrame } from './formParts';
import { LimitsNote, useWalletLimits } from './LimitsNote';
import { RequestStatus } from './RequestStatus';
import { useCashForm, type CashFormState } from './useCashForm';
import { WalletPage } from './WalletPage';

function BonusChoice({ form }: { form: CashFormState }) {
  const t = useT();
  const limits = useWalletLimits();
  const chosen = form.form.bonusYn;
  return (
    <fieldset className="bonus-choice">
      <legend className="field__label">{t('front.cash.bonus')}</legend>
      <label className="bonus-choice__option">
        <input type="radio" className="radio" name="bonusYn" value="Y" checked={chosen === 'Y'} onChange={() => form.chooseBonus('Y')} />
        <span>
          {t('front.cash.bonusYes')}
          {/* Its line is kept while the rates load, so the choices below do not move when they come. */}
          <small className="bonus-choice__rates" aria-hidden={limits ? undefined : true}>
            {limits ? t('front.cash.bonusRates', { first: limits.firstDepositBonusRate, daily: limits.dailyBonusRate }) : '\u00a0'}
          </small>
        </span>
      </label>
      <label className="bonus-choice__option">
        <input type="radio" className="radio" name="bonusYn" value="N" checked={chosen === 'N'} onChange={() => form.chooseBonus('N')} />
        <span>{t('front.cash.bonusNo')}</span>
      </label>
    </fieldset>
  );
}

/** /charge: a won deposit request (presets, typed amount, bonus choice), the account to pay into, the open request. */
export function DepositPage() {
  const t = useT();
  const form = useCashForm('in');
  return (
    <WalletPage
      title={t('front.cash.depositTitle')}
      side={
        <>
          <AccountInquiry />
          <RequestStatus direction="deposit" />
        </>
      }
    >
      <CashFormFrame form={form} testId="deposit-form" submitLabel={t('front.cash.submitDeposit')}>
        <AmountField form={form} />
        <LimitsNote direction="deposit" />
        <BonusChoice form={form} />
      </CashFormFrame>
    </WalletPage>
  );
}
