import { useState } from 'react';
import { parseWon } from '../../../contract/amounts';
import { CASH_OUT_PASS_LENGTH } from '../../../contract/constants';
import { checkGive, type GiveDraft } from '../../../machines/moneyDrafts';
import { useMoneyActor } from '../../data/moneyActions';
import { formatNumber } from '../../i18n/format';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';

/** The transfer form: recipient, amount, cash-out password, sent as one confirmed money action. */
export function useGive() {
  const [toMemId, setToMemId] = useState('');
  const [digits, setDigits] = useState('');
  const [cashOutPass, setCashOutPass] = useState('');
  const action = useSendDialogs<GiveDraft, unknown>(useMoneyActor<GiveDraft>('give', checkGive), {
    retry: MONEY_RETRY_ID,
    confirm: (draft) => ({ messageId: 'front.mypage.giveConfirm', values: { toMemId: draft.toMemId, amount: formatNumber(draft.amount ?? 0) } }),
    done: (_answer, draft) => ({ messageId: 'front.mypage.giveDone', values: { toMemId: draft.toMemId, amount: formatNumber(draft.amount ?? 0) } }),
    onDone: () => {
      setDigits('');
      setCashOutPass('');
    },
  });
  return {
    toMemId,
    setToMemId,
    digits,
    setDigits,
    cashOutPass,
    setCashOutPass: (value: string) => setCashOutPass(value.replace(/\D/g, '').slice(0, CASH_OUT_PASS_LENGTH)),
    submitting: action.busy,
    submit: () => action.submit({ toMemId: toMemId.trim(), amount: parseWon(digits), cashOutPass }),
  };
}
