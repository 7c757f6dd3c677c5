import { useState } from 'react';
import type { CashType } from '../../../contract/wallet';
import { parseWon } from '../../../contract/amounts';
import { cashDraft, checkCash, EMPTY_CASH_FORM, type CashDraft, type CashForm } from '../../../machines/moneyDrafts';
import { useMoneyActor } from '../../data/moneyActions';
import { useCoinPrice } from '../../data/queries';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';
import { confirmText } from './formParts';

export type CashFormField = keyof Omit<CashForm, 'bonusYn'>;

/**
 * One money form: what the member typed, and the confirmed money action that sends it (the price shown
 * when they submit is locked into a USDT draft). An accepted request is announced and the form starts
 * over, keeping the bonus choice.
 */
export function useCashForm(cashType: CashType, priceKrw: number | null = null) {
  const [form, setForm] = useState<CashForm>(EMPTY_CASH_FORM);
  const action = useSendDialogs<CashDraft, unknown>(useMoneyActor<CashDraft>('cash', checkCash), {
    confirm: confirmText,
    retry: MONEY_RETRY_ID,
    done: () => ({ messageId: 'front.cash.accepted' }),
    onDone: () => setForm((current) => ({ ...EMPTY_CASH_FORM, bonusYn: current.bonusYn })),
  });
  return {
    form,
    busy: action.busy,
    sending: action.sending,
    change: (field: CashFormField, value: string) => setForm((current) => ({ ...current, [field]: value })),
    chooseBonus: (bonusYn: 'Y' | 'N') => setForm((current) => ({ ...current, bonusYn })),
    /** A preset adds to the amount, starting from zero when nothing readable was typed. */
    add: (amount: number) => setForm((current) => ({ ...current, amount: String((parseWon(current.amount) ?? 0) + amount) })),
    clear: () => setForm((current) => ({ ...current, amount: '', usdt: '' })),
    submit: () => action.submit(cashDraft(cashType, form, priceKrw)),
  };
}

export type CashFormState = ReturnType<typeof useCashForm>;

/** A USDT form: the current price (null until loaded) goes into its draft. */
export function useCoinCashForm(cashType: 'coinIn' | 'coinOut') {
  const coin = useCoinPrice();
  const price = coin.data;
  return { form: useCashForm(cashType, price?.priceKrw ?? null), price, priceFailed: coin.status === 'failed' };
}
