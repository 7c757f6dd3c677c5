// @vitest-environment jsdom
/**
 * My page's member protection history (src/features/mypage/ProtectionPage.tsx) on both trees: every change, a page
 * at a time (protectionHistory), a raise that came into force shown as its own entry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { HistoryEntry, ProtectionHistoryPage, ProtectionInfo } from '../../contract/protection';
import { ProtectionPage } from '../../src/features/mypage/ProtectionPage';
import { createTestActors, fakeServer, renderAsPage, setUpPageTests, signIn } from './harness';

let answer: (name: CallName, payload: Record<string, unknown>) => unknown;
const server = fakeServer((name, payload) => answer(name, payload));
beforeEach(() => {
  server.calls.length = 0;
});
setUpPageTests();

const set = (i: number): HistoryEntry => ({
  at: new Date(Date.UTC(2031, 2, 20, 3, 0, 0) - i * 60_000).toISOString(), event: 'limit.set', source: 'member', kind: 'deposit', period: 'day',
  amount: 100_000 + i * 1_000, until: null, length: null,
});
const zero = { deposit: 0, stake: 0, loss: 0 };
const first: ProtectionHistoryPage = { list: Array.from({ length: 10 }, (_, i) => set(i)), pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 12 } };
const info: ProtectionInfo = {
  limits: [], activeBreak: null, realityMinutes: 0, use: { day: zero, week: zero, month: zero }, history: first.list, historyPageInfo: first.pageInfo,
};
const second: ProtectionHistoryPage = {
  list: [
    { at: '2031-03-19T03:00:00.000Z', event: 'limit.effective', source: 'member', kind: 'stake', period: 'week', amount: 300_000, until: null, length: null },
    { at: '2031-03-18T03:00:00.000Z', event: 'limit.pending', source: 'member', kind: 'stake', period: 'week', amount: 300_000, until: '2031-03-19T03:00:00.000Z', length: null },
  ],
  pageInfo: { page: 2, count_per_list: 10, tatal_list_count: 12 },
};

describe.each(['desktop', 'phone'] as const)('the protection history on the %s tree', (tree) => {
  it('shows every change a page at a time, a raise in force as its own entry', async () => {
    answer = (name, payload) => {
      if (name === 'protectionInfo') return info;
      if (name === 'protectionHistory') return payload.page === 2 ? second : first;
      return Promise.reject(new Error(`unexpected call ${name}`));
    };
    const actors = createTestActors();
    await signIn(actors);
    renderAsPage(ProtectionPage, actors, server.api, tree);
    const list = await screen.findByTestId('protection-history');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list.textContent).toContain('입금 · 하루 한도: 100,000원');

    await userEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(screen.getByTestId('protection-history').textContent).toContain('베팅 · 7일 한도 변경 적용: 300,000원'));
    expect(within(screen.getByTestId('protection-history')).getAllByRole('listitem')).toHaveLength(2);
    expect(server.callsOf('protectionHistory')).toEqual([{ page: 1 }, { page: 2 }]);
  });
});
