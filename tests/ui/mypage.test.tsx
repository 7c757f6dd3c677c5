// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { CashRequest, PageInfo } from '../../contract/wallet';
import { ApiError } from '../../src/api/ApiError';
import { ChargeListPage } from '../../src/features/mypage/CashHistoryPage';
import { PointPage } from '../../src/features/mypage/PointPage';
import { activateLocale, t } from '../../src/i18n';
import { Pager } from '../../src/ui/Pager';
import { pagerModel } from '../../src/ui/pagerModel';
import { closeAlerts, createTestActors, fakeServer, renderAsPage, renderWithApp, signIn, setUpPageTests } from './harness';

/** The fake server's answer to every call; each test sets what it needs (answers queued with `answerOnce` go first). */
let answer: (name: CallName, payload: Record<string, unknown>) => unknown;
let queued: unknown[] = [];
const answerOnce = (failure: unknown) => queued.push(failure);
const server = fakeServer((name, payload) => {
  if (queued.length > 0) return Promise.reject(queued.shift());
  return answer(name, payload);
});

beforeEach(() => {
  answer = (name) => Promise.reject(new Error(`unexpected call ${name}`));
  queued = [];
  server.calls.length = 0;
});
setUpPageTests();

const info = (page: number, total: number): PageInfo => ({ page, count_per_list: 10, tatal_list_count: total });

describe('pager', () => {
  it('counts pages from the list size, at least one, in blocks of ten', () => {
    expect(pagerModel(info(1, 0))).toMatchObject({ totalPages: 1, pages: [1], previousBlock: null, nextBlock: null });
    expect(pagerModel(info(1, 10)).totalPages).toBe(1);
    expect(pagerModel(info(1, 11)).totalPages).toBe(2);
    expect(pagerModel(info(3, 95))).toMatchObject({ totalPages: 10, pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], nextBlock: null });
    expect(pagerModel(info(12, 250))).toMatchObject({
      page: 12,
      totalPages: 25,
      pages: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      previousBlock: 1,
      nextBlock: 21,
    });
    expect(pagerModel(info(25, 250)).pages).toEqual([21, 22, 23, 24, 25]);
    // A page past the end (records removed meanwhile) shows the last page.
    expect(pagerModel(info(9, 30)).page).toBe(3);
  });

  it('asks for the page the member clicks, the next block and the last page', async () => {
    const onPage = vi.fn();
    renderWithApp(<Pager pageInfo={info(1, 250)} onPage={onPage} />);
    const pager = screen.getByTestId('pager');
    expect(within(pager).getByRole('button', { current: 'page' }).textContent).toBe('1');
    await userEvent.click(within(pager).getByText('3'));
    await userEvent.click(within(pager).getByLabelText(t('front.pager.next')));
    await userEvent.click(within(pager).getByLabelText(t('front.pager.last')));
    await userEvent.click(within(pager).getByText('1')); // the current page: nothing to load
    expect(onPage.mock.calls).toEqual([[3], [11], [25]]);
    expect((within(pager).getByLabelText(t('front.pager.previous')) as HTMLButtonElement).disabled).toBe(true);
  });
});

async function renderSignedIn(Page: () => React.ReactNode) {
  const actors = createTestActors();
  renderAsPage(Page, actors, server.api);
  await act(() => signIn(actors));
  return actors;
}

const alertText = async () => (await screen.findByTestId('alert')).querySelector('[role=alert]')?.textContent;

describe('point conversion form', () => {
  async function typePoints(amount: string) {
    const input = await screen.findByLabelText('전환할 포인트');
    await userEvent.clear(input);
    await userEvent.type(input, amount);
    return input;
  }

  it('shows typed points with separators and fills in every held point', async () => {
    await renderSignedIn(PointPage);
    const input = await typePoints('12345');
    expect((input as HTMLInputElement).value).toBe('12,345');
    await userEvent.click(screen.getByTestId('point-all'));
    expect((input as HTMLInputElement).value).toBe('50,000');
  });

  it('refuses less than 1,000 points in Korean without calling the server', async () => {
    await renderSignedIn(PointPage);
    expect((await screen.findByTestId('point-minimum')).textContent).toContain('1,000');
    await typePoints('999');
    await userEvent.click(screen.getByTestId('point-submit'));
    expect(await alertText()).toBe('최소 1,000 P 이상 전환할 수 있습니다.');
    expect(server.calls).toHaveLength(0);
  });

  it('asks for 10,000 points in Vietnamese', async () => {
    await activateLocale('vi');
    await renderSignedIn(PointPage);
    expect((await screen.findByTestId('point-minimum')).textContent).toContain('10,000');
    const input = await screen.findByLabelText(t('front.mypage.pointAmount'));
    await userEvent.type(input, '9999');
    await userEvent.click(screen.getByTestId('point-submit'));
    expect(await alertText()).toBe(t('front.mypage.pointMinimum', { min: '10,000' }));
    await closeAlerts();
    expect(server.calls).toHaveLength(0);

    answer = async () => ({ balances: { cashAmt: 1_010_000, pointAmt: 40_000 } });
    await userEvent.type(input, '0'); // 99,990
    await userEvent.click(screen.getByTestId('point-submit'));
    expect(await alertText()).toBe(t('api.P002'));
    await closeAlerts();
    await userEvent.clear(input);
    await userEvent.type(input, '10000');
    await userEvent.click(screen.getByTestId('point-submit'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.payload).toMatchObject({ amount: 10_000 });
  });

  it('sends one request however often the member clicks', async () => {
    let reply!: (value: unknown) => void;
    answer = () => new Promise((resolve) => (reply = resolve));
    await renderSignedIn(PointPage);
    await typePoints('5000');
    const submit = screen.getByTestId('point-submit');
    const form = screen.getByTestId('point-convert');
    // A double click on the button, and Enter pressed twice in the box (a submit the disabled button cannot stop).
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(form);
    fireEvent.submit(form);
    // Say yes to every question that shows up.
    for (let yes = await screen.findByTestId('confirm-yes'); yes; yes = screen.queryByTestId('confirm-yes')!) {
      fireEvent.click(yes);
      fireEvent.click(yes);
      await act(async () => undefined);
    }
    fireEvent.click(submit);
    fireEvent.submit(form);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await act(async () => reply({ balances: { cashAmt: 1_005_000, pointAmt: 45_000 } }));
    expect(await alertText()).toBe('5,000 P가 보유머니로 전환되었습니다.');
    expect(server.calls).toEqual([{ name: 'pointConvert', payload: { idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), amount: 5000 } }]);
    // The answered balances reach the session (and so the header and this form) at once.
    expect(screen.getByTestId('held-points').textContent).toBe('45,000 P');
  });

  it('retries an unanswered conversion with the same key, and a refused one gets a new key', async () => {
    await renderSignedIn(PointPage);
    await typePoints('2000');
    const convert = async () => {
      await userEvent.click(screen.getByTestId('point-submit'));
      await userEvent.click(await screen.findByTestId('confirm-yes'));
      // A refusal is told; no answer asks whether to send the same request again (no: send it later).
      await waitFor(() => expect(screen.queryByTestId('alert') ?? screen.queryByTestId('confirm')).not.toBeNull());
      await closeAlerts();
    };
    answerOnce(new ApiError('NETWORK'));
    await convert();
    answerOnce(new ApiError('P009', '현재 포인트 전환을 이용할 수 없습니다.'));
    await convert();
    answerOnce(new ApiError('P009', '현재 포인트 전환을 이용할 수 없습니다.'));
    await convert();
    const keys = server.callsOf('pointConvert').map((payload) => payload.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('tells the server code of a refusal in words', async () => {
    answer = () => Promise.reject(new ApiError('P009', 'off'));
    await renderSignedIn(PointPage);
    await typePoints('3000');
    await userEvent.click(screen.getByTestId('point-submit'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await alertText()).toBe('현재 포인트 전환을 이용할 수 없습니다.');
  });
});

describe('deposit history', () => {
  const request = (requestId: number, status: CashRequest['status']): CashRequest => ({
    requestId,
    cashType: 'in',
    status,
    amount: 1_230_000,
    bonusAmount: status === 1 ? 246_000 : 0,
    bonusYn: 'Y',
    usdtAmount: null,
    priceKrw: null,
    address: null,
    memo: null,
    createdAt: '2025-03-01T01:02:00.000Z',
    processedAt: status === 1 || status === -1 ? '2025-03-01T02:00:00.000Z' : null,
  });

  it("asks for today's deposits from page 1 and labels each status", async () => {
    answer = async () => ({ list: [request(4, 0), request(3, 2), request(2, 1), request(1, -1)], pageInfo: info(1, 4) });
    await renderSignedIn(ChargeListPage);
    const rows = await screen.findAllByTestId('cash-history-row');
    expect(rows.map((row) => within(row).getByTestId('cash-status').textContent)).toEqual(['신청', '대기', '완료', '취소']);
    expect(within(rows[2]).getByText('1,230,000원')).toBeTruthy();
    expect(within(rows[2]).getByText('246,000원')).toBeTruthy();
    expect(within(rows[2]).getByText('2025-03-01 10:02')).toBeTruthy(); // Seoul time
    // Applied: cancel; waiting: nothing; processed: hide from the history.
    expect(rows.map((row) => within(row).queryByTestId('cash-remove')?.textContent ?? null)).toEqual(['신청취소', null, '삭제', '삭제']);

    const { name, payload } = server.calls[0]!;
    expect(name).toBe('cashList');
    expect(payload).toMatchObject({ page: 1, cashType: 'in' });
    const { startDate, endDate } = payload as { startDate: string; endDate: string };
    expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(endDate).toBe(`${startDate.slice(0, 10)} 23:59:59`);
  });

  it('alerts "error" when the list fails', async () => {
    answer = () => Promise.reject(new ApiError('R500', 'fault'));
    await renderSignedIn(ChargeListPage);
    expect(await alertText()).toBe('error');
  });

  it('reads the list again when the member searches the same days again', async () => {
    answer = async () => ({ list: [request(1, 1)], pageInfo: info(1, 1) });
    await renderSignedIn(ChargeListPage);
    await screen.findAllByTestId('cash-history-row');
    await userEvent.click(screen.getByRole('button', { name: t('front.dateRange.search') }));
    await waitFor(() => expect(server.callsOf('cashList')).toHaveLength(2));
  });

  it('loads the page the member picks', async () => {
    answer = async (_name, payload) => {
      const page = (payload as { page: number }).page;
      return { list: [request(100 - page, 1)], pageInfo: info(page, 35) };
    };
    await renderSignedIn(ChargeListPage);
    await screen.findAllByTestId('cash-history-row');
    await userEvent.click(within(screen.getByTestId('pager')).getByText('4'));
    await waitFor(() => expect(within(screen.getByTestId('pager')).getByRole('button', { current: 'page' }).textContent).toBe('4'));
    expect(server.callsOf('cashList').map((payload) => payload.page)).toEqual([1, 4]);
  });
});
