import type { AnswerOf } from '../../../contract/calls';
import { useState } from 'react';
import { CASH_OUT_PASS_LENGTH } from '../../../contract/constants';
import { callApi } from '../../api/client';
import { formatNumber } from '../../i18n/format';
import type { AlertContent } from '../../ui/alerts';
import { amountValue } from './amountText';
import { useMoneyAction } from './useMoneyAction';

export interface GiveForm {
  toMemId: string;
  amount: number | null;
  cashOutPass: string;
}

/** The member's mistake in a transfer, in the order of the form (the server checks everything again, the password included: C008). */
export function checkGive({ toMemId, amount, cashOutPass }: GiveForm): AlertContent | null {
  if (!toMemId) return { messageId: 'front.mypage.giveTargetEmpty' };
  if (!amount) return { messageId: 'api.C303' };
  if (!cashOutPass) return { messageId: 'api.C205' };
  return null;
}

/** The transfer form: recipient, amount, cash-out password; one confirmed request; `onGiven` after success. */
export function useGive(onGiven: () => void) {
  const [toMemId, setToMemId] = useState('');
  const [digits, setDigits] = useState('');
  const [cashOutPass, setCashOutPass] = useState('');
  const action = useMoneyAction<GiveForm, AnswerOf<'give'>>({
    check: checkGive,
    confirm: (form) => ({ messageId: 'front.mypage.giveConfirm', values: { toMemId: form.toMemId, amount: formatNumber(form.amount ?? 0) } }),
    send: (form, idempotencyKey) => callApi('give', { idempotencyKey, toMemId: form.toMemId, amount: form.amount ?? undefined, cashOutPass: form.cashOutPass }),
    onDone: () => {
      setDigits('');
      setCashOutPass('');
      onGiven();
    },
    done: (_answer, form) => ({ messageId: 'front.mypage.giveDone', values: { toMemId: form.toMemId, amount: formatNumber(form.amount ?? 0) } }),
  });
  return {
    toMemId,
    setToMemId,
    digits,
    setDigits,
    cashOutPass,
    setCashOutPass: (value: string) => setCashOutPass(value.replace(/\D/g, '').slice(0, CASH_OUT_PASS_LENGTH)),
    submitting: action.submitting,
    submit: () => action.submit({ toMemId: toMemId.trim(), amount: amountValue(digits), cashOutPass }),
  };
}
