// @vitest-environment jsdom
/**
 * The screens' writes that are not money actions go through the same confirmed-send tail
 * (machines/sendTail.ts): a check's problem is alerted and nothing is sent, the question when one is
 * asked, one request however often the member clicks, the refusal's or no answer's message, and the
 * key kept only while no answer came (the attendance press).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { AttendanceInfo } from '../../contract/community';
import { MessagesPage } from '../../src/features/messages/MessagesPage';
import { MemberInfoPage } from '../../src/features/mypage/MemberInfoPage';
import { AttendancePage } from '../../src/features/rewards/AttendancePage';
import { AccountInquiry } from '../../src/features/wallet/AccountInquiry';
import { t } from '../../src/i18n';
import { closeAlerts, createTestActors, fakeServer, renderAsPage, signIn, setUpPageTests } from './harness';

/** The fake server's answers: `write` answers the write under test (in order: a list of outcomes), reads answer what the pages need. */
let outcomes: unknown[] = [];
const OFFLINE = new TypeError('Failed to fetch');
const refusal = (code: string) => ({ code, message: '' });
const next = () => {
  const outcome = outcomes.shift();
  return outcome instanceof Error || (typeof outcome === 'object' && outcome !== null && 'code' in outcome) ? Promise.reject(outcome) : outcome;
};

const ATTENDANCE: AttendanceInfo = {
  enabled: true, checkedToday: false, streak: 2, days: [], today: '2030-01-10', next: { day: '2030-01-10', streak: 3, points: 100 },
  nextBonus: null, dailyPoints: 100, bonusEvery: 7, bonusPoints: 1_000,
};
const MESSAGES = {
  list: [{ msgIdx: 5, title: '공지', readYn: 'Y', regDate: '2030-01-01T00:00:00.000Z', readDate: '2030-01-01T00:00:00.000Z' }],
  pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 1 },
  newMsg: 0,
};
const WRITES: CallName[] = ['memberUpdate', 'getAcc', 'msgUpdate', 'attendanceCheck'];

const server = fakeServer(async (name) => {
  if (WRITES.includes(name)) return next();
  switch (name) {
    case 'accInquiry':
      return { inquiry: null };
    case 'msgList':
      return MESSAGES;
    case 'attendanceInfo':
      return ATTENDANCE;
    default:
      throw new Error(`unexpected call ${name}`);
  }
});

beforeEach(() => {
  outcomes = [];
  server.calls.length = 0;
});
setUpPageTests();

const dialogText = async (testId: 'alert' | 'confirm') => (await screen.findByTestId(testId)).querySelector('[role=alert]')?.textContent;

async function open(Page: () => React.ReactNode) {
  const actors = createTestActors();
  renderAsPage(Page, actors, server.api);
  await act(() => signIn(actors));
}

describe('forms and buttons on the confirmed-send tail', () => {
  it('a secret change: the form\'s own check first, sent at once, the refusal\'s message, then done', async () => {
    await open(MemberInfoPage);
    const form = await screen.findByTestId('info-password');
    const fields = form.querySelectorAll('input');
    const type = (field: Element, value: string) => fireEvent.change(field, { target: { value } });
    type(fields[0]!, 'demo1234');
    type(fields[1]!, 'newpass12');
    type(fields[2]!, 'newpass13');
    await userEvent.click(screen.getByTestId('info-password-submit'));
    expect(await dialogText('alert')).toBe(t('api.U203'));
    expect(server.callsOf('memberUpdate')).toHaveLength(0);
    await closeAlerts();

    type(fields[2]!, 'newpass12');
    outcomes = [refusal('U201'), { ok: true }];
    await userEvent.click(screen.getByTestId('info-password-submit'));
    expect(await dialogText('alert')).toBe(t('api.U201'));
    await closeAlerts();
    await userEvent.click(screen.getByTestId('info-password-submit'));
    expect(await dialogText('alert')).toBe(t('front.info.passChanged'));
    expect(server.callsOf('memberUpdate')).toHaveLength(2);
    await waitFor(() => expect((fields[0] as HTMLInputElement).value).toBe(''));
  });

  it('the account inquiry: asked once however often yes is clicked, then done; no answer says so', async () => {
    await open(AccountInquiry);
    outcomes = [OFFLINE, { inquiry: null }];
    await userEvent.click(await screen.findByTestId('account-inquiry'));
    expect(await dialogText('confirm')).toBe(t('front.cash.confirmAccountInquiry'));
    await userEvent.dblClick(screen.getByTestId('confirm-yes'));
    expect(await dialogText('alert')).toBe(t('front.error.network'));
    await closeAlerts();
    expect(server.callsOf('getAcc')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('account-inquiry'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await dialogText('alert')).toBe(t('front.cash.accountInquiryDone'));
    expect(server.callsOf('getAcc')).toHaveLength(2);
  });

  it('deleting messages: a selection is required (M001), then the question, one request, done', async () => {
    await open(MessagesPage);
    await screen.findAllByTestId('msg-select');
    await userEvent.click(screen.getByTestId('msg-delete'));
    expect(await dialogText('alert')).toBe(t('api.M001'));
    await closeAlerts();
    expect(server.callsOf('msgUpdate')).toHaveLength(0);

    outcomes = [{ deleted: 1 }];
    await userEvent.click(screen.getAllByTestId('msg-select')[0]!);
    await userEvent.click(screen.getByTestId('msg-delete'));
    expect(await dialogText('confirm')).toBe(t('front.board.confirmDelete'));
    await userEvent.dblClick(screen.getByTestId('confirm-yes'));
    expect(await dialogText('alert')).toBe(t('front.board.completeDelete'));
    expect(server.callsOf('msgUpdate')).toEqual([{ msgIdxs: [5] }]);
  });

  it('the check-in press: no question; after no answer the next press sends the same key, after an answer a new one', async () => {
    await open(AttendancePage);
    outcomes = [OFFLINE, refusal('AT001'), { streak: 3, points: 100, balances: { cashAmt: 0, pointAmt: 100 } }];
    const press = async () => userEvent.click(await screen.findByTestId('attendance-check'));
    await press();
    expect(await dialogText('alert')).toBe(t('front.error.network'));
    await closeAlerts();
    await press();
    expect(await dialogText('alert')).toBe(t('api.AT001'));
    await closeAlerts();
    await press();
    expect(await dialogText('alert')).toBe(t('front.attendance.done', { points: '100', streak: 3 }));
    const keys = server.callsOf('attendanceCheck').map((payload) => payload.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
