/** Sign-up approvals: the members waiting (or by another status), approved or rejected one by one. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MEMBER_STATUSES, type MemberStatus } from '../../../contract/admin';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Label, seoulTime } from '../ui/format';
import { FilterSelect } from '../ui/FilterSelect';

export interface SignupRow {
  memId: string;
  memNick: string;
  memPhone: string;
  recommenderId: string | null;
  createdAt: string;
  status: MemberStatus;
}

export const signupsKey = ['signups'] as const;

export function SignupsScreen() {
  const t = useCt();
  const [status, setStatus] = useState<MemberStatus>('pending');
  const list = useQuery({
    queryKey: [...signupsKey, status],
    queryFn: () => consoleCall<{ list: SignupRow[] }>('GET', `/signups${queryString({ status })}`),
  });
  const columns: ColumnDef<SignupRow, string>[] = [
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'memNick', header: t('console.member.nick') },
    { accessorKey: 'memPhone', header: t('console.member.phone') },
    { accessorKey: 'recommenderId', header: t('console.member.recommender') },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue()) },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="memberStatus" value={c.getValue()} /> },
    {
      id: 'actions',
      header: t('console.common.actions'),
      enableSorting: false,
      cell: ({ row }) => row.original.status === 'pending' && (
        <>
          <ActionButton tone="primary" label={t('console.action.approve')} testId={`approve-${row.original.memId}`}
            send={() => consoleCall('POST', `/signups/${encodeURIComponent(row.original.memId)}/approve`)} refresh={[signupsKey]} />
          <ActionButton tone="danger" label={t('console.action.reject')} testId={`reject-${row.original.memId}`}
            confirm={t('console.signups.confirmReject', { memId: row.original.memId })}
            send={() => consoleCall('POST', `/signups/${encodeURIComponent(row.original.memId)}/reject`)} refresh={[signupsKey]} />
        </>
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.signups')}</h1>
      <DataTable
        name="signups"
        rows={list.data?.list}
        loading={list.isPending} error={list.error}
        columns={columns}
        rowId={(row) => row.memId}
        initialSort={[{ id: 'createdAt', desc: false }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={MEMBER_STATUSES} group="memberStatus" onChange={setStatus} />}
      />
    </>
  );
}
