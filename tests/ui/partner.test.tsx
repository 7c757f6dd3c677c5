// @vitest-environment jsdom
/**
 * The partner area's screens against a fake server: the summary and its commission merge, giving and taking
 * money (the confirmed-send tail: the question, one call with its key, the header's cash, the refusals), a
 * lower partner's rates with the recheck message and its checks, the settlements, and /striNew.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import { PARTNER_PRODUCTS, type LineMember, type LowerPartner, type PartnerSummary, type RateTable, type SettlementLine } from '../../contract/partner';
import type { PageInfo } from '../../contract/wallet';
import type { Member } from '../../contract/types';
import { GameHost } from '../../src/features/games/GameHost';
import {
  PartnerCalculationListPage, PartnerHomePage, PartnerListPage, PartnerMemberListPage, StributorMypagePage, StriNewPage,
} from '../../src/features/partner/pages';
import { activateLocale, t } from '../../src/i18n';
import { closeAlerts, createTestActors, demoMember, fakeServer, renderAsPage, setUpPageTests, signIn } from './harness';

let answer: (name: CallName, payload: Record<string, unknown>) => unknown;
const server = fakeServer((name, payload) => answer(name, payload));

beforeEach(() => {
  answer = (name) => Promise.reject(new Error(`unexpected call ${name}`));
  server.calls.length = 0;
});
setUpPageTests();

const partnerMember: Member = { ...demoMember, memId: 'partner01', memNick: '파트너01', isPartnerMember: 'Y', cashAmt: 500_000, pointAmt: 0 };
const pageInfo = (total: number): PageInfo => ({ page: 1, count_per_list: 10, tatal_list_count: total });
const table = (rolling: number, losing: number): RateTable =>
  Object.fromEntries(PARTNER_PRODUCTS.map((product) => [product, { rolling, losing }])) as RateTable;

const summary: PartnerSummary = {
  memId: 'partner01', memNick: '파트너01', level: 'PTN_4', parentMemId: 'sub01', rates: table(100, 2_000), pendingRates: null, pendingFrom: null,
  cashAmt: 500_000, today: { rolling: 1_200, losing: 0 }, month: { rolling: 45_600, losing: 12_000 }, commissionBalance: 57_600,
  lowerPartnerCount: 1, memberCount: 3, canCreateLower: true,
};
const member: LineMember = {
  memId: 'demo01', memNick: '데모회원', level: 'NORMAL', partnerMemId: 'partner01', status: 'active', cashAmt: 100_000, pointAmt: 500,
  lastLoginAt: '2026-11-28T03:00:00.000Z', createdAt: '2026-11-01T03:00:00.000Z',
};
const lower = (depth: number, changedToday = false): LowerPartner => ({
  memId: depth === 1 ? 'store01' : 'store02', memNick: '매장01', level: 'PTN_5', parentMemId: 'partner01', depth, status: 'active', directMemberCount: 2,
  memberCount: 2, cashAmt: 0, rates: table(80, 1_500), pendingRates: null, changedToday, createdAt: '2026-11-01T03:00:00.000Z',
});

async function renderPartnerPage(Page: () => React.ReactNode, tree: 'desktop' | 'phone' = 'desktop') {
  const actors = createTestActors();
  renderAsPage(() => (
    <>
      <Page />
      <GameHost />
    </>
  ), actors, server.api, tree);
  await act(() => signIn(actors, partnerMember));
  return actors;
}

const alertText = async () => (await screen.findByTestId('alert')).querySelector('[role=alert]')?.textContent;
const confirmText = async () => (await screen.findByTestId('confirm')).querySelector('[role=alert]')?.textContent;

describe('the partner summary', () => {
  it('shows the level, the line, the commissions and the rates, and merges the commission through the partner variant', async () => {
    answer = (name) => {
      if (name === 'partnerSummary') return { summary };
      if (name === 'partnerMerge') return { merged: 57_600, balances: { cashAmt: 557_600, commissionBalance: 0 } };
      return Promise.reject(new Error(name));
    };
    const actors = await renderPartnerPage(PartnerHomePage);
    expect((await screen.findByTestId('summary-level')).textContent).toBe('총판');
    expect(screen.getByTestId('summary-line').textContent).toBe('파트너 1 · 회원 3');
    expect(screen.getByTestId('summary-month-rolling').textContent).toBe('45,600원');
    expect(screen.getByTestId('summary-commission').textContent).toBe('57,600원');
    expect(screen.getByTestId('summary-rates-casino-rolling').textContent).toBe('1.00%');
    expect(screen.getByTestId('summary-rates-slot-losing').textContent).toBe('20.00%');

    await userEvent.click(screen.getByTestId('commission-merge'));
    const modal = await screen.findByTestId('merge-modal-partner');
    await userEvent.click(within(modal).getByTestId('merge-start'));
    await userEvent.click(within(modal).getByTestId('merge-confirm'));
    await within(modal).findByTestId('merge-complete');
    expect(server.callsOf('partnerMerge')).toHaveLength(1);
    expect(actors.session.getSnapshot().context.member!.cashAmt).toBe(557_600);
    // What the merge changed is read again.
    await waitFor(() => expect(server.callsOf('partnerSummary').length).toBeGreaterThan(1));
  });

  it('shows the same summary among the my-page tabs (stributor_mypage)', async () => {
    answer = (name) => (name === 'partnerSummary' ? { summary } : Promise.reject(new Error(name)));
    await renderPartnerPage(StributorMypagePage);
    const section = await screen.findByTestId('mypage-stributorMypage');
    expect(within(section).getByRole('heading', { level: 1 }).textContent).toBe(t('front.partner.mypage.title'));
    expect(within(section).getByTestId('tab-stributorMypage').className).toContain('menu-section__link--current');
    expect((await within(section).findByTestId('summary-level')).textContent).toBe('총판');
    expect(within(section).getByTestId('summary-commission').textContent).toBe('57,600원');
    expect(within(section).getByTestId('summary-rates-casino-rolling').textContent).toBe('1.00%');
    expect((within(section).getByTestId('commission-merge') as HTMLButtonElement).disabled).toBe(false);
  });

  it('carries the area\'s tabs on a phone', async () => {
    answer = () => ({ summary });
    await renderPartnerPage(PartnerHomePage, 'phone');
    const nav = await screen.findByTestId('partner-nav');
    expect(within(nav).getByTestId('partner-tab-partnerMemberList').getAttribute('href')).toBe('/member/partner/partnerMemberList');
    expect(within(nav).getByTestId('partner-tab-partnerHome').className).toContain('partner-nav__link--current');
  });
});

describe('giving and taking money', () => {
  function lineServer(move: (name: CallName, payload: Record<string, unknown>) => unknown) {
    answer = (name, payload) => {
      if (name === 'partnerMemberList') return { list: [member], pageInfo: pageInfo(1) };
      if (name === 'partnerGive' || name === 'partnerTake') return move(name, payload);
      return Promise.reject(new Error(name));
    };
  }

  it('asks first, gives once with a key, tells the partner, and the header cash follows', async () => {
    lineServer(() => ({
      record: { recordId: 1, direction: 'give', memId: 'demo01', amount: 30_000, cashAfter: 470_000, balanceAfter: 130_000, at: '2026-11-28T03:00:00.000Z', success: 'Y', note: '' },
      balances: { cashAmt: 470_000, commissionBalance: 0 },
    }));
    const actors = await renderPartnerPage(PartnerMemberListPage);
    await userEvent.click(await screen.findByTestId('member-give-open'));
    const dialog = await screen.findByTestId('move-dialog-give');
    expect(within(dialog).getByTestId('move-target').textContent).toBe('데모회원 (demo01)');
    await userEvent.type(within(dialog).getByLabelText('금액'), '30000');
    await userEvent.type(within(dialog).getByLabelText('메모'), '이벤트');
    await userEvent.dblClick(within(dialog).getByTestId('move-submit'));
    expect(await confirmText()).toBe('demo01 회원에게 30,000원을 지급하시겠습니까?');
    await userEvent.dblClick(screen.getByTestId('confirm-yes'));
    expect(await alertText()).toBe('demo01 회원에게 30,000원을 지급했습니다.');
    expect(server.callsOf('partnerGive')).toEqual([{ idempotencyKey: expect.any(String), memId: 'demo01', amount: 30_000, note: '이벤트' }]);
    expect(actors.session.getSnapshot().context.member!.cashAmt).toBe(470_000);
    await closeAlerts();
    await waitFor(() => expect(screen.queryByTestId('move-dialog-give')).toBeNull());
    await waitFor(() => expect(server.callsOf('partnerMemberList').length).toBe(2));
  });

  it('refuses an empty amount without a call, and tells the server\'s refusal of a take in words', async () => {
    lineServer(() => Promise.reject({ code: 'C403', message: '' }));
    await renderPartnerPage(PartnerMemberListPage);
    await userEvent.click(await screen.findByTestId('member-take-open'));
    const dialog = await screen.findByTestId('move-dialog-take');
    await userEvent.click(within(dialog).getByTestId('move-submit'));
    expect(await alertText()).toBe(t('api.C403'));
    expect(server.callsOf('partnerTake')).toHaveLength(0);
    await closeAlerts();

    await userEvent.type(within(dialog).getByLabelText('금액'), '999999999');
    await userEvent.click(within(dialog).getByTestId('move-submit'));
    expect(await confirmText()).toBe('demo01 회원에게서 999,999,999원을 회수하시겠습니까?');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    expect(await alertText()).toBe(t('api.C403'));
    expect(server.callsOf('partnerTake')).toHaveLength(1);
  });
});

describe('the lists of the line by the days they joined', () => {
  const today = /^\d{4}-\d{2}-\d{2} 00:00:00$/;

  it('reads the members who joined today first, then the days, id and scope asked', async () => {
    answer = (name) => (name === 'partnerMemberList' ? { list: [member], pageInfo: pageInfo(1) } : Promise.reject(new Error(name)));
    await renderPartnerPage(PartnerMemberListPage);
    await screen.findByTestId('member-give-open');
    const [first] = server.callsOf('partnerMemberList');
    expect(first).toMatchObject({ page: 1, memId: '', scope: 'all', withPartners: 'N', startDate: expect.stringMatching(today), endDate: expect.stringMatching(/ 23:59:59$/) });
    expect(String(first!.startDate).slice(0, 10)).toBe(String(first!.endDate).slice(0, 10));
    const filter = screen.getByTestId('date-range');
    await userEvent.clear(within(filter).getByLabelText(t('front.dateRange.from')));
    await userEvent.type(within(filter).getByLabelText(t('front.dateRange.from')), '2026-11-01');
    await userEvent.type(within(filter).getByLabelText(t('front.partner.filter.memId')), 'demo');
    await userEvent.click(within(filter).getByRole('button', { name: t('front.dateRange.search') }));
    await waitFor(() => expect(server.callsOf('partnerMemberList').at(-1)).toMatchObject({ memId: 'demo', startDate: '2026-11-01 00:00:00' }));
    await userEvent.selectOptions(within(filter).getByLabelText(t('front.partner.filter.scope')), 'direct');
    await waitFor(() => expect(server.callsOf('partnerMemberList').at(-1)).toMatchObject({ memId: 'demo', scope: 'direct', startDate: '2026-11-01 00:00:00' }));
  });

  it('reads the lower partners who joined today on a phone, and by the days and partner id asked', async () => {
    answer = (name) => (name === 'partnerList' ? { list: [lower(1)], pageInfo: pageInfo(1) } : Promise.reject(new Error(name)));
    await renderPartnerPage(PartnerListPage, 'phone');
    await screen.findByTestId('partner-rates-open');
    expect(server.callsOf('partnerList')[0]).toMatchObject({ page: 1, memId: '', startDate: expect.stringMatching(today), endDate: expect.stringMatching(/ 23:59:59$/) });
    const filter = screen.getByTestId('date-range');
    await userEvent.clear(within(filter).getByLabelText(t('front.dateRange.from')));
    await userEvent.type(within(filter).getByLabelText(t('front.dateRange.from')), '2026-10-01');
    await userEvent.type(within(filter).getByLabelText(t('front.partner.filter.partnerId')), 'store');
    await userEvent.click(within(filter).getByRole('button', { name: t('front.dateRange.search') }));
    await waitFor(() => expect(server.callsOf('partnerList').at(-1)).toMatchObject({ memId: 'store', startDate: '2026-10-01 00:00:00' }));
  });
});

describe('a lower partner\'s rates', () => {
  function rateServer(partner: LowerPartner) {
    answer = (name, payload) => {
      if (name === 'partnerList') return { list: [partner], pageInfo: pageInfo(1) };
      if (name === 'partnerRates') {
        return { memId: payload.memId, rates: partner.rates, pendingRates: null, pendingFrom: null, cap: table(100, 2_000), changedToday: partner.changedToday };
      }
      if (name === 'partnerRateChange') return { memId: payload.memId, pendingRates: table(80, 1_500), pendingFrom: '2026-11-28T15:00:00.000Z' };
      return Promise.reject(new Error(name));
    };
  }

  async function openEditor(partner: LowerPartner) {
    rateServer(partner);
    await renderPartnerPage(PartnerListPage);
    await userEvent.click(await screen.findByTestId('partner-rates-open'));
    return screen.findByTestId('rate-editor');
  }

  it('checks each rate against the partner\'s own, then rechecks every change before sending it once', async () => {
    const editor = await openEditor(lower(1));
    const casinoRolling = await within(editor).findByLabelText('카지노 롤링');
    expect((casinoRolling as HTMLInputElement).value).toBe('0.80');
    expect(within(editor).getAllByText('최대 1.00%').length).toBe(PARTNER_PRODUCTS.length);

    // Nothing changed yet.
    await userEvent.click(within(editor).getByTestId('rate-submit'));
    expect(await alertText()).toBe('변경된 요율이 없습니다.');
    await closeAlerts();
    // Above the partner's own rate.
    await userEvent.clear(casinoRolling);
    await userEvent.type(casinoRolling, '1.5');
    await userEvent.click(within(editor).getByTestId('rate-submit'));
    expect(await alertText()).toBe('카지노 롤링 요율은 1.00%를 넘을 수 없습니다.');
    await closeAlerts();
    // Not a rate.
    const slotLosing = within(editor).getByLabelText('슬롯 루징');
    await userEvent.clear(casinoRolling);
    await userEvent.type(casinoRolling, '0.9');
    await userEvent.clear(slotLosing);
    await userEvent.type(slotLosing, '1.234');
    await userEvent.click(within(editor).getByTestId('rate-submit'));
    expect(await alertText()).toBe('슬롯 루징 요율을 다시 확인해주세요. (0.00 ~ 100.00)');
    await closeAlerts();
    expect(server.callsOf('partnerRateChange')).toHaveLength(0);

    await userEvent.clear(slotLosing);
    await userEvent.type(slotLosing, '12');
    await userEvent.click(within(editor).getByTestId('rate-submit'));
    const recheck = await confirmText();
    expect(recheck).toContain('store01 파트너의 요율을 다시 확인해주세요.');
    expect(recheck).toContain('카지노 롤링: 0.80% → 0.90%\n슬롯 루징: 15.00% → 12.00%');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    expect(await alertText()).toBe(t('front.partner.rate.done'));
    expect(server.callsOf('partnerRateChange')).toEqual([{
      idempotencyKey: expect.any(String), memId: 'store01',
      rates: [{ product: 'casino', kind: 'rolling', rateBp: 90 }, { product: 'slot', kind: 'losing', rateBp: 1_200 }],
    }]);
  });

  it('offers no second change on the same Seoul day', async () => {
    const editor = await openEditor(lower(1, true));
    expect((await within(editor).findByTestId('rate-rule')).textContent).toBe(t('api.PT003'));
    expect((within(editor).getByTestId('rate-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a deeper partner\'s rates without a form', async () => {
    const editor = await openEditor(lower(2));
    expect((await within(editor).findByTestId('rate-view-casino-rolling')).textContent).toBe('0.80%');
    expect(within(editor).queryByTestId('rate-form')).toBeNull();
  });
});

describe('the settlements', () => {
  const line = (lineId: number, status: SettlementLine['status']): SettlementLine => ({
    lineId, day: '2026-11-27', product: 'slot', betCount: 12, stakeTotal: 120_000, winTotal: 90_000, rolling: 1_200, losing: 5_760,
    carriedIn: -1_000, carriedOut: 0, amount: 5_960, status, settledAt: '2026-11-27T15:05:00.000Z',
  });

  it('lists each day and product with its amount, marks a reversed line, and filters by product', async () => {
    answer = (name) => {
      if (name === 'partnerCalculationList') return { list: [line(2, 'settled'), line(1, 'reversed')], pageInfo: pageInfo(2) };
      if (name === 'partnerSummary') return { summary };
      return Promise.reject(new Error(name));
    };
    await renderPartnerPage(PartnerCalculationListPage);
    const rows = await screen.findAllByTestId('settlements-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('settlement-amount').textContent).toBe('5,960원');
    expect(within(rows[1]!).getByTestId('settlement-amount').textContent).toBe('5,960원취소됨');
    expect((await screen.findByTestId('calculation-commission')).textContent).toBe('57,600원');
    await userEvent.selectOptions(screen.getByLabelText('상품'), 'casino');
    await waitFor(() => expect(server.callsOf('partnerCalculationList').at(-1)).toMatchObject({ page: 1, product: 'casino' }));
    expect(server.callsOf('partnerCalculationList')[0]).toMatchObject({ product: '', startDate: expect.stringMatching(/ 00:00:00$/), endDate: expect.stringMatching(/ 23:59:59$/) });
  });
});

describe('/striNew', () => {
  it('checks the sign-up rules and each starting rate, then creates the lower partner one level down', async () => {
    answer = (name) => {
      if (name === 'partnerSummary') return { summary };
      if (name === 'partnerRates') return { memId: '', rates: summary.rates, pendingRates: null, pendingFrom: null, cap: table(200, 3_000), changedToday: false };
      if (name === 'bank') return { list: [{ bankCode: '004', bankNameKr: '국민은행' }] };
      if (name === 'partnerCreate') return { partner: lower(1) };
      return Promise.reject(new Error(name));
    };
    await renderPartnerPage(StriNewPage);
    expect((await screen.findByTestId('stri-new-level')).textContent).toBe('생성 등급: 매장');
    await userEvent.click(screen.getByTestId('stri-new-submit'));
    expect(await alertText()).toBe(t('front.member.emptyMemId'));
    await closeAlerts();

    const form = screen.getByTestId('stri-new-form');
    const type = (label: string, text: string) => userEvent.type(within(form).getByLabelText(label), text);
    await type(t('front.member.memId'), 'store09');
    await type(t('front.member.memNick'), '매장09');
    await type(t('front.member.memPass'), 'pass1234');
    await type(t('front.member.memPassCheck'), 'pass1234');
    await type(t('front.member.memPhone'), '010-1234-5678');
    await type(t('front.member.cashOutPass'), '1234');
    await userEvent.selectOptions(await within(form).findByLabelText(t('front.member.bank')), '004');
    await type(t('front.member.memName'), '홍길동');
    await type(t('front.member.bankacc'), '1002003004');
    // A starting rate above the partner's own.
    const casinoRolling = within(form).getByLabelText('카지노 롤링');
    await userEvent.clear(casinoRolling);
    await userEvent.type(casinoRolling, '1.01');
    await userEvent.click(screen.getByTestId('stri-new-submit'));
    expect(await alertText()).toBe('카지노 롤링 요율은 1.00%를 넘을 수 없습니다.');
    await closeAlerts();
    expect(server.callsOf('partnerCreate')).toHaveLength(0);

    await userEvent.clear(casinoRolling);
    await userEvent.type(casinoRolling, '0.5');
    await userEvent.click(screen.getByTestId('stri-new-submit'));
    expect(await confirmText()).toBe('store09 아이디로 매장 파트너를 생성하시겠습니까?');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    expect(await alertText()).toBe('store09 파트너를 생성했습니다.');
    const [sent] = server.callsOf('partnerCreate');
    expect(sent).toMatchObject({ memId: 'store09', memNick: '매장09', memPhone: '01012345678', bank: '004', memName: '홍길동', bankacc: '1002003004', cashOutPass: '1234' });
    expect(sent!.rates).toHaveLength(PARTNER_PRODUCTS.length * 2);
    expect(sent!.rates).toContainEqual({ product: 'casino', kind: 'rolling', rateBp: 50 });
    expect(sent!.rates).toContainEqual({ product: 'slot', kind: 'losing', rateBp: 0 });
  }, 20_000); // a whole form typed key by key
});

describe('in English and Vietnamese', () => {
  it.each(['en', 'vi'] as const)('the summary reads in %s', async (locale) => {
    await activateLocale(locale);
    answer = () => ({ summary });
    await renderPartnerPage(PartnerHomePage);
    expect((await screen.findByTestId('summary-level')).textContent).toBe(t('front.partner.level.PTN_4'));
    expect(screen.getByTestId('partner-summary').textContent).not.toMatch(/front\.partner\./);
    expect(screen.getByText(t('front.partner.summary.todayRolling'))).toBeTruthy();
  });
});
