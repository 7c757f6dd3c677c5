import { AMOUNT_PRESET_UNIT } from '../../../contract/constants';
/** Pieces every money form shares: the amount with its presets, the cash-out password, the confirm dialog. */
import type { ReactNode } from 'react';
import type { CashDraft, CashFormField } from '../../../machines/cashRequest';
import { formatUsdt, parseWon, usdtForWon, wonForUsdt } from '../../../machines/walletAmounts';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { LoadingOverlay } from '../../ui/Overlay';
import type { CashFormState } from './useCashForm';

/** The preset buttons add these won to the amount (SPEC §9: units of 10,000 won). */
export const AMOUNT_PRESETS = [1, 5, 10, 50, 100].map((units) => units * AMOUNT_PRESET_UNIT);

/** What the member typed, with separators once it reads as a number. */
export function amountText(text: string): string {
  const amount = parseWon(text);
  return amount === null ? text : formatNumber(amount);
}

export function AmountField({ form, label }: { form: CashFormState; label?: string }) {
  const t = useT();
  const { snapshot, send } = form;
  return (
    <Field htmlFor="cash-amount" label={label ?? t('front.cash.amount')}>
      <div className="amount-input">
        <input
          id="cash-amount"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('front.cash.amountPlaceholder')}
          value={amountText(snapshot.context.form.amount)}
          onChange={(event) => send({ type: 'cash.change', field: 'amount', value: event.target.value })}
        />
        <span className="amount-input__unit">{t('front.cash.wonUnit')}</span>
      </div>
      <div className="amount-presets" role="group" aria-label={t('front.cash.presets')}>
        {AMOUNT_PRESETS.map((amount) => (
          <Button key={amount} variant="ghost" size="sm" data-testid={`preset-${amount}`} onClick={() => send({ type: 'cash.add', amount })}>
            {t('front.cash.preset', { amount: formatNumber(amount) })}
          </Button>
        ))}
        <Button variant="ghost" size="sm" className="amount-presets__reset" data-testid="amount-reset" onClick={() => send({ type: 'cash.clear' })}>
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
  const { snapshot, send } = form;
  const id = `cash-${field}`;
  return (
    <Field htmlFor={id} label={label} hint={hint}>
      <input
        id={id}
        name={field}
        {...input}
        value={snapshot.context.form[field]}
        onChange={(event) => send({ type: 'cash.change', field, value: event.target.value })}
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

/** The yes/no question before a money request is sent (or cancelled). */
export function ConfirmDialog({ text, onYes, onNo }: { text: string; onYes(): void; onNo(): void }) {
  const t = useT();
  return (
    <Modal
      title={t('front.cash.confirmTitle')}
      testId="confirm"
      className="alert alert--agreeart"
      closeButton={false}
      onClose={onNo}
      footer={
        <>
          <Button variant="ghost" data-testid="confirm-no" onClick={onNo}>
            {t('front.alert.no')}
          </Button>
          <Button autoFocus data-testid="confirm-yes" onClick={onYes}>
            {t('front.alert.yes')}
          </Button>
        </>
      }
    >
      <p className="alert__text" role="alert">
        {text}
      </p>
    </Modal>
  );
}

/** What exactly the member is about to request, in their language. */
export function confirmText(draft: CashDraft, t: (id: string, values?: Record<string, unknown>) => string): string {
  switch (draft.cashType) {
    case 'in':
      return t(draft.payload.bonusYn === 'Y' ? 'front.cash.confirmDeposit' : 'front.cash.confirmDepositNoBonus', {
        amount: formatNumber(draft.payload.amount),
      });
    case 'out':
      return t('front.cash.confirmWithdrawal', { amount: formatNumber(draft.payload.amount) });
    case 'coinIn':
      return t('front.cash.confirmCoinDeposit', {
        usdt: formatUsdt(draft.payload.usdtAmount),
        amount: formatNumber(wonForUsdt(draft.payload.usdtAmount, draft.payload.priceKrw)),
        price: formatNumber(draft.payload.priceKrw),
      });
    case 'coinOut':
      return t('front.cash.confirmCoinWithdrawal', {
        amount: formatNumber(draft.payload.amount),
        usdt: formatUsdt(usdtForWon(draft.payload.amount, draft.payload.priceKrw)),
        price: formatNumber(draft.payload.priceKrw),
        address: draft.payload.address,
      });
  }
}

/**
 * The form element: submit asks the machine (which checks and opens the confirmation), the confirm
 * dialog says what exactly will be requested, and the page waits under an overlay while it is sent.
 */
export function CashFormFrame({ form, testId, submitLabel, children }: {
  form: CashFormState;
  testId: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  const { snapshot, send } = form;
  return (
    <form
      className="cash-form"
      data-testid={testId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'cash.submit' });
      }}
    >
      {children}
      <Button type="submit" size="lg" block data-testid="cash-submit" disabled={!snapshot.matches('editing')}>
        {submitLabel}
      </Button>
      {snapshot.matches('confirming') && snapshot.context.draft && (
        <ConfirmDialog
          text={confirmText(snapshot.context.draft, t)}
          onYes={() => send({ type: 'cash.confirm' })}
          onNo={() => send({ type: 'cash.cancel' })}
        />
      )}
      {snapshot.matches('submitting') && <LoadingOverlay label={t('front.cash.sending')} />}
    </form>
  );
}
