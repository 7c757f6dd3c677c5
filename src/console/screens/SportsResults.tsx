/**
 * The sportsbook's fixtures on the risk screen: a paged lookup (upcoming, live, finished; a term over ids
 * and team names), and for the fixture opened its switch (listed and open to bets, or not), its markets (suspend, close, reopen, void), its open exposure
 * per selection, and the result form (status, score, each selection's outcome) checked with the contract's
 * sportResultBody. A result entered for a fixture already resulted is a correction: the server keeps it for
 * a second operator (202 OP010), which the form shows.
 */
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import type { SportNames } from '../../../contract/sports';
import {
  OPERATOR_FIXTURE_STATES, sportEnabledBody, sportResultBody, type OperatorFixture, type OperatorFixtureDetail, type OperatorFixturePage,
} from '../../../contract/sportsAdmin';
import { consoleCall, queryString } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { Label, seoulTime, won } from '../ui/format';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';

/** Under the risk screen's key, so its changes read these again. */
const fixturesKey = ['risk', 'fixtures'] as const;
type State = (typeof OPERATOR_FIXTURE_STATES)[number];
type Market = OperatorFixtureDetail['markets'][number];
type Exposure = { fixtureId: string; selections: { selectionId: string; marketId: string; stakes: number; liability: number; bets: number }[] };
const OUTCOMES = ['win', 'lose', 'void'] as const;
const RESULT_STATUSES = sportResultBody.shape.status.options;

function useName(): (names: SportNames) => string {
  const { i18n } = useLingui();
  return (names) => (i18n.locale === 'ko' ? names.ko : names.en);
}

const marketLabel = (market: Market) => `${market.kind} · ${market.period}${market.line === null ? '' : ` ${(market.line / 100).toFixed(2)}`}`;
const outcomeField = (m: number, s: number) => `o${m}_${s}`;

/** The result form's schema: the fields as the form has them, made into the contract's body (markets without an outcome left out). */
export function resultSchema(markets: Market[]) {
  const outcomes = Object.fromEntries(markets.flatMap((market, m) => market.selections.map((_, s) => [outcomeField(m, s), z.enum(OUTCOMES).optional()])));
  return z.object({ status: sportResultBody.shape.status, home: sportResultBody.shape.home, away: sportResultBody.shape.away, ...outcomes })
    .transform(({ status, home, away, ...entered }) => ({
      status, home, away,
      markets: markets.map((market, m) => ({
        marketId: market.marketId,
        outcomes: Object.fromEntries(market.selections.flatMap((selection, s) => {
          const outcome = (entered as Record<string, (typeof OUTCOMES)[number] | undefined>)[outcomeField(m, s)];
          return outcome ? [[selection.key, outcome]] : [];
        })),
      })).filter((market) => Object.keys(market.outcomes).length > 0),
    }))
    .pipe(sportResultBody);
}

function ResultForm({ detail }: { detail: OperatorFixtureDetail }) {
  const t = useCt();
  const { fixture, markets, result } = detail;
  const fields: FieldSpec[] = [
    { name: 'status', label: t('console.common.status'), kind: 'select', options: RESULT_STATUSES.map((status) => ({ value: status, label: t(`console.resultStatus.${status}`) })) },
    { name: 'home', label: t('console.fixtures.homeScore'), kind: 'number' },
    { name: 'away', label: t('console.fixtures.awayScore'), kind: 'number' },
    ...markets.flatMap((market, m) => market.selections.map((selection, s): FieldSpec => ({
      name: outcomeField(m, s), label: `${marketLabel(market)} · ${selection.key}`, kind: 'select', optional: true,
      options: [{ value: '', label: '—' }, ...OUTCOMES.map((outcome) => ({ value: outcome, label: t(`console.outcome.${outcome}`) }))],
    }))),
  ];
  const initial: Record<string, string> = {
    status: result?.status ?? 'final', home: String(result?.home ?? fixture.score?.home ?? ''), away: String(result?.away ?? fixture.score?.away ?? ''),
    ...Object.fromEntries(markets.flatMap((market, m) => market.selections.map((selection, s) => [outcomeField(m, s), result?.markets[market.marketId]?.[selection.key] ?? '']))),
  };
  return (
    <div className="result-form">
      {fixture.resultRev > 0 && <p className="note" data-testid="correction-note">{t('console.fixtures.correction', { rev: fixture.resultRev })}</p>}
      <SchemaForm key={`${fixture.fixtureId}-${fixture.resultRev}`} name="sport-result" schema={resultSchema(markets)} fields={fields} initial={initial}
        submitLabel={t(fixture.resultRev > 0 ? 'console.fixtures.correct' : 'console.fixtures.enterResult')}
        send={(body) => consoleCall('POST', `/sports/fixtures/${encodeURIComponent(fixture.fixtureId)}/result`, body)} refresh={[fixturesKey, ['approvals']]} />
    </div>
  );
}

function marketColumns(t: Translate, may: (call: string) => boolean): ColumnDef<Market>[] {
  return [
    { accessorKey: 'marketId', header: t('console.risk.marketId') },
    { id: 'market', header: t('console.fixtures.market'), accessorFn: marketLabel },
    { accessorKey: 'live', header: t('console.fixtures.live'), cell: (c) => (c.getValue<boolean>() ? t('console.form.yes') : t('console.form.no')) },
    {
      id: 'status', header: t('console.common.status'), accessorFn: (row) => (row.voided ? 'void' : row.override ?? row.feedStatus),
      cell: (c) => <Label group="marketStatus" value={c.getValue<string>()} />,
    },
    { id: 'selections', header: t('console.fixtures.selections'), enableSorting: false, accessorFn: (row) => row.selections.map((s) => `${s.key} ${(s.oddsCents / 100).toFixed(2)}`).join(' · ') },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => !row.voided && (
        <>
          {may('POST /sports/markets/:marketId/status') && (row.override === null
            ? <ActionButton label={t('console.risk.marketAction.suspend')} testId={`suspend-${row.marketId}`}
              send={() => consoleCall('POST', `/sports/markets/${encodeURIComponent(row.marketId)}/status`, { action: 'suspend' })} refresh={[fixturesKey]} />
            : <ActionButton label={t('console.risk.marketAction.reopen')} testId={`reopen-${row.marketId}`}
              send={() => consoleCall('POST', `/sports/markets/${encodeURIComponent(row.marketId)}/status`, { action: 'reopen' })} refresh={[fixturesKey]} />)}
          {may('POST /sports/markets/:marketId/void') && (
            <ActionButton tone="danger" label={t('console.risk.voidMarket')} testId={`void-${row.marketId}`} confirm={t('console.fixtures.confirmVoid', { id: row.marketId })}
              send={() => consoleCall('POST', `/sports/markets/${encodeURIComponent(row.marketId)}/void`)} refresh={[fixturesKey, ['approvals']]} />
          )}
        </>
      ),
    },
  ];
}

function FixtureDetail({ fixtureId }: { fixtureId: string }) {
  const t = useCt();
  const may = useMay();
  const name = useName();
  const detail = useQuery({
    queryKey: [...fixturesKey, 'detail', fixtureId],
    queryFn: () => consoleCall<OperatorFixtureDetail>('GET', `/sports/fixtures/${encodeURIComponent(fixtureId)}`),
  });
  const exposure = useQuery({
    queryKey: [...fixturesKey, 'exposure', fixtureId],
    queryFn: () => consoleCall<Exposure>('GET', `/sports/fixtures/${encodeURIComponent(fixtureId)}/exposure`),
  });
  if (detail.error) return <p className="call-error" role="alert">{detail.error.message}</p>;
  if (!detail.data) return <p>{t('console.table.loading')}</p>;
  const { fixture, markets } = detail.data;
  const exposureColumns: ColumnDef<Exposure['selections'][number]>[] = [
    { accessorKey: 'selectionId', header: t('console.fixtures.selection') },
    { accessorKey: 'bets', header: t('console.fixtures.bets') },
    { accessorKey: 'stakes', header: t('console.fixtures.stakes'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'liability', header: t('console.fixtures.liability'), cell: (c) => won(c.getValue<number>()) },
  ];
  return (
    <section className="fixture-detail" data-testid={`fixture-${fixture.fixtureId}`}>
      <h2>{t('console.fixtures.title', { home: name(fixture.home), away: name(fixture.away), id: fixture.fixtureId })}</h2>
      <p className="muted">
        <Label group="fixtureStatus" value={fixture.status} /> {seoulTime(fixture.startsAt)}
        {fixture.score && ` · ${fixture.score.home} : ${fixture.score.away}`}
        {` · ${t('console.fixtures.revision', { rev: fixture.resultRev })}`}
        {` · ${t(fixture.enabled ? 'console.fixtures.shown' : 'console.fixtures.hidden')} `}
        {may('PUT /sports/fixtures/:fixtureId') && (
          <ActionButton label={t(fixture.enabled ? 'console.community.switchOff' : 'console.community.switchOn')} testId={`switch-fixture-${fixture.fixtureId}`}
            send={() => consoleCall('PUT', `/sports/fixtures/${encodeURIComponent(fixture.fixtureId)}`, sportEnabledBody.parse({ enabled: !fixture.enabled }))}
            refresh={[fixturesKey]} />
        )}
      </p>
      <DataTable name="markets" rows={markets} columns={marketColumns(t, may)} rowId={(row) => row.marketId} pageSize={10} />
      <div className="columns">
        <section>
          <h3>{t('console.risk.exposure')}</h3>
          <DataTable name="exposure" rows={exposure.data?.selections} loading={exposure.isPending} error={exposure.error} columns={exposureColumns}
            rowId={(row) => row.selectionId} initialSort={[{ id: 'liability', desc: true }]} pageSize={10} />
        </section>
        {may('POST /sports/fixtures/:fixtureId/result') && (
          <section>
            <h3>{t('console.fixtures.result')}</h3>
            <ResultForm detail={detail.data} />
          </section>
        )}
      </div>
    </section>
  );
}

export function SportsResults() {
  const t = useCt();
  const name = useName();
  const [state, setState] = useState<State | ''>('live');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...fixturesKey, 'list', state, q.trim(), page],
    queryFn: () => consoleCall<OperatorFixturePage>('GET', `/sports/fixtures${queryString({ status: state, q: q.trim(), page })}`),
  });
  const columns: ColumnDef<OperatorFixture>[] = [
    { accessorKey: 'fixtureId', header: t('console.risk.fixtureId') },
    { accessorKey: 'sport', header: t('console.fixtures.sport') },
    { accessorKey: 'leagueId', header: t('console.fixtures.league') },
    { id: 'match', header: t('console.fixtures.match'), accessorFn: (row) => `${name(row.home)} – ${name(row.away)}` },
    { accessorKey: 'startsAt', header: t('console.fixtures.startsAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="fixtureStatus" value={c.getValue<string>()} /> },
    { id: 'score', header: t('console.fixtures.score'), accessorFn: (row) => (row.score ? `${row.score.home} : ${row.score.away}` : '') },
    { accessorKey: 'resultRev', header: t('console.fixtures.rev') },
    { accessorKey: 'enabled', header: t('console.games.enabled'), cell: (c) => t(c.getValue<boolean>() ? 'console.form.yes' : 'console.form.no') },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <button type="button" className={open === row.fixtureId ? 'primary' : 'plain'} data-testid={`open-fixture-${row.fixtureId}`} onClick={() => setOpen(row.fixtureId)}>
          {t('console.common.open')}
        </button>
      ),
    },
  ];
  return (
    <>
      <h2>{t('console.fixtures.heading')}</h2>
      <DataTable name="fixtures" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => row.fixtureId}
        serverPage={{ page, pageSize: list.data?.pageSize ?? 20, total: list.data?.total ?? 0, onPage: setPage }}
        toolbar={(
          <>
            <FilterSelect label={t('console.common.status')} value={state} values={OPERATOR_FIXTURE_STATES} group="fixtureState" all
              onChange={(next) => { setState(next); setPage(1); }} />
            <label className="filter-select">
              {t('console.common.search')}
              <input type="search" value={q} maxLength={64} data-testid="fixtures-q" onChange={(event) => { setQ(event.target.value); setPage(1); }} />
            </label>
          </>
        )} />
      {open !== null && <FixtureDetail key={open} fixtureId={open} />}
    </>
  );
}
