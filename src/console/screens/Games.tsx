/** Game vendors (shown, maintenance, hidden), the catalogue sync, reconciliation with the vendor and its proposals, and the launch setting. */
import { useQuery } from '@tanstack/react-query';
import { gameSettingsBody, gameVendorStateBody, transferIdParam } from '../../../contract/admin';
import { VENDOR_STATES } from '../../../contract/games';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { ActionButton } from '../ui/actions';
import { DataTable, fieldColumns } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FormButton } from '../ui/FormButton';
import { SchemaForm } from '../ui/SchemaForm';

type VendorRow = Record<string, unknown> & { code: string };
const gamesKey = ['games'] as const;

export function GamesScreen() {
  const t = useCt();
  const vendors = useQuery({ queryKey: [...gamesKey, 'vendors'], queryFn: () => consoleCall<{ vendors: VendorRow[] }>('GET', '/games/vendors') });
  const report = useQuery({ queryKey: [...gamesKey, 'reconciliation'], queryFn: () => consoleCall<{ report: Record<string, unknown> }>('GET', '/games/reconciliation') });
  const columns = fieldColumns(vendors.data?.vendors, [{
    id: 'actions', header: t('console.common.actions'), enableSorting: false,
    cell: ({ row: { original: row } }) => (
      <FormButton label={t('console.games.state')} title={t('console.games.stateTitle', { code: row.code })} name="vendor-state" schema={gameVendorStateBody}
        fields={[{ name: 'state', label: t('console.games.state'), kind: 'select', options: VENDOR_STATES.map((state) => ({ value: state, label: t(`console.vendorState.${state}`) })) }]}
        initial={{ state: String(row.state ?? VENDOR_STATES[0]) }} submitLabel={t('console.common.save')}
        send={(body) => consoleCall('PUT', `/games/vendors/${encodeURIComponent(row.code)}`, body)} refresh={[gamesKey]} />
    ),
  }]);
  return (
    <>
      <h1>{t('console.nav.games')}</h1>
      <DataTable name="vendors" rows={vendors.data?.vendors} loading={vendors.isPending} error={vendors.error} columns={columns} rowId={(row) => row.code}
        toolbar={<ActionButton label={t('console.games.sync')} send={() => consoleCall('POST', '/games/sync')} refresh={[gamesKey]} />} />
      <div className="columns">
        <section>
          <h2>{t('console.games.reconciliation')}</h2>
          <Facts name="reconciliation" data={report.data?.report} />
          <ActionButton tone="primary" label={t('console.games.reconcile')} send={() => consoleCall('POST', '/games/reconciliation')} refresh={[gamesKey]} />
          <h3>{t('console.games.creditHeld')}</h3>
          <SchemaForm name="credit-held" schema={transferIdParam} fields={[{ name: 'transferId', label: t('console.games.transferId') }]}
            submitLabel={t('console.games.credit')} send={({ transferId }) => consoleCall('POST', `/games/held/${transferId}/credit`)} refresh={[gamesKey]} />
        </section>
        <section>
          <h2>{t('console.games.settings')}</h2>
          <SchemaForm name="game-settings" schema={gameSettingsBody} fields={[{ name: 'blockWhileCashOpen', label: t('console.games.blockWhileCashOpen'), kind: 'checkbox' }]}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', '/games/settings', body)} />
        </section>
      </div>
    </>
  );
}
