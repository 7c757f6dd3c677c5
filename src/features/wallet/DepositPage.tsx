import type { WalletLimits } from '../../../contract/wallet';
import { useWalletInfo } from '../../data/queries';
import { useT } from '../../i18n';
import { AccountInquiry } from './AccountInquiry';
import { AmountField, CashFormFrame } from './formParts';
import { LimitsNote } from './LimitsNote';
import { RequestStatus } from './RequestStatus';
import { useCashForm, type CashFormState } from './useCashForm';
import './wallet.css';

function BonusChoice({ form, limits }: { form: CashFormState; limits: WalletLimits | null }) {
  const t = useT();
  const chosen = form.form.bonusYn;
  return (
    <fieldset className="bonus-choice">
      <legend className="field__label">{t('front.cash.bonus')}</legend>
      <label className="bonus-choice__option">
        <input type="radio" name="bonusYn" value="Y" checked={chosen === 'Y'} onChange={() => form.chooseBonus('Y')} />
        <span>
          {t('front.cash.bonusYes')}
          {limits && (
            <small className="bonus-choice__rates">
              {t('front.cash.bonusRates', { first: limits.firstDepositBonusRate, daily: limits.dailyBonusRate })}
            </small>
          )}
        </span>
      </label>
      <label className="bonus-choice__option">
        <input type="radio" name="bonusYn" value="N" checked={chosen === 'N'} onChange={() => form.chooseBonus('N')} />
        <span>{t('front.cash.bonusNo')}</span>
      </label>
    </fieldset>
  );
}

/** /charge: a won deposit request (presets, typed amount, bonus choice), the account to pay into, the open request. */
export function DepositPage() {
  const t = useT();
  const form = useCashForm('in');
  const info = useWalletInfo();
  const limits = info.status === 'ready' ? info.data.limits : null;
  return (
    <div className="wallet-page">
      <section className="wallet-panel wallet-panel--main">
        <h1 className="section-title">{t('front.cash.depositTitle')}</h1>
        <CashFormFrame form={form} testId="deposit-form" submitLabel={t('front.cash.submitDeposit')}>
          <AmountField form={form} />
          {limits && <LimitsNote min={limits.depositMin} max={limits.depositMax} unit={limits.depositUnit} />}
          <BonusChoice form={form} limits={limits} />
        </CashFormFrame>
      </section>
      <div className="wallet-page__side">
        <AccountInquiry />
        <RequestStatus direction="deposit" />
      </div>
    </div>
  );
}
