// @vitest-environment jsdom
/**
 * Every kind of money action runs on the one confirmed-send tail (machines/sendTail.ts, its owner sendOnce.ts): the
 * same three behaviours, checked through each page a member uses. A double click on yes sends once;
 * after no answer, yes to "send again?" sends the same request with the same key; a refusal shows the
 * code's message; the next request gets a new key.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { CashRequest, CoinPrice, Coupon, WalletLimits } from '../../contract/wallet';
import { ChargeListPage } from '../../src/features/mypage/CashHistoryPage';
import { CouponPage } from '../../src/features/mypage/CouponPage';
import { GivePage } from '../../src/features/mypage/GivePage';
import { PointPage } from '../../src/features/mypage/PointPage';
import { CoinDepositPage } from '../../src/features/wallet/CoinDepositPage';
import { CoinWithdrawalPage } from '../../src/features/wallet/CoinWithdrawalPage';
import { DepositPage } from '../../src/features/wallet/DepositPage';
import { WithdrawalPage } from '../../src/features/wallet/WithdrawalPage';
import { t } from '../../src/i18n';
import { closeAlerts, createTestActors, fakeServer, renderAsPage, signIn, type FakeServer, setUpPageTests } from './harness';

const LIMITS: WalletLimits = {
  depositMin: 10_000, depositMax: 10_000_000, depositUnit: 10_000, withdrawMin: 10_000, withdrawMax: 10_000_000,
  withdrawUnit: 10_000, rerequestWaitMinutes: 5, firstDepositBonusRate: 20, firstDepositBonusCap: 300_000,
  dailyBonusRate: 10, dailyBonusCap: 200_000, pointConversionOn: true, transfersOn: true,
};
const PRICE: CoinPrice = { symbol: 'USDT', priceKrw: 1_450, setAt: '2030-01-01T03:00:00.000Z', depositAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
const BALANCES = { cashAmt: 990_000, pointAmt: 45_000 };
const COUPON: Coupon = { couponId: 5, name: '웰컴 쿠폰', kind: 'cash', amount: 10_000, expiresAt: '2031-01-01T00:00:00.000Z', status: 'available', fromMemId: null, usedAt: null };
const page = (list: unknown[]) => ({ list, pageInfo: { page: 1, count_per_list: 10, tatal_list_count: list.length } });

function request(status: CashRequest['status']): CashRequest {
  return {
    requestId: 41, cashType: 'in', status, amount: 10_000, bonusAmount: 0, bonusYn: 'N', usdtAmount: null, priceKrw: null,
    address: null, memo: null, createdAt: new Date().toISOString(), processedAt: status === 1 ? new Date().toISOString() : null,
  };
}

interface ActionCase {
  name: string;
  Page: () => ReactNode;
  call: CallName;
  /** The requests the lists show. */
  requests?: CashRequest[];
  /** What the member fills in before asking. */
  fill(): Promise<void>;
  /** The button that asks. */
  ask: string;
  /** cash/del carries no key: cancelling or hiding twice answers the same. */
  keyed: boolean;
  answer: unknown;
}

const byLabel = async (label: string) => screen.findByLabelText(label);

const CASES: ActionCase[] = [
  {
    name: 'deposit', Page: DepositPage, call: 'cashIn', ask: 'cash-submit', keyed: true, answer: { request: request(0) },
    fill: async () => userEvent.click(await screen.findByTestId('preset-10000')),
  },
  {
    name: 'withdrawal', Page: WithdrawalPage, call: 'cashOut', ask: 'cash-submit', keyed: true, answer: { request: request(0), balances: BALANCES },
    fill: async () => {
      await userEvent.click(await screen.findByTestId('preset-10000'));
      await userEvent.type(await byLabel(t('front.cash.cashOutPass')), '1234');
    },
  },
  {
    name: 'USDT deposit', Page: CoinDepositPage, call: 'coinIn', ask: 'cash-submit', keyed: true, answer: { request: request(0) },
    fill: async () => {
      await screen.findByTestId('coin-price-value');
      await userEvent.type(await byLabel(t('front.cash.usdtAmount')), '10');
    },
  },
  {
    name: 'USDT withdrawal', Page: CoinWithdrawalPage, call: 'coinOut', ask: 'cash-submit', keyed: true, answer: { request: request(0), balances: BALANCES },
    fill: async () => {
      await screen.findByTestId('coin-price-value');
      await userEvent.click(await screen.findByTestId('preset-100000'));
      await userEvent.type(await byLabel(t('front.cash.address')), PRICE.depositAddress);
      await userEvent.type(await byLabel(t('front.cash.cashOutPass')), '1234');
    },
  },
  {
    name: 'point conversion', Page: PointPage, call: 'pointConvert', ask: 'point-submit', keyed: true, answer: { balances: BALANCES },
    fill: async () => userEvent.type(await byLabel(t('front.mypage.pointAmount')), '5000'),
  },
  {
    name: 'coupon use', Page: CouponPage, call: 'couponUse', ask: 'coupon-use', keyed: true, answer: { coupon: { ...COUPON, status: 'used' }, balances: BALANCES },
    fill: async () => void (await screen.findByTestId('coupon-use')),
  },
  {
    name: 'coupon gift', Page: CouponPage, call: 'couponGift', ask: 'coupon-gift', keyed: true, answer: { coupon: { ...COUPON, status: 'gifted' } },
    fill: async () => {
      await userEvent.click(await screen.findByTestId('tab-gift'));
      await userEvent.type(await byLabel(t('front.mypage.giftTarget')), 'friend01');
      await screen.findByTestId('coupon-gift');
    },
  },
  {
    name: 'transfer', Page: GivePage, call: 'give', ask: 'give-submit', keyed: true,
    answer: { record: { recordId: 1, toMemId: 'friend01', amount: 10_000, cashAfter: 990_000, at: new Date().toISOString(), success: 'Y', note: '' }, balances: BALANCES },
    fill: async () => {
      await userEvent.type(await byLabel(t('front.mypage.giveTarget')), 'friend01');
      await userEvent.type(await byLabel(t('front.mypage.giveAmount')), '10000');
      await userEvent.type(await byLabel(t('front.mypage.cashOutPass')), '1234');
    },
  },
  {
    name: 'cancel of the open request', Page: DepositPage, call: 'cashDel', ask: 'request-cancel', keyed: false, requests: [request(0)],
    answer: { request: request(-1), balances: BALANCES },
    fill: async () => void (await screen.findByTestId('request-cancel')),
  },
  {
    name: 'hide of a processed request', Page: ChargeListPage, call: 'cashDel', ask: 'cash-remove', keyed: false, requests: [request(1)],
    answer: { request: request(1), balances: BALANCES },
    fill: async () => void (await screen.findByTestId('cash-remove')),
  },
];

/** The money call answers nothing, then refuses with C501, then accepts; reads answer what the pages need. */
function serve(action: ActionCase): FakeServer {
  let attempts = 0;
  return fakeServer(async (name) => {
    if (name === action.call) {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      if (attempts === 2) throw { code: 'C501', message: '' };
      return action.answer;
    }
    switch (name) {
      case 'walletInfo':
        return { limits: LIMITS, balances: { cashAmt: 1_000_000, pointAmt: 50_000 }, openDeposit: false, openWithdrawal: false };
      case 'cashList':
        return page(action.requests ?? []);
      case 'accInquiry':
        return { inquiry: null };
      case 'couponList':
        return page([COUPON]);
      case 'giveList':
      case 'pointList':
        return page([]);
      default:
        throw new Error(`unexpected call ${name}`);
    }
  }, async () => PRICE);
}

const dialogText = async (testId: 'alert' | 'confirm') => (await screen.findByTestId(testId)).querySelector('[role=alert]')?.textContent;

setUpPageTests();

describe.each(CASES)('$name on the confirmed-action machine', (action) => {
  it('sends once on a double click, sends the same request again after no answer, and tells a refusal', async () => {
    const server = serve(action);
    const actors = createTestActors();
    renderAsPage(action.Page, actors, server.api);
    await act(() => signIn(actors));
    await action.fill();
    const sent = () => server.callsOf(action.call);

    await userEvent.click(screen.getByTestId(action.ask));
    expect(await screen.findByTestId('confirm')).toBeTruthy();
    expect(sent()).toHaveLength(0);
    await userEvent.dblClick(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(sent()).toHaveLength(1));

    // No answer: asked whether to send the same request again; yes sends it with the same key.
    expect(await dialogText('confirm')).toBe(t('front.cash.retryQuestion'));
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual(sent()[0]);

    // Refused: the code's message; nothing more is sent until the member asks again.
    expect(await dialogText('alert')).toBe(t('api.C501'));
    await closeAlerts();
    expect(sent()).toHaveLength(2);

    await userEvent.click(await screen.findByTestId(action.ask));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(sent()).toHaveLength(3));
    if (action.keyed) expect(sent()[2]!.idempotencyKey).not.toBe(sent()[0]!.idempotencyKey);
    else expect(sent()[2]).not.toHaveProperty('idempotencyKey');
  });
});

describe('withdrawal form', () => {
  it('asks for the cash-out password before asking to confirm (C205)', async () => {
    const server = serve(CASES[1]!);
    const actors = createTestActors();
    renderAsPage(WithdrawalPage, actors, server.api);
    await act(() => signIn(actors));
    await userEvent.click(await screen.findByTestId('preset-10000'));
    await userEvent.click(screen.getByTestId('cash-submit'));
    expect(await dialogText('alert')).toBe(t('api.C205'));
    expect(screen.queryByTestId('confirm')).toBeNull();
    expect(server.callsOf('cashOut')).toHaveLength(0);
  });
});
