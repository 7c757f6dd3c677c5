/**
 * The audit trail (issue 22): rows chained by hash, updates and deletes refused by the database, the
 * verify call showing where an altered chain breaks, secrets never written, account numbers masked; and
 * the operator sign-in limits under concurrent bursts (per operator id, per address); a change's row holds the
 * changed thing as it was and as it became (read in the change's transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow, AuditVerify } from '../../contract/console';
import { type TestServer, startTestServer } from './harness';
import { consoleRequest, type ConsoleOperator, firstOwner, newOperator } from './consoleClient';
import { enrolMember } from './fixtures';

let server: TestServer;
let owner: ConsoleOperator;
beforeAll(async () => {
  server = await startTestServer();
  owner = await firstOwner(server);
}, 120_000);
afterAll(async () => { await server.close(); });

const verify = async () => (await owner.call('GET', '/admin/api/console/audit/verify')).body as unknown as AuditVerify;
const signIn = (operatorId: string, password: string, ip: string) =>
  consoleRequest(server, 'POST', '/admin/api/console/sign-in', { operatorId, password, code: '123456' }, undefined, ip);

describe('sign-in limits under bursts', () => {
  it('a burst of wrong passwords for one operator checks at most 5, then even the right one is refused', async () => {
    const target = await newOperator(server, owner, 'burst1', 'support');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn('burst1', `wrong-password-${i}`, `10.1.0.${i}`)));
    const codes = answers.map((a) => a.body.resultCode);
    expect(codes.filter((c) => c === 'OP001')).toHaveLength(5);
    expect(codes.filter((c) => c === 'OP002')).toHaveLength(15);
    expect(answers.filter((a) => a.body.resultCode === 'OP002').every((a) => a.status === 429)).toBe(true);
    expect((await signIn('burst1', target.password, '10.1.1.1')).body.resultCode).toBe('OP002');
    const failed = await server.rows<{ action: string }>(`select action from audit_log where actor = 'burst1' and action like 'console.signIn.%'`);
    expect(failed.filter((r) => r.action === 'console.signIn.failed')).toHaveLength(5);
    expect(failed.filter((r) => r.action === 'console.signIn.locked')).toHaveLength(16);
  });

  it('a burst from one address over many ids checks at most 20', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(`spray${i}`, 'wrong-password-x', '10.2.0.1')));
    const codes = answers.map((a) => a.body.resultCode);
    expect(codes.filter((c) => c === 'OP001')).toHaveLength(20);
    expect(codes.filter((c) => c === 'OP002')).toHaveLength(20);
  });
});

describe('the audit chain', () => {
  it('links every row to the one before, and the walk finds it whole', async () => {
    await newOperator(server, owner, 'chain1', 'cashier');
    const page = (await owner.call('GET', '/admin/api/console/audit?limit=5')).body as { list: AuditRow[]; nextBefore: number };
    expect(page.list).toHaveLength(5);
    for (let i = 0; i < page.list.length - 1; i++) expect(page.list[i]!.prevHash).toBe(page.list[i + 1]!.hash);
    const next = (await owner.call('GET', `/admin/api/console/audit?limit=5&before=${page.nextBefore}`)).body as { list: AuditRow[] };
    expect(next.list[0]!.hash).toBe(page.list[4]!.prevHash);
    const filtered = (await owner.call('GET', '/admin/api/console/audit?action=operator.create')).body as { list: AuditRow[] };
    expect(filtered.list.every((r) => r.action === 'operator.create' && r.actor === 'owner' && r.role === 'owner')).toBe(true);
    expect(await verify()).toMatchObject({ broken: null });
  });

  it('never holds a password, TOTP code or recovery code; masks account numbers', async () => {
    const text = JSON.stringify(await server.rows('select * from audit_log'));
    expect(text).not.toContain(owner.password);
    expect(text).not.toContain(owner.recoveryCodes[0]!);
    expect(text).not.toContain('wrong-password');
    const { maskAccount, redact } = await import('../../server/admin/audit');
    expect(maskAccount('110-123-456789')).toBe('**********6789');
    expect(redact({ answer: '국민은행 110123456789', password: 'x', nested: { bankacc: '1234567890' } }))
      .toEqual({ answer: `${'*'.repeat(13)}6789`, password: '[redacted]', nested: { bankacc: '******7890' } });
  });

  it('the database refuses updates, deletes and truncation', async () => {
    for (const statement of ["update audit_log set actor = 'x' where seq = 1", 'delete from audit_log where seq = 1', 'truncate audit_log']) {
      const error = await server.rows(statement).then(() => null, (e: unknown) => e as Error & { cause?: Error });
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    }
  });

  it('shows where an altered chain breaks: an edited row, a removed row', async () => {
    const rows = Number((await server.rows<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n);
    const tamper = async (statement: string) => {
      await server.rows('alter table audit_log disable trigger audit_log_append_only');
      await server.rows(statement);
      await server.rows('alter table audit_log enable trigger audit_log_append_only');
    };
    await tamper(`update audit_log set detail = '{"forged":true}' where seq = ${rows - 2}`);
    expect((await verify()).broken).toEqual({ seq: rows - 2, problem: 'hash' });
    await tamper(`delete from audit_log where seq = ${rows - 5}`);
    expect((await verify()).broken).toEqual({ seq: rows - 5, problem: 'gap' });
  });
});

describe('before and after', () => {
  const lastRow = async (action: string) =>
    (await server.rows<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      `select before, after from audit_log where action = '${action}' order by seq desc limit 1`))[0]!;

  it("a member's restrictions: as they were and as they became", async () => {
    const member = await enrolMember(server);
    expect((await owner.call('PUT', `/admin/api/members/${member.memId}/restrictions`, { depositBanned: true, suspended: true })).status).toBe(200);
    expect(await lastRow('member.restrictions')).toEqual({
      before: { depositBanned: false, withdrawBanned: false, suspended: false },
      after: { depositBanned: true, withdrawBanned: false, suspended: true },
    });
  });

  it('the wallet settings and the site options: the rows before and after the change', async () => {
    const settings = (await owner.call('GET', '/admin/api/wallet-settings')).body.settings as Record<string, number>;
    const unit = settings.depositUnit === 5_000 ? 10_000 : 5_000;
    expect((await owner.call('PUT', '/admin/api/wallet-settings', { depositUnit: unit })).status).toBe(200);
    const wallet = await lastRow('wallet.settings');
    expect([wallet.before?.depositUnit, wallet.after?.depositUnit]).toEqual([settings.depositUnit, unit]);
    expect(wallet.after?.depositMax).toBe(settings.depositMax);

    expect((await owner.call('PUT', '/admin/api/site-options', { signupOpen: false })).status).toBe(200);
    const site = await lastRow('site.options');
    expect([site.before?.signupOpen, site.after?.signupOpen]).toEqual([true, false]);
    expect(site.after).toHaveProperty('sns2Link');
    await owner.call('PUT', '/admin/api/site-options', { signupOpen: true });
  });
});
