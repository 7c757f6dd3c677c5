// @vitest-environment jsdom
/**
 * The console's screens added after the audit of issue 22, over a fake operator API (fetch answered by path):
 * a vendor's games switched in their rows, a mini-game round picked from the list for its exposure and void, a
 * post's comments deleted in their rows, the settlement lines with a reverse on each settled one, a member's
 * protection with an operator limit never above their own, an operator's role changed, the audit trail saying where
 * its chain breaks; and the forms that turn typed fields into the contract's bodies (the wheel, the sportsbook
 * settings, a partner made, a push).
 */
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorMiniRound } from '../../contract/admin';
import type { ConsoleMe, OperatorRole } from '../../contract/console';
import type { SettlementLineRow } from '../../contract/partnerAdmin';
import type { LimitView, ProtectionInfo } from '../../contract/protection';
import { activateConsoleLocale, consoleI18n } from '../../src/console/i18n';
import { AuditScreen } from '../../src/console/screens/Audit';
import { CommunityScreen, rotarySchema } from '../../src/console/screens/Community';
import { GameCatalog } from '../../src/console/screens/Games';
import { MemberProtection, operatorLimitSchema, pushSchema } from '../../src/console/screens/MemberParts';
import { OperatorsScreen } from '../../src/console/screens/Operators';
import { makePartnerSchema, SettlementLines } from '../../src/console/screens/Partners';
import { MiniRounds, sportSettingsSchema } from '../../src/console/screens/RiskParts';
import { meKey } from '../../src/console/session';

beforeAll(() => activateConsoleLocale('ko'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let answers: Record<string, unknown>;

/** The fake operator API: `METHOD /path?query` (under /admin/api) answered from `answers`, every call kept in `sent`. */
beforeEach(() => {
  sent = [];
  answers = {};
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/admin\/api/, '');
    sent.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${path}`;
    const found = Object.hasOwn(answers, key);
    return new Response(JSON.stringify(found ? answers[key] : { resultCode: 'R404', resultMessage: `no fake for ${key}` }), { status: found ? 200 : 404 });
  }));
  vi.stubGlobal('confirm', () => true);
});

function me(role: OperatorRole, operatorId = 'boss'): ConsoleMe {
  return {
    operator: { operatorId, name: operatorId, role, status: 'active', totpEnrolled: true, createdAt: '2026-11-01T00:00:00.000Z', lastSignInAt: null },
    mustEnrol: false, idleExpiresAt: '2026-11-30T10:00:00.000Z', absoluteExpiresAt: '2026-11-30T18:00:00.000Z',
  };
}

function withConsole(ui: ReactNode, role: OperatorRole = 'owner') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meKey, me(role));
  return render(
    <I18nProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

const writes = () => sent.filter((s) => s.method !== 'GET');

describe('the games catalogue', () => {
  it("lists a vendor's games and switches one in its row", async () => {
    const user = userEvent.setup();
    answers['GET /games/catalog?brand=house-slot'] = { games: [
      { gameKey: 'slot-1', brand: 'house-slot', kind: 'slot', names: { ko: '슬롯 하나', en: 'Slot one' }, vendorEnabled: true, enabled: true, ord: 0 },
      { gameKey: 'slot-2', brand: 'house-slot', kind: 'slot', names: { ko: '슬롯 둘', en: 'Slot two' }, vendorEnabled: false, enabled: false, ord: 1 },
    ] };
    answers['PUT /games/catalog/slot-1'] = { ok: true };
    withConsole(<GameCatalog vendors={[{ code: '1', brand: 'house-slot', codeName: '하우스 슬롯' }]} />, 'risk');
    const table = await screen.findByTestId('table-game-catalog');
    await within(table).findByText('슬롯 하나');
    await user.click(within(table).getByTestId('switch-game-slot-1'));
    await waitFor(() => expect(writes()).toEqual([{ method: 'PUT', path: '/games/catalog/slot-1', body: { enabled: false } }]));
    expect(within(table).getByTestId('switch-game-slot-2').textContent).toBe('켜기');
  });
});

describe('mini-game rounds', () => {
  it('picks a round from the list for its exposure and voids it', async () => {
    const user = userEvent.setup();
    const round: OperatorMiniRound = {
      id: 41, game: 'powerball', day: '2026-11-30', roundNo: 120, status: 'open', closesAt: '2026-11-30T01:00:00.000Z', drawsAt: '2026-11-30T01:00:30.000Z', bets: 3, stakes: 30_000,
    };
    answers['GET /minigames/rounds?game=powerball'] = { list: [round, { ...round, id: 40, roundNo: 119, status: 'settled' }] };
    answers['GET /minigames/rounds/41/exposure'] = { round: { roundId: 41 }, totalStakes: 30_000 };
    answers['POST /minigames/rounds/41/void'] = { round: { roundId: 41 }, refunded: 3 };
    withConsole(<MiniRounds game="powerball" />, 'risk');
    const table = await screen.findByTestId('table-mini-rounds');
    await within(table).findByText('2026-11-30 #120');
    expect(screen.queryByTestId('form-mini-void')).toBeNull();
    await user.click(within(table).getByTestId('pick-round-41'));
    await screen.findByTestId('facts-round-exposure');
    await user.click(within(screen.getByTestId('form-mini-void')).getByRole('button'));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/minigames/rounds/41/void', body: undefined }]));
    // A settled round has its exposure but no void.
    await user.click(within(table).getByTestId('pick-round-40'));
    await waitFor(() => expect(screen.queryByTestId('form-mini-void')).toBeNull());
  });
});

describe('board moderation', () => {
  it("opens a post's comments and deletes one in its row", async () => {
    const user = userEvent.setup();
    answers['GET /board/posts?status=visible'] = { list: [{ id: 7, category: 'free', title: '안녕하세요', memId: 'm1', hidden: false, deletedAt: null, createdAt: '2026-11-29T00:00:00.000Z' }] };
    answers['GET /banners'] = { list: [] };
    answers['GET /attendance-settings'] = { enabled: true, dailyPoints: 100, bonusEvery: 7, bonusPoints: 1000 };
    answers['GET /rotary'] = { enabled: true, prizes: [{ label: '꽝', points: 0, weight: 5 }, { label: '100P', points: 100, weight: 1 }] };
    answers['GET /board/posts/7/comments'] = { list: [
      { id: 70, memId: 'm2', content: '광고 댓글', createdAt: '2026-11-29T01:00:00.000Z', deletedAt: null },
      { id: 71, memId: 'm3', content: '지운 댓글', createdAt: '2026-11-29T02:00:00.000Z', deletedAt: '2026-11-29T03:00:00.000Z' },
    ] };
    answers['POST /board/comments/70/delete'] = { ok: true };
    withConsole(<CommunityScreen />, 'support');
    const board = await screen.findByTestId('table-board');
    await within(board).findByText('안녕하세요');
    await user.click(within(board).getByTestId('comments-of-7'));
    const comments = await screen.findByTestId('comments-7');
    await within(comments).findByText('광고 댓글');
    expect(within(comments).queryByTestId('delete-comment-71')).toBeNull();
    await user.click(within(comments).getByTestId('delete-comment-70'));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/board/comments/70/delete', body: undefined }]));
    // Support reads attendance and the wheel; changing them is the owner's.
    expect(screen.queryByTestId('form-rotary')).toBeNull();
    await screen.findByTestId('facts-attendance');
  });

  it("the owner's wheel form sends the prizes only when a row changed", () => {
    const current = [{ label: '꽝', points: 0, weight: 5 }, { label: '100P', points: 100, weight: 1 }];
    const rows = { prize0_label: '꽝', prize0_points: '0', prize0_weight: '5', prize1_label: '100P', prize1_points: '100', prize1_weight: '1' };
    expect(rotarySchema(current).parse({ enabled: false, ...rows })).toEqual({ enabled: false });
    expect(rotarySchema(current).parse({ enabled: true, ...rows, prize2_label: '1000P', prize2_points: '1000', prize2_weight: '1' }))
      .toEqual({ enabled: true, prizes: [...current, { label: '1000P', points: 1000, weight: 1 }] });
    // One prize is too few; a prize without its weight is refused.
    expect(rotarySchema(current).safeParse({ enabled: true, prize0_label: '꽝', prize0_points: '0', prize0_weight: '5' }).success).toBe(false);
    expect(rotarySchema(current).safeParse({ enabled: true, ...rows, prize2_label: 'x', prize2_points: '1' }).success).toBe(false);
  });
});

describe('settlement lines', () => {
  const line = (id: number, status: SettlementLineRow['status']): SettlementLineRow => ({
    id, memId: 'ptn1', day: '2026-11-28', product: 'slot', betCount: 4, stakeTotal: 40_000, winTotal: 10_000, rolling: 400, losing: 0,
    carriedIn: 0, carriedOut: 0, amount: 400, status, settledAt: '2026-11-29T00:00:00.000Z', reversedAt: status === 'reversed' ? '2026-11-29T01:00:00.000Z' : null,
  });

  it('lists the lines and reverses a settled one from its row', async () => {
    const user = userEvent.setup();
    answers['GET /partners/settlements?page=1'] = { list: [line(5, 'settled'), line(4, 'reversed')], page: 1, pageSize: 50, total: 2 };
    answers['GET /partners/settlements?status=settled&page=1'] = { list: [line(5, 'settled')], page: 1, pageSize: 50, total: 1 };
    answers['POST /partners/settlements/5/reverse'] = { lineId: 5, status: 'reversed' };
    withConsole(<SettlementLines />, 'partnerManager');
    const table = await screen.findByTestId('table-settlement-lines');
    await within(table).findByTestId('row-5');
    expect(within(table).queryByTestId('reverse-line-4')).toBeNull();
    await user.selectOptions(within(table).getByTestId('filter-settlementStatus'), 'settled');
    await waitFor(() => expect(within(table).queryByTestId('row-4')).toBeNull());
    await user.click(within(table).getByTestId('reverse-line-5'));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/partners/settlements/5/reverse', body: undefined }]));
  });

  it('makes a top partner with a null parent', () => {
    expect(makePartnerSchema.parse({ memId: 'ptn9', level: 'PTN_1', canCreateLower: true })).toEqual({ memId: 'ptn9', level: 'PTN_1', parentMemId: null, canCreateLower: true });
    expect(makePartnerSchema.safeParse({ memId: 'ptn9', level: 'PTN_9', canCreateLower: true }).success).toBe(false);
  });
});

describe("a member's protection", () => {
  const limits: LimitView[] = [
    { kind: 'deposit', period: 'day', source: 'member', amount: 100_000, pending: null },
    { kind: 'loss', period: 'week', source: 'operator', amount: 50_000, pending: null },
  ];
  const info: ProtectionInfo = {
    limits, activeBreak: null, realityMinutes: 0,
    use: { day: { deposit: 10_000, stake: 0, loss: 0 }, week: { deposit: 10_000, stake: 0, loss: 0 }, month: { deposit: 10_000, stake: 0, loss: 0 } },
    history: [{ at: '2026-11-29T00:00:00.000Z', event: 'limit.set', source: 'member', kind: 'deposit', period: 'day', amount: 100_000, until: null, length: null }],
    historyPageInfo: { page: 1, count_per_list: 10, tatal_list_count: 1 },
  };

  it('refuses an operator limit above the member\'s own and sends a lower one', async () => {
    const user = userEvent.setup();
    answers['GET /members/m1/protection'] = info;
    answers['PUT /members/m1/protection/limits'] = info;
    withConsole(<MemberProtection memId="m1" />, 'risk');
    const limitsTable = await screen.findByTestId('table-limits');
    await within(limitsTable).findByText('100,000');
    const form = screen.getByTestId('form-operator-limit');
    await user.type(within(form).getByLabelText('금액 (비우면 운영자 한도 해제)'), '150000');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText(/회원 본인 한도\(100,000원\)보다 높을 수 없습니다/)).toBeTruthy();
    expect(writes()).toEqual([]);
    await user.clear(within(form).getByLabelText('금액 (비우면 운영자 한도 해제)'));
    await user.type(within(form).getByLabelText('금액 (비우면 운영자 한도 해제)'), '80000');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'PUT', path: '/members/m1/protection/limits', body: { kind: 'deposit', period: 'day', amount: 80_000 } }]));
  });

  it('an empty amount removes the operator limit; a kind without a member limit takes any amount', () => {
    const schema = operatorLimitSchema(limits, (id) => id);
    expect(schema.parse({ kind: 'loss', period: 'week' })).toEqual({ kind: 'loss', period: 'week', amount: null });
    expect(schema.parse({ kind: 'stake', period: 'month', amount: 5_000_000 })).toEqual({ kind: 'stake', period: 'month', amount: 5_000_000 });
    expect(schema.safeParse({ kind: 'deposit', period: 'day', amount: 100_001 }).error?.issues[0]?.path).toEqual(['amount']);
  });
});

describe('operators', () => {
  it("changes another operator's role in a dialog, and enables a disabled one", async () => {
    const user = userEvent.setup();
    const operator = (operatorId: string, role: OperatorRole, status: 'active' | 'disabled') => ({ ...me(role, operatorId).operator, status });
    answers['GET /console/operators'] = { list: [operator('boss', 'owner', 'active'), operator('kim', 'support', 'active'), operator('lee', 'cashier', 'disabled')] };
    answers['POST /console/operators/kim/role'] = { operator: operator('kim', 'risk', 'active') };
    answers['POST /console/operators/lee/enable'] = { operator: operator('lee', 'cashier', 'active') };
    withConsole(<OperatorsScreen />);
    const table = await screen.findByTestId('table-operators');
    await within(table).findByTestId('row-kim');
    // No role change or disabling of oneself.
    expect(within(table).queryByTestId('role-boss')).toBeNull();
    await user.click(within(table).getByTestId('role-kim'));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('역할'), 'risk');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await user.click(within(table).getByTestId('enable-lee'));
    await waitFor(() => expect(writes()).toEqual([
      { method: 'POST', path: '/console/operators/kim/role', body: { role: 'risk' } },
      { method: 'POST', path: '/console/operators/lee/enable', body: undefined },
    ]));
  });
});

describe('forms into contract bodies', () => {
  it('the sportsbook settings: only what was typed, a level with its three limits', () => {
    expect(sportSettingsSchema.parse({ exposureLimit: 5_000_000, maxLegs: 8 })).toEqual({ exposureLimit: 5_000_000, rules: { maxLegs: 8 } });
    expect(sportSettingsSchema.parse({ level: '2', minStake: 1_000, maxStake: 500_000, maxPayout: 10_000_000 }))
      .toEqual({ levelLimits: { 2: { minStake: 1_000, maxStake: 500_000, maxPayout: 10_000_000 } } });
    expect(sportSettingsSchema.safeParse({ level: '2', minStake: 1_000 }).success).toBe(false);
    expect(sportSettingsSchema.safeParse({}).success).toBe(false);
    expect(sportSettingsSchema.safeParse({ maxLegs: 11 }).success).toBe(false);
  });

  it('a push: empty values are null, a command in capitals only', () => {
    expect(pushSchema.parse({ cmd: 'MSG', data1: '3' })).toEqual({ cmd: 'MSG', data1: '3', data2: null });
    expect(pushSchema.safeParse({ cmd: 'msg' }).success).toBe(false);
  });
});

describe('the audit trail', () => {
  it('says where the chain breaks, and that it is whole once verified again', async () => {
    const user = userEvent.setup();
    const head = 'ab'.repeat(32);
    answers['GET /console/audit/verify'] = { rows: 12, headHash: head, broken: { seq: 7, problem: 'hash' } };
    answers['GET /console/audit?limit=200'] = { list: [], nextBefore: null };
    withConsole(<AuditScreen />);
    const verify = await screen.findByTestId('audit-verify');
    expect(verify.className).toBe('verify bad');
    expect(verify.textContent).toContain('감사 기록 12건 중 #7에서 체인이 끊어졌습니다: 행의 해시가 내용과 다름');
    expect(verify.textContent).toContain(head);
    answers['GET /console/audit/verify'] = { rows: 12, headHash: head, broken: null };
    await user.click(within(verify).getByRole('button', { name: '다시 검증' }));
    await waitFor(() => expect(screen.getByTestId('audit-verify').className).toBe('verify ok'));
    expect(screen.getByTestId('audit-verify').textContent).toContain('감사 기록 12건의 해시 체인이 온전합니다');
  });
});
