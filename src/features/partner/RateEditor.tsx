import { useState } from 'react';
import type { LowerPartner } from '../../../contract/partner';
import { checkRates, rateDraft, rateProblem, rateTexts, type RateDraft, type RateTexts } from '../../../machines/partnerDrafts';
import { usePartnerRates, useRateSender } from '../../data/partner';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateTimeText } from '../../ui/DateTimeText';
import { Modal } from '../../ui/Modal';
import { ReadNote } from '../../ui/ReadNote';
import { MONEY_RETRY_ID, useSendDialogs } from '../../ui/useSendDialogs';
import { LEVEL_LABEL, cellName, rateText } from './names';
import { RateInputs, RateTableView } from './RateTable';

/** The recheck message (SPEC §5): every rate that changes, from and to, before anything is sent. */
function recheckValues(draft: RateDraft) {
  return {
    memId: draft.memId,
    changes: draft.changes.map((change) => `${cellName(change)}: ${rateText(change.from)} → ${rateText(change.to ?? 0)}`).join('\n'),
  };
}

/** What the check's message names: the first rate that cannot be sent, and the most it may be. */
function problemValues(draft: RateDraft | null) {
  const problem = draft && rateProblem(draft.changes);
  return problem ? { rate: cellName(problem.change), cap: rateText(problem.change.cap) } : {};
}

/**
 * A lower partner's rates (SPEC §4, §5): a direct lower partner's may be changed once a Seoul day, each at most
 * the caller's own, from the next midnight; the change is sent through the confirmed-send tail, whose
 * question is the recheck message listing each changed rate. Deeper partners' rates are shown only.
 */
export function RateEditor({ partner, onClose }: { partner: LowerPartner; onClose(): void }) {
  const t = useT();
  const read = usePartnerRates(partner.memId);
  return (
    <Modal title={t('front.partner.rate.title', { memId: partner.memId })} onClose={onClose} closeLabel={t('front.modal.close')} testId="rate-editor" className="rate-editor">
      <p className="rate-editor__who">
        {`${partner.memNick} (${partner.memId}) · ${t(LEVEL_LABEL[partner.level])}`}
      </p>
      {read.status === 'ready' ? <RateForm partner={partner} answer={read.data} onDone={onClose} /> : <ReadNote read={read} />}
    </Modal>
  );
}

type RatesAnswer = NonNullable<ReturnType<typeof usePartnerRates>['data']>;

function RateForm({ partner, answer, onDone }: { partner: LowerPartner; answer: RatesAnswer; onDone(): void }) {
  const t = useT();
  const [texts, setTexts] = useState<RateTexts>(() => rateTexts(answer.rates));
  const draft = rateDraft(partner.memId, answer.rates, answer.cap, texts);
  const action = useSendDialogs<RateDraft, unknown>(useRateSender(checkRates), {
    retry: MONEY_RETRY_ID,
    confirm: (request) => ({ messageId: 'front.partner.rate.recheck', values: recheckValues(request) }),
    errorValues: problemValues(draft),
    done: () => ({ messageId: 'front.partner.rate.done' }),
    then: onDone,
  });
  if (partner.depth !== 1) {
    return (
      <>
        <RateTableView rates={answer.rates} pending={answer.pendingRates} pendingFrom={answer.pendingFrom} testId="rate-view" />
        <p className="panel-note">{t('front.partner.rate.directOnly')}</p>
      </>
    );
  }
  const locked = answer.changedToday;
  return (
    <form
      className="rate-form"
      data-testid="rate-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        action.submit(draft);
      }}
    >
      {answer.pendingRates && answer.pendingFrom && (
        <p className="panel-note" data-testid="rate-pending">
          {t('front.partner.rate.pendingFrom')} <DateTimeText value={answer.pendingFrom} />
        </p>
      )}
      <RateInputs texts={texts} caps={answer.cap} idPrefix="rate" onChange={(key, text) => setTexts((current) => ({ ...current, [key]: text }))} />
      <p className={locked ? 'panel-note partner-note--warn' : 'panel-note'} data-testid="rate-rule">
        {t(locked ? 'api.PT003' : 'front.partner.rate.rule')}
      </p>
      <Button type="submit" block disabled={locked || action.busy} data-testid="rate-submit">
        {t('front.partner.rate.submit')}
      </Button>
    </form>
  );
}
