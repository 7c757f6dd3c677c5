import type { GiveRecord } from '../../../contract/wallet';
import { CASH_OUT_PASS_LENGTH } from '../../../contract/constants';
import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useGiveList } from '../../data/queries';
import { useT } from '../../i18n';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { DateRange } from '../../ui/DateRange';
import { DateTimeText } from '../../ui/DateTimeText';
import { Facts } from '../../ui/Facts';
import { Field } from '../../ui/Field';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { SubmitForm } from '../../ui/SubmitForm';
import { todayRange } from '../../ui/dayRange';
import { MyPageLayout } from './MyPageLayout';
import { useGive } from './useGive';

const SUCCESS_LABEL = { Y: 'front.mypage.giveSuccess', N: 'front.mypage.giveFailure' } as const;
const DIRECTION_LABEL = { sent: 'front.mypage.give.sent', received: 'front.mypage.give.received' } as const;
/** A partner's give or take back shows as such, not as a member's transfer. */
const KIND_LABEL = { partnerGive: 'front.mypage.give.partnerGive', partnerTake: 'front.mypage.give.partnerTake' } as const;
const directionOf = (row: GiveRecord) => (row.kind === 'partnerGive' || row.kind === 'partnerTake' ? KIND_LABEL[row.kind] : DIRECTION_LABEL[row.direction]);

function GiveForm() {
  const t = useT();
  const cash = useSessionSelector((snapshot) => selectMember(snapshot)?.cashAmt ?? 0);
  const form = useGive();
  return (
    <SubmitForm className="mypage-form" testId="give-form" onSubmit={() => void form.submit()}>
      <Facts rows={[{ label: t('front.mypage.heldCash'), value: <Money amount={cash} /> }]} />
      <div className="form-grid">
        <Field htmlFor="give-target" label={t('front.mypage.giveTarget')} hint={t('front.mypage.giveHint')}>
          <input id="give-target" name="toMemId" autoComplete="off" maxLength={20} value={form.toMemId} onChange={(event) => form.setToMemId(event.target.value)} />
        </Field>
        <Field htmlFor="give-amount" label={t('front.mypage.giveAmount')}>
          <AmountInput id="give-amount" name="amount" digits={form.digits} onDigits={form.setDigits} />
        </Field>
        <Field htmlFor="give-pass" label={t('front.mypage.cashOutPass')}>
          <input
            id="give-pass"
            name="cashOutPass"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={CASH_OUT_PASS_LENGTH}
            value={form.cashOutPass}
            onChange={(event) => form.setCashOutPass(event.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" block disabled={form.submitting} data-testid="give-submit">
        {t('front.mypage.giveSubmit')}
      </Button>
    </SubmitForm>
  );
}

/** SPEC §3 money give/take record: sent or received, the other member, amount, cash after, time, success flag, note. */
function GiveRecords({ list }: { list: ReturnType<typeof useGiveRecords> }) {
  const t = useT();
  const columns: Column<GiveRecord>[] = [
    { label: 'front.mypage.col.direction', cell: (row) => <span data-testid="give-direction">{t(directionOf(row))}</span> },
    { label: 'front.mypage.col.counterpart', cell: (row) => row.counterpartId },
    { label: 'front.mypage.col.movedAmount', align: 'end', cell: (row) => <Money amount={row.amount} /> },
    { label: 'front.mypage.col.cashAfter', align: 'end', cell: (row) => <Money amount={row.cashAfter} /> },
    { label: 'front.mypage.col.time', cell: (row) => <DateTimeText value={row.at} /> },
    { label: 'front.mypage.col.success', align: 'center', cell: (row) => t(SUCCESS_LABEL[row.success]) },
    { label: 'front.mypage.col.note', cell: (row) => row.note || t('front.mypage.none') },
  ];
  return (
    <>
      <h2 className="mypage__subtitle">{t('front.mypage.giveRecords')}</h2>
      <DateRange value={list.filter} busy={list.state.status === 'loading'} onSearch={list.search} />
      <ListView list={list} columns={columns} rowKey={(row) => row.recordId} emptyId="front.mypage.emptyGive" testId="give-records" />
    </>
  );
}

function useGiveRecords() {
  return useGiveList(todayRange());
}

/** SPEC §2 give: send held money to a member of the same partner line, and the give/take records. */
export function GivePage() {
  const list = useGiveRecords();
  return (
    <MyPageLayout section="give">
      <GiveForm />
      <GiveRecords list={list} />
    </MyPageLayout>
  );
}
