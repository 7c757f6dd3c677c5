import { useState } from 'react';
import {
  BREAK_KINDS, BREAK_LENGTHS, type BreakKind, type BreakLength, type HistoryEntry, LIMIT_KINDS, type LimitKind, type LimitView, MAX_LIMIT,
  PROTECTION_PERIODS, type ProtectionInfo, type ProtectionPeriod, REALITY_INTERVALS, type RealityInterval,
} from '../../../contract/protection';
import { selectMember } from '../../../machines/session';
import {
  type BreakChoice, type LimitChange, useCancelLimit, useProtectionHistory, useProtectionInfo, useSetLimit, useSetReality, useStartBreak,
} from '../../data/protection';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { useSession, useSessionSelector } from '../../session/context';
import { AmountInput } from '../../ui/AmountInput';
import { showConfirm } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { DateTimeText } from '../../ui/DateTimeText';
import { Field } from '../../ui/Field';
import { Helpline } from '../../ui/Helpline';
import { Pager } from '../../ui/Pager';
import { SubmitForm } from '../../ui/SubmitForm';
import { useSendDialogs } from '../../ui/useSendDialogs';
import { MyPageLayout } from './MyPageLayout';
import './protection.css';

const kindLabel = (kind: LimitKind | BreakKind) => `front.protection.kind.${kind}`;
const periodLabel = (period: ProtectionPeriod) => `front.protection.period.${period}`;
const lengthLabel = (length: BreakLength) => `front.protection.length.${length}`;

/** The limit in force of a kind and period (the lowest of the member's and the operator's), or null. */
function inForce(limits: LimitView[], kind: LimitKind, period: ProtectionPeriod): number | null {
  const amounts = limits.filter((l) => l.kind === kind && l.period === period && l.amount !== null).map((l) => l.amount!);
  return amounts.length > 0 ? Math.min(...amounts) : null;
}

/** Each period's use against the limits in force: deposits, stakes and losses. */
function UseTable({ info }: { info: ProtectionInfo }) {
  const t = useT();
  return (
    <div className="protection__scroll">
      <table className="list-table protection__use" data-testid="protection-use">
        <thead>
          <tr>
            <th>{t('front.protection.periodHead')}</th>
            {LIMIT_KINDS.map((kind) => <th key={kind}>{t(kindLabel(kind))}</th>)}
          </tr>
        </thead>
        <tbody>
          {PROTECTION_PERIODS.map((period) => (
            <tr key={period}>
              <th scope="row">{t(periodLabel(period))}</th>
              {LIMIT_KINDS.map((kind) => {
                const limit = inForce(info.limits, kind, period);
                return (
                  <td key={kind} data-testid={`use-${kind}-${period}`}>
                    {formatNumber(info.use[period][kind])}
                    <span className="protection__of">{limit === null ? t('front.protection.noLimit') : ` / ${formatNumber(limit)}`}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Setting a limit: kind, period and amount (empty: remove). Lower is at once; higher or removed waits 24 hours. */
function LimitForm() {
  const t = useT();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<ProtectionPeriod>('day');
  const [digits, setDigits] = useState('');
  const check = (change: LimitChange) => (change.amount !== null && change.amount > MAX_LIMIT ? 'front.protection.tooHigh' : null);
  const send = useSendDialogs(useSetLimit(check), {
    done: (answer, request) => {
      const view = answer.limits.find((l) => l.source === 'member' && l.kind === request.kind && l.period === request.period);
      return { messageId: view?.pending ? 'front.protection.limitPending' : 'front.protection.limitSet' };
    },
    onDone: () => setDigits(''),
  });
  const submit = (amount: number | null) => send.submit({ kind, period, amount });
  return (
    <SubmitForm className="mypage-form" testId="protection-limit-form" onSubmit={() => submit(digits === '' ? null : Number(digits))}>
      <h2 className="mypage__subtitle">{t('front.protection.limitsTitle')}</h2>
      <p className="field__hint">{t('front.protection.limitsRule')}</p>
      <div className="protection__pair">
        <Field htmlFor="limit-kind" label={t('front.protection.kindHead')}>
          <select id="limit-kind" name="limit-kind" value={kind} onChange={(e) => setKind(e.target.value as LimitKind)} data-testid="limit-kind">
            {LIMIT_KINDS.map((k) => <option key={k} value={k}>{t(kindLabel(k))}</option>)}
          </select>
        </Field>
        <Field htmlFor="limit-period" label={t('front.protection.periodHead')}>
          <select id="limit-period" name="limit-period" value={period} onChange={(e) => setPeriod(e.target.value as ProtectionPeriod)} data-testid="limit-period">
            {PROTECTION_PERIODS.map((p) => <option key={p} value={p}>{t(periodLabel(p))}</option>)}
          </select>
        </Field>
      </div>
      <Field htmlFor="limit-amount" label={t('front.protection.amount')} hint={t('front.protection.amountHint')}>
        <AmountInput id="limit-amount" name="limit-amount" digits={digits} onDigits={setDigits} />
      </Field>
      <div className="mypage-form__row">
        <Button type="submit" disabled={send.busy || digits === ''} data-testid="limit-set">{t('front.protection.setLimit')}</Button>
        <Button variant="ghost" disabled={send.busy} onClick={() => submit(null)} data-testid="limit-remove">{t('front.protection.removeLimit')}</Button>
      </div>
    </SubmitForm>
  );
}

/** The member's own limits and the operator's, with a waiting raise or removal and its cancel. */
function LimitList({ limits }: { limits: LimitView[] }) {
  const t = useT();
  const cancel = useSendDialogs(useCancelLimit(), { done: () => ({ messageId: 'front.protection.cancelled' }) });
  if (limits.length === 0) return <p className="protection__empty">{t('front.protection.noLimits')}</p>;
  return (
    <ul className="protection__limits" data-testid="protection-limits">
      {limits.map((limit) => (
        <li key={`${limit.source}-${limit.kind}-${limit.period}`} data-testid={`limit-${limit.source}-${limit.kind}-${limit.period}`}>
          <span>
            {t(kindLabel(limit.kind))} · {t(periodLabel(limit.period))}
            {limit.source === 'operator' && ` (${t('front.protection.byOperator')})`}:{' '}
            <strong>{limit.amount === null ? t('front.protection.noLimit') : t('front.money.won', { amount: formatNumber(limit.amount) })}</strong>
          </span>
          {limit.pending && (
            <span className="protection__pending" data-testid="limit-pending">
              {t(limit.pending.amount === null ? 'front.protection.pendingRemove' : 'front.protection.pendingRaise', {
                amount: formatNumber(limit.pending.amount ?? 0),
              })}{' '}
              <DateTimeText value={limit.pending.at} />
              <Button size="sm" variant="ghost" disabled={cancel.busy} onClick={() => cancel.submit({ kind: limit.kind, period: limit.period })} data-testid="limit-cancel">
                {t('front.protection.cancelPending')}
              </Button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function RealityForm({ minutes }: { minutes: RealityInterval }) {
  const t = useT();
  const [chosen, setChosen] = useState<RealityInterval>(minutes);
  const send = useSendDialogs(useSetReality(), { done: () => ({ messageId: 'front.protection.realitySaved' }) });
  return (
    <SubmitForm className="mypage-form mypage-form--inline" testId="protection-reality-form" onSubmit={() => send.submit(chosen)}>
      <h2 className="mypage__subtitle">{t('front.protection.realityTitle')}</h2>
      <Field htmlFor="reality-minutes" label={t('front.protection.realityEvery')}>
        <select id="reality-minutes" name="reality-minutes" value={chosen} onChange={(e) => setChosen(Number(e.target.value) as RealityInterval)} data-testid="reality-minutes-select">
          {REALITY_INTERVALS.map((m) => (
            <option key={m} value={m}>{m === 0 ? t('front.protection.realityOff') : t('front.protection.minutes', { minutes: m })}</option>
          ))}
        </select>
      </Field>
      <Button type="submit" disabled={send.busy} data-testid="reality-save">{t('front.protection.save')}</Button>
    </SubmitForm>
  );
}

/**
 * A time-out or self-exclusion, with a strong confirmation: the member ticks that it cannot be undone, types
 * their own id, and answers a last question; the break then signs them out everywhere.
 */
function BreakForm() {
  const t = useT();
  const session = useSession();
  const member = useSessionSelector(selectMember);
  const [kind, setKind] = useState<BreakKind>('timeout');
  const [length, setLength] = useState<BreakLength>('24h');
  const [understood, setUnderstood] = useState(false);
  const [typedId, setTypedId] = useState('');
  const check = () => {
    if (!understood) return 'front.protection.breakTick';
    if (typedId.trim().toLowerCase() !== (member?.memId ?? '').toLowerCase()) return 'front.protection.breakTypeId';
    return null;
  };
  const send = useSendDialogs(useStartBreak(check), {
    // The server has signed every session out: this one follows at once.
    then: () => session.send({ type: 'session.logout' }),
    done: () => ({ messageId: 'front.protection.breakStarted' }),
  });
  const choose = (next: BreakKind) => {
    setKind(next);
    setLength(BREAK_LENGTHS[next][0]);
  };
  const submit = async () => {
    const choice: BreakChoice = { kind, length };
    if (check() === null && !(await showConfirm({ messageId: 'front.protection.breakConfirm', values: { kind: t(kindLabel(kind)), length: t(lengthLabel(length)) } }))) return;
    send.submit(choice);
  };
  return (
    <SubmitForm className="mypage-form protection__break" testId="protection-break-form" onSubmit={() => void submit()}>
      <h2 className="mypage__subtitle">{t('front.protection.breakTitle')}</h2>
      <p className="field__hint">{t('front.protection.breakRule')}</p>
      <div className="protection__pair">
        <Field htmlFor="break-kind" label={t('front.protection.breakKind')}>
          <select id="break-kind" name="break-kind" value={kind} onChange={(e) => choose(e.target.value as BreakKind)} data-testid="break-kind">
            {BREAK_KINDS.map((k) => <option key={k} value={k}>{t(kindLabel(k))}</option>)}
          </select>
        </Field>
        <Field htmlFor="break-length" label={t('front.protection.breakLength')}>
          <select id="break-length" name="break-length" value={length} onChange={(e) => setLength(e.target.value as BreakLength)} data-testid="break-length">
            {BREAK_LENGTHS[kind].map((l) => <option key={l} value={l}>{t(lengthLabel(l))}</option>)}
          </select>
        </Field>
      </div>
      <label className="protection__tick">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} data-testid="break-understood" />
        {t('front.protection.breakUnderstand')}
      </label>
      <Field htmlFor="break-memid" label={t('front.protection.breakTypeIdLabel')}>
        <input id="break-memid" name="break-memid" autoComplete="off" value={typedId} onChange={(e) => setTypedId(e.target.value)} data-testid="break-memid" />
      </Field>
      <Button type="submit" variant="danger" disabled={send.busy} data-testid="break-start">{t('front.protection.breakStart')}</Button>
    </SubmitForm>
  );
}

function historyText(t: ReturnType<typeof useT>, entry: HistoryEntry): string {
  const what = entry.period ? `${t(kindLabel(entry.kind))} · ${t(periodLabel(entry.period))}` : t(kindLabel(entry.kind));
  const amount = entry.amount === null ? t('front.protection.noLimit') : t('front.money.won', { amount: formatNumber(entry.amount) });
  const by = entry.source === 'operator' ? ` (${t('front.protection.byOperator')})` : '';
  switch (entry.event) {
    case 'limit.set': return t('front.protection.history.set', { what, amount }) + by;
    case 'limit.pending': return t('front.protection.history.pending', { what, amount });
    case 'limit.cancelled': return t('front.protection.history.cancelled', { what });
    case 'limit.effective': return t('front.protection.history.effective', { what, amount });
    case 'break': return t('front.protection.history.break', { what, length: entry.length ? t(lengthLabel(entry.length)) : '' });
  }
}

/** Every limit change and break, newest first, a page at a time. */
function History() {
  const t = useT();
  const { state, goTo } = useProtectionHistory();
  const entries = state.data?.list ?? [];
  return (
    <section className="protection__history">
      <h2 className="mypage__subtitle">{t('front.protection.historyTitle')}</h2>
      {state.status === 'failed' && <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>}
      {state.status === 'ready' && entries.length === 0 && <p className="protection__empty">{t('front.protection.noHistory')}</p>}
      {entries.length > 0 && (
        <ul data-testid="protection-history">
          {entries.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <DateTimeText value={entry.at} /> <span>{historyText(t, entry)}</span>
              {entry.until && <span className="protection__until"> → <DateTimeText value={entry.until} /></span>}
            </li>
          ))}
        </ul>
      )}
      {state.data && state.data.pageInfo.tatal_list_count > state.data.pageInfo.count_per_list && (
        <Pager pageInfo={state.data.pageInfo} onPage={goTo} />
      )}
    </section>
  );
}

/** My page: member protection (issue 23): use and limits, waiting raises, the reality check, breaks, history, help. */
export function ProtectionPage() {
  const t = useT();
  const info = useProtectionInfo();
  return (
    <MyPageLayout section="protection">
      <p className="protection__intro">{t('front.protection.intro')}</p>
      <Helpline />
      {info.status === 'loading' && <p className="panel-note">{t('front.loading')}</p>}
      {info.status === 'failed' && <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>}
      {info.status === 'ready' && (
        <>
          {info.data.activeBreak && (
            <p className="protection__break-running" data-testid="protection-break-running">
              {t('front.protection.breakRunning', { kind: t(kindLabel(info.data.activeBreak.kind)) })} <DateTimeText value={info.data.activeBreak.endsAt} />
            </p>
          )}
          <UseTable info={info.data} />
          <LimitList limits={info.data.limits} />
          {!info.data.activeBreak && (
            <>
              <LimitForm />
              <RealityForm key={info.data.realityMinutes} minutes={info.data.realityMinutes} />
              <BreakForm />
            </>
          )}
          <History />
        </>
      )}
    </MyPageLayout>
  );
}
