/**
 * Game vendors (shown, maintenance, hidden), the catalogue sync, a vendor's games switched on or off, reconciliation
 * with the vendor and its proposals, and the launch setting.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { gameSettingsBody, gameSwitchBody, gameVendorStateBody, transferIdParam } from '../../../contract/admin';
import { VENDOR_STATES } from '../../../contract/games';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { ActionButton } from '../ui/actions';
import { DataTable, fieldColumns, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FormButton } from '../ui/FormButton';
import { SchemaForm } from '../ui/SchemaForm';

type VendorRow = Record<string, unknown> & { code: string; brand: string; codeName?: string };
type GameRow = { gameKey: string; brand: string; kind: string; names: Record<string, string>; vendorEnabled: boolean; enabled: boolean; ord: number };
const gamesKey = ['games'] as const;

/** A vendor's games (GET /games/catalog?brand=), each switched on or off by the operator (PUT /games/catalog/{gameKey}). */
export function GameCatalog({ vendors }: { vendors: readonly VendorRow[] }) {
  const t = useCt();
  const [brand, setBrand] = useState('');
  const shown = brand || vendors[0]?.brand || '';
  const games = useQuery({
    queryKey: [...gamesKey, 'catalog', shown],
    queryFn: () => consoleCall<{ games: GameRow[] }>('GET', `/games/catalog?brand=${encodeURIComponent(shown)}`),
    enabled: shown !== '',
  });
  const yes = (on: boolean) => t(on ? 'console.form.yes' : 'console.form.no');
  const columns: ColumnDef<GameRow>[] = [
    { accessorKey: 'gameKey', header: t('console.games.gameKey') },
    { id: 'name', header: t('console.games.name'), accessorFn: (row) => row.names.ko ?? row.names.en ?? row.gameKey },
    { accessorKey: 'kind', header: t('console.common.kind') },
    { accessorKey: 'ord', header: t('console.banners.ord') },
    { accessorKey: 'vendorEnabled', header: t('console.games.vendorEnabled'), cell: (c) => yes(c.getValue<boolean>()) },
    { accessorKey: 'enabled', header: t('console.games.enabled'), cell: (c) => yes(c.getValue<boolean>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <ActionButton label={t(row.enabled ? 'console.community.switchOff' : 'console.community.switchOn')} testId={`switch-game-${row.gameKey}`}
          send={() => consoleCall('PUT', `/games/catalog/${encodeURIComponent(row.gameKey)}`, gameSwitchBody.parse({ enabled: !row.enabled }))} refresh={[gamesKey]} />
      ),
    },
  ];
  return (
    <DataTable name="game-catalog" rows={games.data?.games} loading={games.isPending} error={games.error} columns={columns} rowId={(row) => row.gameKey}
      initialSort={[{ id: 'ord', desc: false }]}
      toolbar={(
        <label className="filter-select">
          {t('console.games.vendor')}
          <select value={shown} data-testid="catalog-brand" onChange={(event) => setBrand(event.target.value)}>
            {vendors.map((vendor) => <option key={vendor.code} value={vendor.brand}>{vendor.codeName ?? vendor.brand}</option>)}
          </select>
        </label>
      )} />
  );
}

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
      <h2>{t('console.games.catalog')}</h2>
      <GameCatalog vendors={vendors.data?.vendors ?? []} />
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
