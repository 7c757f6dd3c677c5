/** Pieces every money form shares: the amount with its presets, the cash-out password, the confirm text. */
import type { ReactNode } from 'react';
import { formatUsdt, parseWon, usdtForWon, wonForUsdt } from '../../../contract/amounts';
import { AMOUNT_PRESET_UNIT } from '../../../contract/constants';
import type { CashDraft } from '../../../machines/moneyDrafts';
import type { AlertContent } from '../../ui/alerts';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { SubmitForm } from '../../ui/SubmitForm';
import type { CashFormField, CashFormState } from './useCashForm';

/** The preset buttons add these won to the amount (SPEC §9: units of 10,000 won). */
export const AMOUNT_PRESETS = [1, 5, 10, 50, 100].map((units) => units * AMOUNT_PRESET_UNIT);

/** What the member typed, with separators once it reads as a number. */
export function amountText(text: string): string {
  const amount = parseWon(text);
  return amount === null ? text : formatNumber(amount);
}

export function AmountField({ form, label }: { form: CashFormState; label?: string }) {
  const t = useT();
  return (
    <Field htmlFor="cash-amount" label={label ?? t('front.cash.amount')}>
      <div className="amount-input">
        <input
          id="cash-amount"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('front.cash.amountPlaceholder')}
          value={amountText(form.form.amount)}
          onChange={(event) => form.change('amount', event.target.value)}
        />
        <span className="amount-input__unit">{t('front.cash.wonUnit')}</span>
      </div>
      <div className="amount-presets" role="group" aria-label={t('front.cash.presets')}>
        {AMOUNT_PRESETS.map((amount) => (
          <Button key={amount} variant="ghost" size="sm" data-testid={`preset-${amount}`} onClick={() => form.add(amount)}>
            {t('front.cash.preset', { amount: formatNumber(amount) })}
          </Button>
        ))}
        <Button variant="ghost" size="sm" className="amount-presets__reset" data-testid="amount-reset" onClick={form.clear}>
          {t('front.cash.reset')}
        </Button>
      </div>
    </Field>
  );
}

export function TextField({ form, field, label, hint, ...input }: {
  form: CashFormState;
  field: CashFormField;
  label: string;
  hint?: ReactNode;
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'maxLength' | 'placeholder' | 'autoComplete'>) {
  const id = `cash-${field}`;
  return (
    <Field htmlFor={id} label={label} hint={hint}>
      <input
        id={id}
        name={field}
        {...input}
        value={form.form[field]}
        onChange={(event) => form.change(field, event.target.value)}
      />
    </Field>
  );
}

export function CashOutPassField({ form }: { form: CashFormState }) {
  const t = useT();
  return (
    <TextField
      form={form}
      field="cashOutPass"
      label={t('front.cash.cashOutPass')}
      hint={t('front.cash.cashOutPassHint')}
      type="password"
      inputMode="numeric"
      maxLength={4}
      autoComplete="off"
    />
  );
}

/** What exactly the member is about to request. */
export function confirmText(draft: CashDraft): AlertContent {
  const amount = (won: number | null) => formatNumber(won ?? 0);
  switch (draft.cashType) {
    case 'in':
      return { messageId: draft.bonusYn === 'Y' ? 'front.cash.confirmDeposit' : 'front.cash.confirmDepositNoBonus', values: { amount: amount(draft.amount) } };
    case 'out':
      return { messageId: 'front.cash.confirmWithdrawal', values: { amount: amount(draft.amount) } };
    case 'coinIn': {
      const usdt = draft.usdtAmount ?? 0;
      const price = draft.priceKrw ?? 0;
      return { messageId: 'front.cash.confirmCoinDeposit', values: { usdt: formatUsdt(usdt), amount: amount(wonForUsdt(usdt, price)), price: formatNumber(price) } };
    }
    case 'coinOut': {
      const won = draft.amount ?? 0;
      const price = draft.priceKrw ?? 0;
      return {
        messageId: 'front.cash.confirmCoinWithdrawal',
        values: { amount: amount(won), usdt: formatUsdt(usdtForWon(won, price)), price: formatNumber(price), address: draft.address },
      };
    }
  }
}

/**
 * The form element: submit hands the draft to the money action (which checks it and asks to confirm),
 * and the page waits under an overlay while it is sent.
 */
export function CashFormFrame({ form, testId, submitLabel, children }: {
  form: CashFormState;
  testId: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <SubmitForm className="cash-form" testId={testId} onSubmit={form.submit}>
      {children}
      <Button type="submit" size="lg" block data-testid="cash-submit" disabled={form.busy}>
        {submitLabel}
      </Button>
      {form.sending && <LoadingOverlay label={t('front.cash.sending')} />}
    </SubmitForm>
  );
}
