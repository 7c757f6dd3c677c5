/**
 * The partner tree (a partner's line: their own rates, lower partners and members), moving a member or
 * partner, the rates of a partner (products × rolling and losing, entered in percent, sent in basis points;
 * a top partner's change waits for a second operator, as the server decides), and daily settlements
 * (close a day, reverse a line).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { memIdParam } from '../../../contract/admin';
import { PARTNER_PRODUCTS, RATE_BP_MAX, RATE_KINDS, type LowerPartner, type RateTable } from '../../../contract/partner';
import { partnerMoveBody, partnerRatesBody, settlementCloseBody, settlementLineParam } from '../../../contract/partnerAdmin';
import { consoleCall } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { DataTable, fieldColumns, type ColumnDef } from '../ui/DataTable';
import { FormButton } from '../ui/FormButton';
import { won } from '../ui/format';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';

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

export function PartnersScreen() {
  const t = useCt();
  const may = useMay();
  const [memId, setMemId] = useState<string | null>(null);
  const line = useQuery({
    queryKey: [...partnersKey, 'line', memId],
    queryFn: () => consoleCall<Line>('GET', `/partners/${encodeURIComponent(memId!)}/line`),
    enabled: memId !== null,
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
      cell: ({ row: { original: row } }) => mayRate && (
        <FormButton label={t('console.rates.edit')} title={t('console.rates.of', { memId: row.memId })} testId={`rates-edit-${row.memId}`}
          {...rateForm(row.memId, row.rates, t)} />
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.partners')}</h1>
      <div className="columns">
        <section>
          <h2>{t('console.partners.line')}</h2>
          <SchemaForm name="partner-line" schema={memIdParam} fields={[{ name: 'memId', label: t('console.member.memId') }]}
            submitLabel={t('console.common.open')} send={async (value) => setMemId(value.memId)} />
        </section>
        <section>
          <h2>{t('console.partners.move')}</h2>
          <SchemaForm name="partner-move" schema={memIdParam.extend(partnerMoveBody.shape)}
            fields={[{ name: 'memId', label: t('console.member.memId') }, { name: 'parentMemId', label: t('console.partners.parent') }]}
            submitLabel={t('console.common.save')} send={({ memId: who, parentMemId }) => consoleCall('POST', `/partners/${encodeURIComponent(who)}/move`, { parentMemId })} refresh={[partnersKey]} />
        </section>
        <section>
          <h2>{t('console.partners.settlements')}</h2>
          <SchemaForm name="settlement-close" schema={settlementCloseBody} fields={[{ name: 'day', label: t('console.partners.day') }]}
            submitLabel={t('console.partners.close')} send={(body) => consoleCall('POST', '/partners/settlements/close', body)} />
          <SchemaForm name="settlement-reverse" schema={settlementLineParam} fields={[{ name: 'id', label: t('console.partners.lineId'), kind: 'number' }]}
            submitLabel={t('console.partners.reverse')} send={({ id }) => consoleCall('POST', `/partners/settlements/${id}/reverse`)} />
        </section>
      </div>
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
    </>
  );
}
