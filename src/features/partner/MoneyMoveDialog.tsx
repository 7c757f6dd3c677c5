import { useState } from 'react';
import { selectMember } from '../../../machines/session';
import { checkMove, moveDraft, type MoveDraft } from '../../../machines/partnerDrafts';
import { useMoveSender } from '../../data/partner';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { Facts } from '../../ui/Facts';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { SubmitForm } from '../../ui/SubmitForm';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';

/** Who money is given to or taken from: a member or a lower partner of the line, with what they hold now. */
export interface MoveTarget {
  memId: string;
  memNick: string;
  cashAmt: number;
}

const TEXT = {
  give: { title: 'front.partner.move.giveTitle', submit: 'front.partner.move.give', confirm: 'front.partner.move.giveConfirm', done: 'front.partner.move.giveDone' },
  take: { title: 'front.partner.move.takeTitle', submit: 'front.partner.move.take', confirm: 'front.partner.move.takeConfirm', done: 'front.partner.move.takeDone' },
} as const;

/**
 * Giving cash to a member of the line, or taking it back (SPEC §3, §6): the amount and a note, sent as one
 * confirmed write with its idempotency key; the partner's own cash in the header follows the answer.
 */
export function MoneyMoveDialog({ direction, target, onClose }: { direction: MoveDraft['direction']; target: MoveTarget; onClose(): void }) {
  const t = useT();
  const cash = useSessionSelector((snapshot) => selectMember(snapshot)?.cashAmt ?? null);
  const [digits, setDigits] = useState('');
  const [note, setNote] = useState('');
  const text = TEXT[direction];
  const values = (draft: MoveDraft) => ({ memId: draft.memId, amount: formatNumber(draft.amount ?? 0) });
  const action = useSendDialogs<MoveDraft, unknown>(useMoveSender(checkMove), {
    retry: MONEY_RETRY_ID,
    confirm: (draft) => ({ messageId: text.confirm, values: values(draft) }),
    done: (_answer, draft) => ({ messageId: text.done, values: values(draft) }),
    then: onClose,
  });
  const idPrefix = `move-${direction}`;
  return (
    <Modal title={t(text.title)} onClose={action.busy ? undefined : onClose} closeLabel={t('front.modal.close')} testId={`move-dialog-${direction}`} className="move-dialog">
      <SubmitForm className="move-form" testId="move-form" onSubmit={() => action.submit(moveDraft(direction, target.memId, digits, note))}>
        <Facts
          className="move-facts"
          rows={[
            { label: t('front.partner.col.member'), value: `${target.memNick} (${target.memId})`, testId: 'move-target' },
            { label: t('front.partner.move.targetCash'), value: <Money amount={target.cashAmt} /> },
            { label: t('front.partner.move.ownCash'), value: <Money amount={cash} testId="move-own-cash" /> },
          ]}
        />
        <Field htmlFor={`${idPrefix}-amount`} label={t('front.partner.move.amount')}>
          <AmountInput id={`${idPrefix}-amount`} name="amount" digits={digits} onDigits={setDigits} />
        </Field>
        <Field htmlFor={`${idPrefix}-note`} label={t('front.partner.move.note')}>
          <input id={`${idPrefix}-note`} name="note" autoComplete="off" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <Button type="submit" block disabled={action.busy} data-testid="move-submit">
          {t(text.submit)}
        </Button>
      </SubmitForm>
    </Modal>
  );
}
