/**
 * Operators and roles (owner): the list, a new operator (the first password shown once), another operator's role
 * changed, disabling one and enabling them again; each audited by the server.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSOLE_CALLS, OPERATOR_CALLS, OPERATOR_ROLES, operatorCreateBody, operatorRoleBody, type OperatorInfo } from '../../../contract/console';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { useMe } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { FormButton } from '../ui/FormButton';
import { Label, seoulTime } from '../ui/format';
import { SchemaForm } from '../ui/SchemaForm';

const operatorsKey = ['operators'] as const;
const operatorPath = (path: string, operatorId: string) => path.replace(':operatorId', encodeURIComponent(operatorId));

/** What each role besides the owner may call, read from the contract (the owner may call everything). */
function RoleTable() {
  const t = useCt();
  const roles = OPERATOR_ROLES.filter((role) => role !== 'owner');
  return (
    <details className="roles">
      <summary>{t('console.operators.roles')}</summary>
      <table>
        <thead><tr><th>{t('console.operators.call')}</th>{roles.map((role) => <th key={role}>{t(`console.role.${role}`)}</th>)}</tr></thead>
        <tbody>
          {Object.entries(OPERATOR_CALLS).map(([call, allowed]) => (
            <tr key={call}><td><code>{call}</code></td>{roles.map((role) => <td key={role}>{(allowed as readonly string[]).includes(role) ? '●' : ''}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function OperatorsScreen() {
  const t = useCt();
  const me = useMe().data!;
  const [created, setCreated] = useState<{ operator: OperatorInfo; password: string } | null>(null);
  const list = useQuery({ queryKey: operatorsKey, queryFn: () => consoleCall<{ list: OperatorInfo[] }>('GET', CONSOLE_CALLS.operators.path) });
  const columns: ColumnDef<OperatorInfo>[] = [
    { accessorKey: 'operatorId', header: t('console.signIn.operatorId') },
    { accessorKey: 'name', header: t('console.operators.name') },
    { accessorKey: 'role', header: t('console.operators.role'), cell: (c) => <Label group="role" value={c.getValue<string>()} /> },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="operatorStatus" value={c.getValue<string>()} /> },
    { accessorKey: 'totpEnrolled', header: t('console.operators.totp'), cell: (c) => (c.getValue<boolean>() ? '●' : '') },
    { accessorKey: 'lastSignInAt', header: t('console.operators.lastSignIn'), cell: (c) => seoulTime(c.getValue<string | null>()) },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => row.operatorId !== me.operator.operatorId && (
        <>
          <FormButton label={t('console.operators.changeRole')} title={t('console.operators.roleOf', { operatorId: row.operatorId })} testId={`role-${row.operatorId}`}
            name="operator-role" schema={operatorRoleBody} initial={{ role: row.role }}
            fields={[{ name: 'role', label: t('console.operators.role'), kind: 'select', options: OPERATOR_ROLES.map((role) => ({ value: role, label: t(`console.role.${role}`) })) }]}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('POST', operatorPath(CONSOLE_CALLS.operatorRole.path, row.operatorId), body)} refresh={[operatorsKey]} />
          {row.status === 'active' ? (
            <ActionButton tone="danger" label={t('console.operators.disable')} confirm={t('console.operators.confirmDisable', { operatorId: row.operatorId })} testId={`disable-${row.operatorId}`}
              send={() => consoleCall('POST', operatorPath(CONSOLE_CALLS.operatorDisable.path, row.operatorId))} refresh={[operatorsKey]} />
          ) : (
            <ActionButton label={t('console.operators.enable')} testId={`enable-${row.operatorId}`}
              send={() => consoleCall('POST', operatorPath(CONSOLE_CALLS.operatorEnable.path, row.operatorId))} refresh={[operatorsKey]} />
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.operators')}</h1>
      <DataTable name="operators" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => row.operatorId} initialSort={[{ id: 'createdAt', desc: false }]} />
      <h2>{t('console.operators.create')}</h2>
      <SchemaForm
        name="operator-create"
        schema={operatorCreateBody}
        fields={[
          { name: 'operatorId', label: t('console.signIn.operatorId') },
          { name: 'name', label: t('console.operators.name') },
          { name: 'role', label: t('console.operators.role'), kind: 'select', options: OPERATOR_ROLES.map((role) => ({ value: role, label: t(`console.role.${role}`) })) },
        ]}
        initial={{ role: 'cashier' }}
        submitLabel={t('console.operators.create')}
        send={(body) => consoleCall<{ operator: OperatorInfo; password: string }>('POST', CONSOLE_CALLS.operatorCreate.path, body)}
        refresh={[operatorsKey]}
        resetOnDone
        onDone={(result) => setCreated(result as { operator: OperatorInfo; password: string })}
      />
      {created && (
        <p className="once" role="status" data-testid="operator-password">
          {t('console.operators.password', { operatorId: created.operator.operatorId })} <code>{created.password}</code>
        </p>
      )}
      <RoleTable />
    </>
  );
}
