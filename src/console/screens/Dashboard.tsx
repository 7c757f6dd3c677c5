/**
 * The dashboard: waiting work at a glance (each count is the length of the list its screen shows, read through
 * the same calls), then today's figures (GET /dashboard): members online, deposits and withdrawals approved,
 * GGR per product and the largest open sportsbook exposures. The operator topic's cash events read the figures
 * again (src/console/live.ts), and they are read again every minute for what has no event (bets, sessions).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CONSOLE_CALLS } from '../../../contract/console';
import type { DashboardTotals } from '../../../contract/membersAdmin';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { useMay } from '../session';
import { ErrorNote } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Label, won } from '../ui/format';

const WAITING = [
  { key: ['signups', 'pending'], call: 'GET /signups', path: '/signups', read: '/signups?status=pending', label: 'console.nav.signups' },
  { key: ['cash-requests', 'applied', ''], call: 'GET /cash-requests', path: '/cash', read: '/cash-requests?status=0', label: 'console.nav.cash' },
  { key: ['account-inquiries', 'waiting'], call: 'GET /account-inquiries', path: '/inquiries', read: '/account-inquiries?status=waiting', label: 'console.nav.inquiries' },
  { key: ['questions', 'waiting'], call: 'GET /questions', path: '/questions', read: '/questions?status=waiting', label: 'console.nav.questions' },
  { key: ['approvals', 'pending'], call: null, path: '/approvals', read: `${CONSOLE_CALLS.approvals.path}?status=pending`, label: 'console.nav.approvals' },
] as const;

/** The query key of the day's figures (live.ts reads it again on the operator topic's cash events). */
export const DASHBOARD_KEY = ['dashboard'] as const;
const REREAD_MS = 60_000;

function WaitingCount({ entry }: { entry: (typeof WAITING)[number] }) {
  const t = useCt();
  const list = useQuery({ queryKey: entry.key, queryFn: () => consoleCall<{ list: unknown[] }>('GET', entry.read) });
  return (
    <Link to={entry.path} className="tile" data-testid={`waiting-${entry.path.slice(1)}`}>
      <span className="tile-label">{t(entry.label)}</span>
      <strong>{list.data ? list.data.list.length : '…'}</strong>
    </Link>
  );
}

type Product = DashboardTotals['ggr'][number];
type Exposure = DashboardTotals['exposures'][number];

function Today() {
  const t = useCt();
  const totals = useQuery({ queryKey: DASHBOARD_KEY, queryFn: () => consoleCall<DashboardTotals>('GET', '/dashboard'), refetchInterval: REREAD_MS });
  const d = totals.data;
  const figure = (id: string, label: string, value: string, note?: string) => (
    <div className="tile" data-testid={`today-${id}`}>
      <span className="tile-label">{label}</span>
      <strong>{value}</strong>
      {note && <span className="muted">{note}</span>}
    </div>
  );
  const products: ColumnDef<Product, string | number>[] = [
    { accessorKey: 'group', header: t('console.dashboard.product'), cell: (c) => <Label group="betGroup" value={String(c.getValue())} /> },
    { accessorKey: 'bets', header: t('console.dashboard.bets'), cell: (c) => <span className="amount">{won(Number(c.getValue()))}</span> },
    { accessorKey: 'stakes', header: t('console.dashboard.stakes'), cell: (c) => <span className="amount">{won(Number(c.getValue()))}</span> },
    { accessorKey: 'returns', header: t('console.dashboard.returns'), cell: (c) => <span className="amount">{won(Number(c.getValue()))}</span> },
    { accessorKey: 'ggr', header: t('console.dashboard.ggr'), cell: (c) => <strong className={Number(c.getValue()) < 0 ? 'amount minus' : 'amount'}>{won(Number(c.getValue()))}</strong> },
  ];
  const exposures: ColumnDef<Exposure, string | number>[] = [
    { id: 'fixture', header: t('console.dashboard.fixture'), accessorFn: (row) => (row.home && row.away ? `${row.home.ko} - ${row.away.ko}` : row.fixtureId) },
    { accessorKey: 'marketId', header: t('console.dashboard.market') },
    { accessorKey: 'selectionId', header: t('console.dashboard.selection') },
    { accessorKey: 'bets', header: t('console.dashboard.bets') },
    { accessorKey: 'stakes', header: t('console.dashboard.stakes'), cell: (c) => <span className="amount">{won(Number(c.getValue()))}</span> },
    { accessorKey: 'liability', header: t('console.dashboard.liability'), cell: (c) => <strong className="amount">{won(Number(c.getValue()))}</strong> },
  ];
  return (
    <>
      <h2>{t('console.dashboard.today', { day: d?.day ?? '…' })}</h2>
      <ErrorNote error={totals.error} />
      <div className="tiles">
        {figure('online', t('console.dashboard.online'), d ? won(d.membersOnline) : '…', d ? t('console.dashboard.onlineNote', { minutes: d.onlineMinutes }) : undefined)}
        {figure('deposits', t('console.dashboard.deposits'), d ? won(d.deposits.sum) : '…', d ? t('console.dashboard.count', { count: d.deposits.count }) : undefined)}
        {figure('withdrawals', t('console.dashboard.withdrawals'), d ? won(d.withdrawals.sum) : '…', d ? t('console.dashboard.count', { count: d.withdrawals.count }) : undefined)}
        {figure('ggr', t('console.dashboard.ggrTotal'), d ? won(d.ggr.reduce((sum, row) => sum + row.ggr, 0)) : '…')}
      </div>
      <div className="columns dashboard-tables">
        <section>
          <h3>{t('console.dashboard.ggrTitle')}</h3>
          <DataTable name="dashboard-ggr" rows={d?.ggr} loading={totals.isPending} columns={products} rowId={(row) => row.group} pageSize={10} />
        </section>
        <section>
          <h3>{t('console.dashboard.exposures')}</h3>
          <DataTable name="dashboard-exposures" rows={d?.exposures} loading={totals.isPending} columns={exposures} rowId={(row) => row.selectionId} pageSize={10} />
        </section>
      </div>
    </>
  );
}

export function DashboardScreen() {
  const t = useCt();
  const may = useMay();
  return (
    <>
      <h1>{t('console.nav.dashboard')}</h1>
      <h2>{t('console.dashboard.waiting')}</h2>
      <div className="tiles">
        {WAITING.filter((entry) => entry.call === null || may(entry.call)).map((entry) => <WaitingCount key={entry.path} entry={entry} />)}
      </div>
      {may('GET /dashboard') && <Today />}
    </>
  );
}
