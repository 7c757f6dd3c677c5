/**
 * Parts of a member's page (Members.tsx): their protection (limits, break, use, history) with the operator's limit
 * form, their mini-game betting banned or allowed, and the push form's schema. Kept apart from the screen's links
 * so tests can render them alone.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { betPermissionBody, pushBody } from '../../../contract/admin';
import type { MemberDetail } from '../../../contract/membersAdmin';
import { LIMIT_KINDS, PROTECTION_PERIODS, type HistoryEntry, type LimitView, type ProtectionInfo } from '../../../contract/protection';
import { operatorLimitBody } from '../../../contract/protectionPayloads';
import { consoleCall } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { seoulTime, won } from '../ui/format';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';

/** The socket commands an operator may push to a member's open pages (contract/topics.ts decodes each). */
export const PUSH_COMMANDS = ['MSG', 'CASH', 'INSPECT', 'LOCK_BET_YN', 'LOGOUT'] as const;
const optionalText = z.string().optional();
/** The push form: a command and its two values as typed (empty: null), sent as the contract's pushBody. */
export const pushSchema = z.object({ cmd: z.string(), data1: optionalText, data2: optionalText })
  .transform(({ cmd, data1, data2 }): z.input<typeof pushBody> => ({ cmd, data1: data1 ?? null, data2: data2 ?? null }))
  .pipe(pushBody);

/**
 * The operator's limit form: kind, period and amount (empty removes the operator's limit), sent as operatorLimitBody;
 * an amount above the member's own limit in force of that kind and period is refused here, as the server does (PL006).
 */
export function operatorLimitSchema(limits: readonly LimitView[], t: Translate) {
  return z.object({ kind: z.string(), period: z.string(), amount: z.number().optional() })
    .transform(({ amount, ...limit }) => ({ ...limit, amount: amount ?? null }))
    .pipe(operatorLimitBody)
    .superRefine((value, ctx) => {
      const own = limits.find((limit) => limit.source === 'member' && limit.kind === value.kind && limit.period === value.period)?.amount ?? null;
      if (value.amount !== null && own !== null && value.amount > own) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: t('console.protection.aboveOwn', { amount: won(own) }) });
      }
    });
}

/** Mini-game betting of a member: banned or allowed again (allowing it again may wait for a second operator). */
export function MiniBetPermission({ memId }: { memId: string }) {
  const t = useCt();
  const detail = useQuery({ queryKey: ['member', memId, 'detail'], queryFn: () => consoleCall<MemberDetail>('GET', `/members/${encodeURIComponent(memId)}`) });
  const banned = detail.data?.restrictions.miniBetBanned;
  if (banned === undefined) return null;
  return (
    <p className="part-head">
      <span>{t('console.member.miniBetBanned')}: <strong>{t(banned ? 'console.form.yes' : 'console.form.no')}</strong></span>
      <ActionButton label={t(banned ? 'console.member.miniBetAllow' : 'console.member.miniBetBan')} tone={banned ? 'plain' : 'danger'} testId="mini-bet-permission"
        send={() => consoleCall('PUT', `/minigames/members/${encodeURIComponent(memId)}/bet-permission`, betPermissionBody.parse({ allowed: banned }))}
        refresh={[['member', memId], ['approvals']]} />
    </p>
  );
}

/**
 * A member's protection: the limits (theirs and the operator's, with a raise or removal waiting), the running break,
 * the use of each period and the history; and, for a role that may, the operator's limit (lower than the member's
 * own in force, never higher; empty removes it).
 */
export function MemberProtection({ memId }: { memId: string }) {
  const t = useCt();
  const may = useMay();
  const path = `/members/${encodeURIComponent(memId)}/protection`;
  const info = useQuery({ queryKey: ['member', memId, 'protection'], queryFn: () => consoleCall<ProtectionInfo>('GET', path) });
  const amount = (value: number | null) => (value === null ? '—' : won(value));
  const limitColumns: ColumnDef<LimitView>[] = [
    { accessorKey: 'kind', header: t('console.common.kind'), cell: (c) => t(`console.limitKind.${c.getValue<string>()}`) },
    { accessorKey: 'period', header: t('console.protection.period'), cell: (c) => t(`console.period.${c.getValue<string>()}`) },
    { accessorKey: 'source', header: t('console.protection.source'), cell: (c) => t(`console.limitSource.${c.getValue<string>()}`) },
    { accessorKey: 'amount', header: t('console.common.amount'), cell: (c) => amount(c.getValue<number | null>()) },
    {
      id: 'pending', header: t('console.protection.pending'),
      accessorFn: (row) => (row.pending ? `${amount(row.pending.amount)} · ${seoulTime(row.pending.at)}` : ''),
    },
  ];
  const historyColumns: ColumnDef<HistoryEntry>[] = [
    { accessorKey: 'at', header: t('console.member.at'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'event', header: t('console.protection.event') },
    { accessorKey: 'source', header: t('console.protection.source'), cell: (c) => t(`console.limitSource.${c.getValue<string>()}`) },
    { id: 'what', header: t('console.common.kind'), accessorFn: (row) => [row.kind, row.period, row.length].filter(Boolean).join(' · ') },
    { accessorKey: 'amount', header: t('console.common.amount'), cell: (c) => amount(c.getValue<number | null>()) },
    { accessorKey: 'until', header: t('console.protection.until'), cell: (c) => seoulTime(c.getValue<string | null>()) },
  ];
  const limits = info.data?.limits ?? [];
  const fields: FieldSpec[] = [
    { name: 'kind', label: t('console.common.kind'), kind: 'select', options: LIMIT_KINDS.map((kind) => ({ value: kind, label: t(`console.limitKind.${kind}`) })) },
    { name: 'period', label: t('console.protection.period'), kind: 'select', options: PROTECTION_PERIODS.map((period) => ({ value: period, label: t(`console.period.${period}`) })) },
    { name: 'amount', label: t('console.protection.amount'), kind: 'number', optional: true },
  ];
  return (
    <section className="member-part" data-testid="member-protection">
      <h2>{t('console.member.protection')}</h2>
      {info.error && <p className="call-error" role="alert">{info.error.message}</p>}
      <h3>{t('console.protection.limits')}</h3>
      <DataTable name="limits" rows={limits} loading={info.isPending} columns={limitColumns} rowId={(row) => `${row.kind}-${row.period}-${row.source}`} pageSize={10} />
      <div className="columns">
        <section>
          <h3>{t('console.protection.break')}</h3>
          {info.data?.activeBreak ? <Facts name="break" data={{ ...info.data.activeBreak }} /> : <p data-testid="no-break">{t('console.protection.noBreak')}</p>}
          <h3>{t('console.protection.use')}</h3>
          <Facts name="use" data={info.data?.use} />
        </section>
        {may('PUT /members/:memId/protection/limits') && (
          <section>
            <h3>{t('console.protection.operatorLimit')}</h3>
            <p className="muted">{t('console.protection.operatorLimitHint')}</p>
            <SchemaForm name="operator-limit" schema={operatorLimitSchema(limits, t)} fields={fields} initial={{ kind: LIMIT_KINDS[0], period: PROTECTION_PERIODS[0] }}
              submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', `${path}/limits`, body)} refresh={[['member', memId]]} />
          </section>
        )}
      </div>
      <h3>{t('console.protection.history')}</h3>
      <DataTable name="protection-history" rows={info.data?.history} loading={info.isPending} columns={historyColumns} rowId={(row) => `${row.at}-${row.event}-${row.kind}-${row.period ?? ''}`}
        initialSort={[{ id: 'at', desc: true }]} pageSize={10} />
    </section>
  );
}
