/**
 * Members: the search (GET /members: a fragment of the id, nickname or phone, a status, newest first, paged on
 * the server) and one member's page: their detail with the ledger's balances (GET /members/:memId), their
 * ledger (paged, by Seoul dates) and sessions with the kick (every live session revoked, with a reason), game
 * money and the vendor's balance, protection (limits, break, history, an operator limit), and the operator actions
 * of contract/admin.ts (restrictions, mini-game betting, points, coupons, a message, a push to their open pages, the
 * game lock), each shown only to a role that may make its call.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { couponBody, gameLockBody, MEMBER_STATUSES, messageBody, pointsBody, restrictionsBody, type MemberStatus } from '../../../contract/admin';
import {
  MEMBER_LEDGER_PAGE_SIZE, MEMBER_SEARCH_PAGE_SIZE, type MemberDetail, type MemberLedger, type MemberSearch, type MemberSearchRow, type MemberLedgerRow, type MemberSessionRow, sessionsRevokeBody,
} from '../../../contract/membersAdmin';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { Label, seoulTime, won } from '../ui/format';
import { SchemaForm } from '../ui/SchemaForm';
import { MemberProtection, MiniBetPermission, PUSH_COMMANDS, pushSchema } from './MemberParts';

export function MembersScreen() {
  const t = useCt();
  const may = useMay();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['members', q, status, page],
    queryFn: () => consoleCall<MemberSearch>('GET', `/members${queryString({ q, status, page })}`),
    enabled: may('GET /members'),
    placeholderData: (previous) => previous,
  });
  const columns: ColumnDef<MemberSearchRow, string>[] = [
    { accessorKey: 'memId', header: t('console.member.memId'), cell: (c) => <Link to="/members/$memId" params={{ memId: c.getValue() }}>{c.getValue()}</Link> },
    { accessorKey: 'memNick', header: t('console.member.nick') },
    { accessorKey: 'memPhone', header: t('console.member.phone') },
    { accessorKey: 'memLevel', header: t('console.member.level') },
    { accessorKey: 'recommenderId', header: t('console.member.recommender') },
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue()) },
    { accessorKey: 'lastLoginAt', header: t('console.member.lastLogin'), cell: (c) => seoulTime(c.getValue()) },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="memberStatus" value={c.getValue()} /> },
  ];
  return (
    <>
      <h1>{t('console.nav.members')}</h1>
      <form className="lookup" role="search" onSubmit={(event) => { event.preventDefault(); setQ(typed.trim()); setPage(1); }}>
        <label>{t('console.member.search')} <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)}
          placeholder={t('console.member.searchHint')} maxLength={40} data-testid="member-search" /></label>
        <button type="submit" className="primary" data-testid="member-search-go">{t('console.member.searchGo')}</button>
      </form>
      <DataTable name="members" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => row.memId}
        serverPage={{ page, pageSize: MEMBER_SEARCH_PAGE_SIZE, total: list.data?.total ?? 0, onPage: setPage }}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={MEMBER_STATUSES} group="memberStatus" all
          onChange={(value) => { setStatus(value); setPage(1); }} />} />
    </>
  );
}

export function MemberScreen() {
  const t = useCt();
  const may = useMay();
  const { memId } = useParams({ from: '/members/$memId' });
  const member = `/members/${encodeURIComponent(memId)}`;
  const games = useQuery({ queryKey: ['member', memId, 'games'], queryFn: () => consoleCall<Record<string, unknown>>('GET', `/games${member}`), enabled: may('GET /games/members/:memId') });
  const refresh = [['member', memId]];
  return (
    <>
      <h1>{t('console.member.title', { memId })}</h1>
      {may('GET /members/:memId') && <MemberSummary memId={memId} />}
      {may('GET /members/:memId/sessions') && <MemberSessions memId={memId} />}
      <div className="columns">
        {may('GET /games/members/:memId') && (
          <section>
            <h2>{t('console.member.games')}</h2>
            {games.error ? <p className="call-error">{games.error.message}</p> : <Facts name="games" data={games.data} />}
            {may('POST /games/members/:memId/merge') && <ActionButton label={t('console.member.merge')} send={() => consoleCall('POST', `/games${member}/merge`)} refresh={refresh} />}
            {may('PUT /games/members/:memId/lock') && (
              <SchemaForm name="game-lock" schema={gameLockBody} fields={[{ name: 'locked', label: t('console.member.gameLocked'), kind: 'checkbox' }]}
                initial={{ locked: games.data?.locked === true }} key={String(games.data?.locked)}
                submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', `/games${member}/lock`, body)} refresh={refresh} />
            )}
          </section>
        )}
      </div>
      {may('GET /members/:memId/protection') && <MemberProtection memId={memId} />}
      <div className="columns">
        {may('PUT /members/:memId/restrictions') && (
          <section>
            <h2>{t('console.member.restrictions')}</h2>
            <p className="muted">{t('console.member.restrictionsHint')}</p>
            <SchemaForm name="restrictions" schema={restrictionsBody}
              fields={[
                { name: 'depositBanned', label: t('console.member.depositBanned'), kind: 'tristate' },
                { name: 'withdrawBanned', label: t('console.member.withdrawBanned'), kind: 'tristate' },
                { name: 'suspended', label: t('console.member.suspended'), kind: 'tristate' },
              ]}
              submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', `${member}/restrictions`, body)} refresh={refresh} />
            {may('PUT /minigames/members/:memId/bet-permission') && <MiniBetPermission memId={memId} />}
          </section>
        )}
        {may('POST /members/:memId/points') && (
          <section>
            <h2>{t('console.member.points')}</h2>
            <SchemaForm name="points" schema={pointsBody}
              fields={[{ name: 'amount', label: t('console.member.pointsAmount'), kind: 'number' }, { name: 'reason', label: t('console.cash.reason') }]}
              submitLabel={t('console.common.send')} send={(body) => consoleCall('POST', `${member}/points`, body)} refresh={refresh} resetOnDone />
          </section>
        )}
        {may('POST /members/:memId/coupons') && (
          <section>
            <h2>{t('console.member.coupon')}</h2>
            <SchemaForm name="coupon" schema={couponBody}
              fields={[
                { name: 'name', label: t('console.member.couponName') },
                { name: 'kind', label: t('console.common.kind'), kind: 'select', options: [{ value: 'cash', label: t('console.member.couponCash') }, { value: 'point', label: t('console.member.couponPoint') }] },
                { name: 'amount', label: t('console.common.amount'), kind: 'number' },
                { name: 'expiresAt', label: t('console.member.expiresAt'), kind: 'datetime' },
              ]}
              initial={{ kind: 'cash' }}
              submitLabel={t('console.common.send')} send={(body) => consoleCall('POST', `${member}/coupons`, body)} refresh={refresh} resetOnDone />
          </section>
        )}
        {may('POST /messages') && (
          <section>
            <h2>{t('console.member.message')}</h2>
            <SchemaForm name="member-message" schema={messageBody}
              fields={[{ name: 'title', label: t('console.posts.title') }, { name: 'content', label: t('console.posts.content'), kind: 'textarea' }]}
              fixed={{ target: 'member', memId }}
              submitLabel={t('console.common.send')} send={(body) => consoleCall('POST', '/messages', body)} resetOnDone />
          </section>
        )}
        {may('POST /members/:memId/push') && (
          <section>
            <h2>{t('console.member.push')}</h2>
            <p className="muted">{t('console.member.pushHint')}</p>
            <SchemaForm name="member-push" schema={pushSchema}
              fields={[
                { name: 'cmd', label: t('console.member.pushCmd'), kind: 'select', options: PUSH_COMMANDS.map((cmd) => ({ value: cmd, label: `${cmd} · ${t(`console.pushCmd.${cmd}`)}` })) },
                { name: 'data1', label: 'data1', optional: true },
                { name: 'data2', label: 'data2', optional: true },
              ]}
              initial={{ cmd: 'MSG' }}
              submitLabel={t('console.common.send')} send={(body) => consoleCall('POST', `${member}/push`, body)} />
          </section>
        )}
      </div>
      {may('GET /members/:memId/ledger') && <MemberLedgerTable memId={memId} />}
    </>
  );
}

/** The top of a member's page: who they are, their line, their money as the ledger holds it, restrictions and protection. */
function MemberSummary({ memId }: { memId: string }) {
  const t = useCt();
  const detail = useQuery({ queryKey: ['member', memId, 'detail'], queryFn: () => consoleCall<MemberDetail>('GET', `/members/${encodeURIComponent(memId)}`) });
  if (detail.error) return <p className="call-error" role="alert">{detail.error.message}</p>;
  const d = detail.data;
  if (!d) return <p>{t('console.table.loading')}</p>;
  const yes = (on: boolean) => (on ? t('console.form.yes') : t('console.form.no'));
  const terms: [string, ReactNode][] = [
    [t('console.member.nick'), d.memNick],
    [t('console.member.name'), d.memName],
    [t('console.member.phone'), d.memPhone],
    [t('console.common.status'), <Label key="status" group="memberStatus" value={d.status} />],
    [t('console.member.level'), d.partnerLevel ? `${d.memLevel} · ${d.partnerLevel}` : d.memLevel],
    [t('console.member.recommender'), d.recommender ? `${d.recommender.memId}${d.recommender.partnerLevel ? ` (${d.recommender.partnerLevel})` : ''}` : '—'],
    [t('console.common.createdAt'), seoulTime(d.createdAt)],
    [t('console.member.lastLogin'), seoulTime(d.lastLoginAt) || '—'],
  ];
  const money: [string, number, string][] = [
    [t('console.member.cash'), d.balances.cash, 'cash'], [t('console.member.pointsBalance'), d.balances.points, 'points'],
    [t('console.member.held'), d.balances.held, 'held'], [t('console.member.gameMoney'), d.balances.gameMoney, 'game'],
  ];
  return (
    <section className="member-summary" data-testid="member-summary">
      <dl className="facts">
        {terms.map(([term, value]) => <div key={term}><dt>{term}</dt><dd>{value}</dd></div>)}
      </dl>
      <div className="tiles">
        {money.map(([label, amount, id]) => (
          <div key={id} className="tile" data-testid={`balance-${id}`}><span className="tile-label">{label}</span><strong>{won(amount)}</strong></div>
        ))}
      </div>
      <dl className="facts">
        <div><dt>{t('console.member.depositBanned')}</dt><dd>{yes(d.restrictions.depositBanned)}</dd></div>
        <div><dt>{t('console.member.withdrawBanned')}</dt><dd>{yes(d.restrictions.withdrawBanned)}</dd></div>
        <div><dt>{t('console.member.suspended')}</dt><dd>{yes(d.restrictions.suspended)}</dd></div>
        <div><dt>{t('console.member.gameLocked')}</dt><dd data-testid="game-locked">{yes(d.restrictions.gameLocked)}</dd></div>
        <div><dt>{t('console.member.miniBetBanned')}</dt><dd data-testid="mini-bet-banned">{yes(d.restrictions.miniBetBanned)}</dd></div>
        <div><dt>{t('console.member.limitsInForce')}</dt><dd>{d.protection.limitsInForce}</dd></div>
        <div><dt>{t('console.member.breakEnds')}</dt><dd>{seoulTime(d.protection.breakEndsAt) || '—'}</dd></div>
        <div><dt>{t('console.member.liveSessions')}</dt><dd data-testid="live-sessions">{d.liveSessions}</dd></div>
      </dl>
    </section>
  );
}

/** The member's sessions (live first) and the kick: every live session revoked at once, with a reason. */
function MemberSessions({ memId }: { memId: string }) {
  const t = useCt();
  const may = useMay();
  const member = `/members/${encodeURIComponent(memId)}`;
  const list = useQuery({ queryKey: ['member', memId, 'sessions'], queryFn: () => consoleCall<{ list: MemberSessionRow[] }>('GET', `${member}/sessions`) });
  const columns: ColumnDef<MemberSessionRow, string>[] = [
    { accessorKey: 'createdAt', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue()) },
    { accessorKey: 'lastSeenAt', header: t('console.member.lastSeen'), cell: (c) => seoulTime(c.getValue()) },
    { accessorKey: 'ip', header: t('console.member.address') },
    { accessorKey: 'userAgent', header: t('console.member.userAgent'), cell: (c) => <span className="clip" title={c.getValue()}>{c.getValue()}</span> },
    { accessorKey: 'state', header: t('console.common.status'), cell: (c) => <Label group="sessionState" value={c.getValue()} /> },
    { accessorKey: 'revokedAt', header: t('console.member.revokedAt'), cell: (c) => seoulTime(c.getValue()) },
  ];
  return (
    <section className="member-part">
      <div className="part-head">
        <h2>{t('console.member.sessions')}</h2>
        {may('POST /members/:memId/sessions/revoke') && (
          <FormButton label={t('console.member.kick')} title={t('console.member.confirmKick', { memId })} tone="danger" testId="member-kick"
            name="kick" schema={sessionsRevokeBody} fields={[{ name: 'reason', label: t('console.cash.reason') }]}
            submitLabel={t('console.member.kickConfirm')} send={(body) => consoleCall('POST', `${member}/sessions/revoke`, body)}
            refresh={[['member', memId]]}>
            <p className="muted">{t('console.member.kickHint')}</p>
          </FormButton>
        )}
      </div>
      <DataTable name="member-sessions" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => row.sessionId} pageSize={10} />
    </section>
  );
}

/** The member's ledger entries, newest first, paged on the server and filtered by Seoul dates. */
function MemberLedgerTable({ memId }: { memId: string }) {
  const t = useCt();
  const [range, setRange] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['member', memId, 'ledger', range.from, range.to, page],
    queryFn: () => consoleCall<MemberLedger>('GET', `/members/${encodeURIComponent(memId)}/ledger${queryString({ ...range, page })}`),
    placeholderData: (previous) => previous,
  });
  const columns: ColumnDef<MemberLedgerRow, string | number>[] = [
    { accessorKey: 'at', header: t('console.member.at'), cell: (c) => seoulTime(String(c.getValue())) },
    { accessorKey: 'kind', header: t('console.common.kind') },
    { accessorKey: 'currency', header: t('console.member.currency') },
    { accessorKey: 'amount', header: t('console.common.amount'), cell: (c) => <span className={Number(c.getValue()) < 0 ? 'amount minus' : 'amount plus'}>{signed(Number(c.getValue()))}</span> },
    { accessorKey: 'balanceAfter', header: t('console.member.balanceAfter'), cell: (c) => <span className="amount">{won(Number(c.getValue()))}</span> },
    { accessorKey: 'transactionId', header: t('console.member.transaction') },
  ];
  const date = (key: 'from' | 'to') => (
    <label className="filter-select">{key === 'from' ? t('console.member.from') : t('console.member.to')}
      <input type="date" value={range[key]} data-testid={`ledger-${key}`} onChange={(event) => { setRange({ ...range, [key]: event.target.value }); setPage(1); }} />
    </label>
  );
  return (
    <section className="member-part">
      <h2>{t('console.member.ledger')}</h2>
      <DataTable name="member-ledger" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => String(row.entryId)}
        serverPage={{ page, pageSize: MEMBER_LEDGER_PAGE_SIZE, total: list.data?.total ?? 0, onPage: setPage }}
        toolbar={<>{date('from')}{date('to')}</>} />
    </section>
  );
}

const signed = (amount: number) => (amount > 0 ? `+${won(amount)}` : won(amount));
