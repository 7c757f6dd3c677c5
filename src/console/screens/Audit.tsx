/**
 * The audit trail (owner): rows newest first, filtered by the call's own filters (actor, action, target),
 * a page of rows at a time from the server (`before`), and the chain's verify result: how many rows, the
 * head hash, and the first row where it breaks.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditQuery, CONSOLE_CALLS, type AuditRow, type AuditVerify } from '../../../contract/console';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { SchemaForm } from '../ui/SchemaForm';
import { seoulTime } from '../ui/format';

const AUDIT_PAGE = 200;
type AuditFilter = { actor?: string; action?: string; target?: string };

function VerifyResult() {
  const t = useCt();
  const verify = useQuery({ queryKey: ['audit', 'verify'], queryFn: () => consoleCall<AuditVerify>('GET', CONSOLE_CALLS.auditVerify.path) });
  if (!verify.data) return <p>{t('console.table.loading')}</p>;
  const { rows, headHash, broken } = verify.data;
  return (
    <div className={broken ? 'verify bad' : 'verify ok'} data-testid="audit-verify" role="status">
      {broken
        ? t('console.audit.broken', { rows, seq: broken.seq, problem: t(`console.audit.problem.${broken.problem}`) })
        : t('console.audit.intact', { rows })}
      <code>{headHash}</code>
      <button type="button" onClick={() => void verify.refetch()}>{t('console.audit.verifyAgain')}</button>
    </div>
  );
}

export function AuditScreen() {
  const t = useCt();
  const [filter, setFilter] = useState<AuditFilter>({});
  const pages = useInfiniteQuery({
    queryKey: ['audit', 'rows', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => consoleCall<{ list: AuditRow[]; nextBefore: number | null }>(
      'GET', `${CONSOLE_CALLS.audit.path}${queryString({ ...filter, before: pageParam, limit: AUDIT_PAGE })}`),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const columns: ColumnDef<AuditRow>[] = [
    { accessorKey: 'seq', header: t('console.audit.seq') },
    { accessorKey: 'at', header: t('console.audit.at'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'actor', header: t('console.audit.actor') },
    { accessorKey: 'role', header: t('console.audit.role') },
    { accessorKey: 'ip', header: t('console.audit.ip') },
    { accessorKey: 'action', header: t('console.audit.action') },
    { accessorKey: 'target', header: t('console.audit.target') },
    { id: 'change', header: t('console.audit.change'), enableSorting: false, accessorFn: (row) => JSON.stringify([row.before, row.after, row.detail]),
      cell: ({ row: { original: row } }) => (
        <details><summary>{row.reason || t('console.audit.detail')}</summary><pre>{JSON.stringify({ before: row.before, after: row.after, detail: row.detail }, null, 2)}</pre></details>
      ) },
    { accessorKey: 'approvalId', header: t('console.audit.approval') },
    { accessorKey: 'hash', header: t('console.audit.hash'), enableSorting: false, cell: (c) => <code title={c.getValue<string>()}>{c.getValue<string>().slice(0, 10)}</code> },
  ];
  return (
    <>
      <h1>{t('console.nav.audit')}</h1>
      <VerifyResult />
      <SchemaForm
        name="audit-filter"
        schema={auditQuery.pick({ actor: true, action: true, target: true })}
        fields={[
          { name: 'actor', label: t('console.audit.actor'), optional: true },
          { name: 'action', label: t('console.audit.action'), optional: true },
          { name: 'target', label: t('console.audit.target'), optional: true },
        ]}
        submitLabel={t('console.common.search')}
        send={async (value) => setFilter(value)}
      />
      <DataTable name="audit" rows={pages.data?.pages.flatMap((page) => page.list)} loading={pages.isPending} error={pages.error} columns={columns}
        rowId={(row) => String(row.seq)} initialSort={[{ id: 'seq', desc: true }]} pageSize={50} />
      {pages.hasNextPage && (
        <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>{t('console.audit.older')}</button>
      )}
    </>
  );
}
