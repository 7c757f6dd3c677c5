/**
 * Four-eyes: the requests waiting for a second operator, each with the exact payload that will run and its
 * hash, checked here again (sha256 of canonicalJson(payload)) before the checker approves that hash. The
 * maker sees their own requests but no approve button.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { APPROVAL_STATUSES, approvalRejectBody, canonicalJson, CONSOLE_CALLS, type Approval, type ApprovalStatus } from '../../../contract/console';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { useMe } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { Label, seoulTime } from '../ui/format';

export const approvalsKey = ['approvals'] as const;
const path = (id: number, step: 'approve' | 'reject') => CONSOLE_CALLS[step].path.replace(':id', String(id));

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function PayloadCheck({ approval }: { approval: Approval }) {
  const t = useCt();
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    if (!globalThis.crypto?.subtle) return;
    void sha256Hex(canonicalJson(approval.payload)).then((hash) => setMatches(hash === approval.payloadHash));
  }, [approval]);
  return (
    <details className="payload" data-testid={`payload-${approval.id}`}>
      <summary>{approval.payload.call}</summary>
      <pre>{JSON.stringify(approval.payload, null, 2)}</pre>
      <p><code>{approval.payloadHash}</code> {matches === null ? '' : <span className={matches ? 'ok' : 'bad'}>{t(matches ? 'console.approvals.hashOk' : 'console.approvals.hashBad')}</span>}</p>
    </details>
  );
}

export function ApprovalsScreen() {
  const t = useCt();
  const me = useMe().data!;
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  const list = useQuery({
    queryKey: [...approvalsKey, status],
    queryFn: () => consoleCall<{ list: Approval[] }>('GET', `${CONSOLE_CALLS.approvals.path}${queryString({ status })}`),
  });
  const columns: ColumnDef<Approval>[] = [
    { accessorKey: 'id', header: t('console.common.id') },
    { accessorKey: 'action', header: t('console.common.kind'), cell: (c) => <Label group="fourEyes" value={c.getValue<string>()} /> },
    { id: 'payload', header: t('console.approvals.payload'), enableSorting: false, accessorFn: (row) => canonicalJson(row.payload), cell: (c) => <PayloadCheck approval={c.row.original} /> },
    { accessorKey: 'makerId', header: t('console.approvals.maker') },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="approvalStatus" value={c.getValue<string>()} /> },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'expiresAt', header: t('console.approvals.expiresAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'checkerId', header: t('console.approvals.checker') },
    { accessorKey: 'reason', header: t('console.cash.reason') },
    {
      id: 'actions',
      header: t('console.common.actions'),
      enableSorting: false,
      cell: ({ row: { original: row } }) => row.status === 'pending' && (row.makerId === me.operator.operatorId
        ? <span className="muted">{t('console.approvals.own')}</span>
        : (
          <>
            <ActionButton tone="primary" label={t('console.action.approve')} testId={`approve-approval-${row.id}`}
              confirm={t('console.approvals.confirm', { hash: row.payloadHash.slice(0, 12) })}
              send={() => consoleCall('POST', path(row.id, 'approve'), { payloadHash: row.payloadHash })} refresh={[approvalsKey, ['cash-requests']]} />
            <FormButton tone="danger" label={t('console.action.reject')} title={t('console.approvals.rejectTitle', { id: row.id })} testId={`reject-approval-${row.id}`}
              name="approval-reject" schema={approvalRejectBody} fields={[{ name: 'reason', label: t('console.cash.reason'), kind: 'textarea' }]}
              submitLabel={t('console.action.reject')} send={(body) => consoleCall('POST', path(row.id, 'reject'), body)} refresh={[approvalsKey]} />
          </>
        )),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.approvals')}</h1>
      <DataTable name="approvals" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => String(row.id)}
        initialSort={[{ id: 'createdAt', desc: true }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={APPROVAL_STATUSES} group="approvalStatus" onChange={setStatus} />} />
    </>
  );
}
