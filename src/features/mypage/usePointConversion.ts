import type { AnswerOf } from '../../../contract/calls';
import { useState } from 'react';
import { selectMember } from '../../../machines/session';
import { callApi } from '../../api/client';
import { useSessionSelector } from '../../app/appContext';
import { currentLocale } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { amountValue } from './amountText';
import { pointConvertMinimum } from '../../../contract/constants';
import { checkPointConversion } from './pointRules';
import { useMoneyAction } from './useMoneyAction';

/**
 * The point conversion form's state and its one-request submit: points typed (digits), the member's held
 * points (live from the session, which CASH pushes keep current), the minimum for the language.
 */
export function usePointConversion() {
  const heldPoints = useSessionSelector((snapshot) => selectMember(snapshot)?.pointAmt ?? 0);
  const [digits, setDigits] = useState('');
  const locale = currentLocale();
  const action = useMoneyAction<number | null, AnswerOf<'pointConvert'>>({
    check: (amount) => checkPointConversion(amount, heldPoints, locale),
    confirm: (amount) => ({ messageId: 'front.mypage.pointConfirm', values: { amount: formatNumber(amount ?? 0) } }),
    send: (amount, idempotencyKey) => callApi('pointConvert', { idempotencyKey, amount: amount ?? undefined }),
    onDone: () => setDigits(''),
    done: (_answer, amount) => ({ messageId: 'front.mypage.pointConverted', values: { amount: formatNumber(amount ?? 0) } }),
  });
  return {
    digits,
    setDigits,
    heldPoints,
    minimum: pointConvertMinimum(locale),
    useAll: () => setDigits(String(heldPoints)),
    submitting: action.submitting,
    submit: () => action.submit(amountValue(digits)),
  };
}
