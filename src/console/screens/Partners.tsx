/**
 * The partner tree, browsed from the top partners (or a typed id) down through each line (a partner's own rates,
 * lower partners and members; the trail leads back up), making a member a partner, moving a member or partner, a
 * partner's permissions and rates (products × rolling and losing, entered in percent, sent in basis points; a top
 * partner's change waits for a second operator, as the server decides), what a bet accrued to each partner, and
 * daily settlements (close a day; the lines listed, each reversed in its row).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { memIdParam } from '../../../contract/admin';
import { PARTNER_LEVELS, PARTNER_PRODUCTS, RATE_BP_MAX, RATE_KINDS, type LowerPartner, type PartnerLevel, type RateTable } from '../../../contract/partner';
import {
  betIdParam, partnerMakeBody, partnerMoveBody, partnerPermissionsBody, partnerRatesBody, settlementCloseBody, settlementsQuery,
  type SettlementLineRow, type TopPartnerRow,
} from '../../../contract/partnerAdmin';
import { consoleCall, queryString } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, fieldColumns, type ColumnDef } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { Label, seoulTime, won } from '../ui/format';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';

type Page<Row> = { list: Row[]; page: number; pageSize: number; total: number };
const SETTLEMENT_STATUSES = ['settled', 'reversed'] as const;
/** The make form: a level, a parent (empty: a top partner) and whether they may create lower partners, as partnerMakeBody. */
export const makePartnerSchema = memIdParam.extend({ level: z.string(), parentMemId: z.string().optional(), canCreateLower: z.boolean() })
  .transform(({ parentMemId, ...rest }): z.input<typeof partnerMakeBody> & { memId: string } => ({ ...rest, level: rest.level as PartnerLevel, parentMemId: parentMemId ?? null }))
  .pipe(memIdParam.extend(partnerMakeBody.shape));

type Rows = { list?: Record<string, unknown>[] } | Record<string, unknown>[];
type Line = { memId: string; level: string; top: boolean; rates: RateTable; pendingRates: RateTable | null; partners: Rows; members: Rows };
const rowsOf = (part: Rows | undefined) => (Array.isArray(part) ? part : part?.list ?? []);
const partnersKey = ['partners'] as const;

const RATES = PARTNER_PRODUCTS.flatMap((product) => RATE_KINDS.map((kind) => ({ product, kind, field: `${product}_${kind}` })));
/** Basis points as a percent with two decimals (150 -> "1.50"). */
const percent = (bp: number) => (bp / 100).toFixed(2);

/**
 * The rate form's schema: a percent per product and kind (two decimals at most), of which the changed ones
 * become the call's body, checked with the contract's partnerRatesBody.
 */
export function ratesSchema(current: RateTable, t: Translate) {
  const pct = z.number().min(0).max(RATE_BP_MAX / 100).refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9,
    { message: t('console.rates.twoDecimals') });
  return z.object(Object.fromEntries(RATES.map(({ field }) => [field, pct.optional()])))
    .transform((value) => ({
      rates: RATES.flatMap(({ product, kind, field }) => {
        const entered = value[field];
        const rateBp = entered === undefined ? undefined : Math.round(entered * 100);
        return rateBp === undefined || rateBp === current[product][kind] ? [] : [{ product, kind, rateBp }];
      }),
    }))
    .refine((body) => body.rates.length > 0, { message: t('console.rates.unchanged') })
    .pipe(partnerRatesBody);
}

/** The rates of one partner as a small table: a product per row, rolling and losing in percent. */
function RateTableView({ name, rates, pending }: { name: string; rates: RateTable; pending?: RateTable | null }) {
  const t = useCt();
  return (
    <table className="rate-table" data-testid={`rates-${name}`}>
      <thead>
        <tr><th>{t('console.rates.product')}</th>{RATE_KINDS.map((kind) => <th key={kind}>{t(`console.rateKind.${kind}`)}</th>)}</tr>
      </thead>
      <tbody>
        {PARTNER_PRODUCTS.map((product) => (
          <tr key={product}>
            <td>{t(`console.partnerProduct.${product}`)}</td>
            {RATE_KINDS.map((kind) => (
              <td key={kind} className="num">
                {percent(rates[product][kind])} %
                {pending && pending[product][kind] !== rates[product][kind] && (
                  <span className="muted"> → {t('console.rates.pending', { rate: percent(pending[product][kind]) })}</span>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The non-zero rates in one line ("슬롯 롤링 1.50 %"), for a row of the lower-partner table. */
function rateSummary(rates: RateTable, t: Translate): string {
  const set = RATES.filter(({ product, kind }) => rates[product][kind] > 0)
    .map(({ product, kind }) => `${t(`console.partnerProduct.${product}`)} ${t(`console.rateKind.${kind}`)} ${percent(rates[product][kind])} %`);
  return set.length === 0 ? '—' : set.join(' · ');
}

/** The rate form of one partner (inline or in a row's dialog), starting from their rates in force. */
function rateForm(memId: string, rates: RateTable, t: Translate) {
  return {
    name: `rates-${memId}`,
    schema: ratesSchema(rates, t),
    fields: RATES.map(({ product, kind, field }): FieldSpec => ({
      name: field, label: `${t(`console.partnerProduct.${product}`)} · ${t(`console.rateKind.${kind}`)} (%)`, kind: 'number', optional: true,
    })),
    initial: Object.fromEntries(RATES.map(({ product, kind, field }) => [field, percent(rates[product][kind])])),
    submitLabel: t('console.rates.save'),
    send: (body: z.output<typeof partnerRatesBody>) => consoleCall('PUT', `/partners/${encodeURIComponent(memId)}/rates`, body),
    refresh: [partnersKey],
  };
}

/** The top partners (no partner above), a fragment of the id or nickname, a page at a time: the tree is browsed from them. */
function TopPartners({ open, current }: { open: (memId: string) => void; current: string | null }) {
  const t = useCt();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const tops = useQuery({
    queryKey: [...partnersKey, 'tops', q.trim(), page],
    queryFn: () => consoleCall<Page<TopPartnerRow>>('GET', `/partners${queryString({ q: q.trim(), page })}`),
    placeholderData: (previous) => previous,
  });
  const columns: ColumnDef<TopPartnerRow>[] = [
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'memNick', header: t('console.rates.nick') },
    { accessorKey: 'level', header: t('console.rates.level') },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="memberStatus" value={c.getValue<string>()} /> },
    { accessorKey: 'lowerPartners', header: t('console.partners.lowerCount') },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <button type="button" className={current === row.memId ? 'primary' : 'plain'} data-testid={`open-partner-${row.memId}`} onClick={() => open(row.memId)}>
          {t('console.common.open')}
        </button>
      ),
    },
  ];
  return (
    <DataTable name="top-partners" rows={tops.data?.list} loading={tops.isPending} error={tops.error} columns={columns} rowId={(row) => row.memId}
      serverPage={{ page, pageSize: tops.data?.pageSize ?? 20, total: tops.data?.total ?? 0, onPage: setPage }}
      toolbar={(
        <label className="filter-select">
          {t('console.common.search')}
          <input type="search" value={q} maxLength={40} data-testid="partners-q" onChange={(event) => { setQ(event.target.value); setPage(1); }} />
        </label>
      )} />
  );
}

/** Settlement lines (newest day first; by days, partner and status), each settled one reversed in its row. */
export function SettlementLines() {
  const t = useCt();
  const may = useMay();
  const [filter, setFilter] = useState<{ from: string; to: string; memId: string; status: (typeof SETTLEMENT_STATUSES)[number] | '' }>({ from: '', to: '', memId: '', status: '' });
  const [page, setPage] = useState(1);
  const query = { ...filter, memId: filter.memId.trim(), page };
  const valid = settlementsQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''))).success;
  const lines = useQuery({
    queryKey: [...partnersKey, 'settlements', query],
    queryFn: () => consoleCall<Page<SettlementLineRow>>('GET', `/partners/settlements${queryString(query)}`),
    enabled: valid,
    placeholderData: (previous) => previous,
  });
  const set = (change: Partial<typeof filter>) => { setFilter({ ...filter, ...change }); setPage(1); };
  const money = (c: { getValue: () => unknown }) => <span className="amount">{won(Number(c.getValue()))}</span>;
  const columns: ColumnDef<SettlementLineRow>[] = [
    { accessorKey: 'id', header: t('console.partners.lineId') },
    { accessorKey: 'day', header: t('console.partners.dayShort') },
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'product', header: t('console.rates.product'), cell: (c) => t(`console.partnerProduct.${c.getValue<string>()}`) },
    { accessorKey: 'betCount', header: t('console.fixtures.bets') },
    { accessorKey: 'stakeTotal', header: t('console.fixtures.stakes'), cell: money },
    { accessorKey: 'rolling', header: t('console.rateKind.rolling'), cell: money },
    { accessorKey: 'losing', header: t('console.rateKind.losing'), cell: money },
    { accessorKey: 'amount', header: t('console.common.amount'), cell: money },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="settlementStatus" value={c.getValue<string>()} /> },
    { accessorKey: 'settledAt', header: t('console.partners.settledAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => row.status === 'settled' && may('POST /partners/settlements/:id/reverse') && (
        <ActionButton tone="danger" label={t('console.partners.reverse')} confirm={t('console.partners.confirmReverse', { id: row.id, memId: row.memId, day: row.day })}
          testId={`reverse-line-${row.id}`} send={() => consoleCall('POST', `/partners/settlements/${row.id}/reverse`)} refresh={[partnersKey, ['approvals']]} />
      ),
    },
  ];
  const date = (key: 'from' | 'to') => (
    <label className="filter-select">{key === 'from' ? t('console.member.from') : t('console.member.to')}
      <input type="date" value={filter[key]} data-testid={`settlements-${key}`} onChange={(event) => set({ [key]: event.target.value })} />
    </label>
  );
  return (
    <DataTable name="settlement-lines" rows={lines.data?.list} loading={lines.isPending && valid} error={lines.error} columns={columns} rowId={(row) => String(row.id)}
      serverPage={{ page, pageSize: lines.data?.pageSize ?? 50, total: lines.data?.total ?? 0, onPage: setPage }}
      toolbar={(
        <>
          {date('from')}{date('to')}
          <label className="filter-select">{t('console.member.memId')}
            <input type="search" value={filter.memId} maxLength={40} data-testid="settlements-memId" onChange={(event) => set({ memId: event.target.value })} />
          </label>
          <FilterSelect label={t('console.common.status')} value={filter.status} values={SETTLEMENT_STATUSES} group="settlementStatus" all onChange={(status) => set({ status })} />
        </>
      )} />
  );
}

type Accrual = { partnerMemId: string; product: string; day: string; stake: number; win: number; rollingBp: number; losingBp: number; rolling: number; losing: number; lineId: number | null };

export function PartnersScreen() {
  const t = useCt();
  const may = useMay();
  /** The partners opened, from the first down to the one shown: the way back up the tree. */
  const [trail, setTrail] = useState<string[]>([]);
  const [betId, setBetId] = useState<number | null>(null);
  const memId = trail.at(-1) ?? null;
  const openTop = (who: string) => setTrail([who]);
  const openLower = (who: string) => setTrail((current) => [...current, who]);
  const line = useQuery({
    queryKey: [...partnersKey, 'line', memId],
    queryFn: () => consoleCall<Line>('GET', `/partners/${encodeURIComponent(memId!)}/line`),
    enabled: memId !== null,
  });
  const accruals = useQuery({
    queryKey: [...partnersKey, 'accruals', betId],
    queryFn: () => consoleCall<{ betId: number; accruals: Accrual[] }>('GET', `/partners/accruals/${betId}`),
    enabled: betId !== null,
  });
  const partners = rowsOf(line.data?.partners) as unknown as LowerPartner[];
  const members = rowsOf(line.data?.members);
  const mayRate = may('PUT /partners/:memId/rates');
  const partnerColumns: ColumnDef<LowerPartner>[] = [
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'memNick', header: t('console.rates.nick') },
    { accessorKey: 'level', header: t('console.rates.level') },
    { accessorKey: 'parentMemId', header: t('console.rates.parent') },
    { accessorKey: 'status', header: t('console.common.status') },
    { accessorKey: 'memberCount', header: t('console.rates.members') },
    { accessorKey: 'cashAmt', header: t('console.rates.cash'), cell: (c) => won(c.getValue<number>()) },
    {
      id: 'rates', header: t('console.rates.title'), accessorFn: (row) => rateSummary(row.rates, t),
      cell: (c) => <span className="rate-summary" data-testid={`rate-summary-${c.row.original.memId}`}>{c.getValue<string>()}</span>,
    },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <>
          <button type="button" data-testid={`open-lower-${row.memId}`} onClick={() => openLower(row.memId)}>{t('console.partners.openLine')}</button>
          {mayRate && (
            <FormButton label={t('console.rates.edit')} title={t('console.rates.of', { memId: row.memId })} testId={`rates-edit-${row.memId}`}
              {...rateForm(row.memId, row.rates, t)} />
          )}
        </>
      ),
    },
  ];
  const accrualColumns: ColumnDef<Accrual>[] = [
    { accessorKey: 'partnerMemId', header: t('console.member.memId') },
    { accessorKey: 'product', header: t('console.rates.product'), cell: (c) => t(`console.partnerProduct.${c.getValue<string>()}`) },
    { accessorKey: 'day', header: t('console.partners.dayShort') },
    { accessorKey: 'stake', header: t('console.fixtures.stakes'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'rollingBp', header: `${t('console.rateKind.rolling')} (bp)` },
    { accessorKey: 'rolling', header: t('console.rateKind.rolling'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'losingBp', header: `${t('console.rateKind.losing')} (bp)` },
    { accessorKey: 'losing', header: t('console.rateKind.losing'), cell: (c) => won(c.getValue<number>()) },
    { accessorKey: 'lineId', header: t('console.partners.lineId') },
  ];
  return (
    <>
      <h1>{t('console.nav.partners')}</h1>
      <h2>{t('console.partners.tops')}</h2>
      <TopPartners open={openTop} current={trail[0] ?? null} />
      <div className="columns">
        <section>
          <h2>{t('console.partners.line')}</h2>
          <SchemaForm name="partner-line" schema={memIdParam} fields={[{ name: 'memId', label: t('console.member.memId') }]}
            submitLabel={t('console.common.open')} send={async (value) => openTop(value.memId)} />
        </section>
        {may('POST /partners/:memId/make') && (
          <section>
            <h2>{t('console.partners.make')}</h2>
            <SchemaForm name="partner-make" schema={makePartnerSchema}
              fields={[
                { name: 'memId', label: t('console.member.memId') },
                { name: 'level', label: t('console.rates.level'), kind: 'select', options: PARTNER_LEVELS.map((level) => ({ value: level, label: level })) },
                { name: 'parentMemId', label: t('console.partners.makeParent'), optional: true },
                { name: 'canCreateLower', label: t('console.partners.canCreateLower'), kind: 'checkbox' },
              ]}
              initial={{ level: PARTNER_LEVELS[0], canCreateLower: true }} resetOnDone
              submitLabel={t('console.partners.makeGo')}
              send={({ memId: who, ...body }) => consoleCall('POST', `/partners/${encodeURIComponent(who)}/make`, body)} refresh={[partnersKey]} />
          </section>
        )}
        <section>
          <h2>{t('console.partners.move')}</h2>
          <SchemaForm name="partner-move" schema={memIdParam.extend(partnerMoveBody.shape)}
            fields={[{ name: 'memId', label: t('console.member.memId') }, { name: 'parentMemId', label: t('console.partners.parent') }]}
            submitLabel={t('console.common.save')} send={({ memId: who, parentMemId }) => consoleCall('POST', `/partners/${encodeURIComponent(who)}/move`, { parentMemId })} refresh={[partnersKey]} />
        </section>
        <section>
          <h2>{t('console.partners.accrual')}</h2>
          <SchemaForm name="partner-accrual" schema={betIdParam} fields={[{ name: 'betId', label: t('console.partners.betId'), kind: 'number' }]}
            submitLabel={t('console.common.open')} send={async (value) => setBetId(value.betId)} />
        </section>
      </div>
      {betId !== null && (
        <>
          <h2>{t('console.partners.accrualOf', { betId })}</h2>
          <DataTable name="accruals" rows={accruals.data?.accruals} loading={accruals.isPending} error={accruals.error} columns={accrualColumns}
            rowId={(row) => `${row.partnerMemId}-${row.lineId ?? ''}-${row.rolling}-${row.losing}`} pageSize={10} />
        </>
      )}
      {memId !== null && (
        <nav className="trail" aria-label={t('console.partners.trail')} data-testid="partner-trail">
          {trail.map((who, i) => (
            <button key={`${who}-${i}`} type="button" className={i === trail.length - 1 ? 'primary' : 'plain'} onClick={() => setTrail(trail.slice(0, i + 1))}>{who}</button>
          ))}
        </nav>
      )}
      {memId !== null && line.error && <p className="call-error" role="alert">{line.error.message}</p>}
      {memId !== null && line.data && (
        <>
          <h2>{t('console.rates.ofLevel', { memId: line.data.memId, level: line.data.level })}</h2>
          <div className="columns rates-columns">
            <section>
              <h3>{t('console.rates.inForce')}</h3>
              <RateTableView name={line.data.memId} rates={line.data.rates} pending={line.data.pendingRates} />
            </section>
            {mayRate && (
              <section>
                <h3>{t('console.rates.change')}</h3>
                {line.data.top && <p className="muted">{t('console.rates.topFourEyes')}</p>}
                <SchemaForm key={JSON.stringify(line.data.rates)} {...rateForm(line.data.memId, line.data.rates, t)} />
              </section>
            )}
            {may('PUT /partners/:memId/permissions') && (
              <section>
                <h3>{t('console.partners.permissions')}</h3>
                <SchemaForm key={line.data.memId} name="partner-permissions" schema={partnerPermissionsBody}
                  fields={[
                    { name: 'canCreateLower', label: t('console.partners.canCreateLower'), kind: 'tristate' },
                    { name: 'canMoveMoney', label: t('console.partners.canMoveMoney'), kind: 'tristate' },
                  ]}
                  submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', `/partners/${encodeURIComponent(line.data.memId)}/permissions`, body)} />
              </section>
            )}
          </div>
        </>
      )}
      {memId !== null && (
        <>
          <h2>{t('console.partners.lowerPartners', { memId })}</h2>
          <DataTable name="lower-partners" rows={partners} loading={line.isPending} error={line.error} columns={partnerColumns} rowId={(row) => String(row.memId)} />
          <h2>{t('console.partners.lineMembers', { memId })}</h2>
          <DataTable name="line-members" rows={members} loading={line.isPending} error={line.error} columns={fieldColumns(members)} rowId={(row) => String(row.memId)} />
        </>
      )}
      <h2>{t('console.partners.settlements')}</h2>
      <div className="columns">
        <section>
          <SchemaForm name="settlement-close" schema={settlementCloseBody} fields={[{ name: 'day', label: t('console.partners.day') }]}
            submitLabel={t('console.partners.close')} send={(body) => consoleCall('POST', '/partners/settlements/close', body)} refresh={[partnersKey]} />
        </section>
      </div>
      <SettlementLines />
    </>
  );
}
