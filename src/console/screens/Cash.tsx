/** Cash requests (approve, hold, reject with a reason) and account inquiries (answer with the account to pay into). */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { answerBody, rejectBody } from '../../../contract/admin';
import { CASH_STATUS, CASH_STATUS_NAME, CASH_TYPES, type CashRequest, type CashStatusName, type CashType, type AccountInquiry } from '../../../contract/wallet';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { Label, seoulTime, won } from '../ui/format';

export type CashRow = CashRequest & { memId: string };
export const cashKey = ['cash-requests'] as const;
const STATUS_NAMES = Object.keys(CASH_STATUS) as CashStatusName[];

export function CashScreen() {
  const t = useCt();
  const [status, setStatus] = useState<CashStatusName | ''>('');
  const [type, setType] = useState<CashType | ''>('');
  const list = useQuery({
    queryKey: [...cashKey, status, type],
    queryFn: () => consoleCall<{ list: CashRow[] }>('GET', `/cash-requests${queryString({ status: status === '' ? undefined : CASH_STATUS[status], type })}`),
  });
  const move = (id: number, step: 'wait' | 'approve') => () => consoleCall('POST', `/cash-requests/${id}/${step}`);
  const columns: ColumnDef<CashRow>[] = [
    { accessorKey: 'requestId', header: t('console.common.id') },
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'cashType', header: t('console.common.kind'), cell: (c) => <Label group="cashType" value={c.getValue<string>()} /> },
    { accessorKey: 'amount', header: t('console.common.amount'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'bonusAmount', header: t('console.cash.bonus'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="cashStatus" value={CASH_STATUS_NAME[c.row.original.status]} /> },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'memo', header: t('console.cash.memo') },
    {
      id: 'actions',
      header: t('console.common.actions'),
      enableSorting: false,
      // The status rules (C501-C503): an applied request is put on hold (in progress) before it is approved.
      cell: ({ row: { original: row } }) => (row.status === CASH_STATUS.applied || row.status === CASH_STATUS.waiting) && (
        <>
          {row.status === CASH_STATUS.waiting
            ? <ActionButton tone="primary" label={t('console.action.approve')} testId={`approve-cash-${row.requestId}`} send={move(row.requestId, 'approve')} refresh={[cashKey, ['dashboard']]} />
            : <ActionButton tone="primary" label={t('console.cash.wait')} testId={`wait-cash-${row.requestId}`} send={move(row.requestId, 'wait')} refresh={[cashKey]} />}
          <FormButton
            tone="danger"
            label={t('console.action.reject')}
            title={t('console.cash.rejectTitle', { id: row.requestId })}
            testId={`reject-cash-${row.requestId}`}
            name="cash-reject"
            schema={rejectBody}
            fields={[{ name: 'reason', label: t('console.cash.reason'), kind: 'textarea' }]}
            submitLabel={t('console.action.reject')}
            send={(body) => consoleCall('POST', `/cash-requests/${row.requestId}/reject`, body)}
            refresh={[cashKey]}
          />
        </>
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.cash')}</h1>
      <DataTable
        name="cash"
        rows={list.data?.list}
        loading={list.isPending} error={list.error}
        columns={columns}
        rowId={(row) => String(row.requestId)}
        initialSort={[{ id: 'createdAt', desc: true }]}
        toolbar={(
          <>
            <FilterSelect label={t('console.common.status')} value={status} values={STATUS_NAMES} group="cashStatus" onChange={setStatus} all />
            <FilterSelect label={t('console.common.kind')} value={type} values={CASH_TYPES} group="cashType" onChange={setType} all />
          </>
        )}
      />
    </>
  );
}

export type InquiryRow = AccountInquiry & { memId: string };
export const inquiriesKey = ['account-inquiries'] as const;
const INQUIRY_STATUSES = ['waiting', 'answered'] as const;

export function InquiriesScreen() {
  const t = useCt();
  const [status, setStatus] = useState<(typeof INQUIRY_STATUSES)[number]>('waiting');
  const list = useQuery({
    queryKey: [...inquiriesKey, status],
    queryFn: () => consoleCall<{ list: InquiryRow[] }>('GET', `/account-inquiries${queryString({ status })}`),
  });
  const columns: ColumnDef<InquiryRow>[] = [
    { accessorKey: 'inquiryId', header: t('console.common.id') },
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'answer', header: t('console.inquiries.answer') },
    { accessorKey: 'answeredAt', header: t('console.inquiries.answeredAt'), cell: (c) => seoulTime(c.getValue<string | null>()) },
    {
      id: 'actions',
      header: t('console.common.actions'),
      enableSorting: false,
      cell: ({ row: { original: row } }) => row.status === 'waiting' && (
        <FormButton
          tone="primary"
          label={t('console.action.answer')}
          title={t('console.inquiries.answerTitle', { memId: row.memId })}
          testId={`answer-inquiry-${row.inquiryId}`}
          name="inquiry-answer"
          schema={answerBody}
          fields={[{ name: 'answer', label: t('console.inquiries.answer'), kind: 'textarea' }]}
          submitLabel={t('console.action.answer')}
          send={(body) => consoleCall('POST', `/account-inquiries/${row.inquiryId}/answer`, body)}
          refresh={[inquiriesKey]}
        />
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.inquiries')}</h1>
      <DataTable
        name="inquiries"
        rows={list.data?.list}
        loading={list.isPending} error={list.error}
        columns={columns}
        rowId={(row) => String(row.inquiryId)}
        initialSort={[{ id: 'createdAt', desc: false }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={INQUIRY_STATUSES} group="inquiryStatus" onChange={setStatus} />}
      />
    </>
  );
}
