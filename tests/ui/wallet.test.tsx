// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { CashRequest, CoinPrice, WalletLimits } from '../../contract/wallet';
import { CoinDepositPage } from '../../src/features/wallet/CoinDepositPage';
import { DepositPage } from '../../src/features/wallet/DepositPage';
import { t } from '../../src/i18n';
import { createTestActors, fakeServer, renderAsPage, signIn, type FakeServer, setUpPageTests } from './harness';

const LIMITS: WalletLimits = {
  depositMin: 10_000, depositMax: 10_000_000, depositUnit: 10_000, withdrawMin: 10_000, withdrawMax: 10_000_000,
  withdrawUnit: 10_000, rerequestWaitMinutes: 5, firstDepositBonusRate: 20, firstDepositBonusCap: 300_000,
  dailyBonusRate: 10, dailyBonusCap: 200_000, pointConversionOn: true, transfersOn: true,
};
const PRICE: CoinPrice = { symbol: 'USDT', priceKrw: 1_450, setAt: '2030-01-01T03:00:00.000Z', depositAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

function applied(overrides: Partial<CashRequest>): CashRequest {
  return {
    requestId: 41, cashType: 'in', status: 0, amount: 0, bonusAmount: 0, bonusYn: 'N', usdtAmount: null, priceKrw: null,
    address: null, memo: null, createdAt: '2030-01-01T03:00:00.000Z', processedAt: null, ...overrides,
  };
}

/** A fake server: the money call answers with a request made from its payload; lists start empty. */
let server: FakeServer;

function serve(answerMoney?: (name: CallName, payload: Record<string, unknown>) => Promise<unknown>) {
  server = fakeServer(async (name, sent) => {
    switch (name) {
      case 'walletInfo':
        return { limits: LIMITS, balances: { cashAmt: 1_000_000, pointAmt: 0 }, openDeposit: false, openWithdrawal: false };
      case 'cashList':
        return { list: [], pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 0 } };
      case 'accInquiry':
        return { inquiry: null };
      case 'cashIn':
        if (answerMoney) return answerMoney(name, sent);
        return { request: applied({ amount: Number(sent.amount), bonusYn: sent.bonusYn as 'Y' | 'N' }) };
      case 'coinIn':
        return { request: applied({ cashType: 'coinIn', usdtAmount: Number(sent.usdtAmount), priceKrw: Number(sent.priceKrw) }) };
      default:
        throw new Error(`unexpected call ${name}`);
    }
  }, async () => PRICE);
}

const moneyCalls = (name: CallName) => server.callsOf(name);
const alertText = async () => (await screen.findByTestId('alert')).querySelector('[role=alert]')?.textContent;

async function renderSignedIn(Page: () => React.ReactNode) {
  const actors = createTestActors();
  renderAsPage(Page, actors, server.api);
  await act(() => signIn(actors));
  return actors;
}

setUpPageTests();

describe('deposit form', () => {
  it('adds the presets up with thousands separators and shows the site limits and bonus rates', async () => {
    serve();
    await renderSignedIn(DepositPage);
    const amount = await screen.findByLabelText(t('front.cash.amount'));
    await userEvent.click(screen.getByTestId('preset-10000'));
    await userEvent.click(screen.getByTestId('preset-50000'));
    await userEvent.click(screen.getByTestId('preset-1000000'));
    expect((amount as HTMLInputElement).value).toBe('1,060,000');
    await userEvent.click(screen.getByTestId('amount-reset'));
    expect((amount as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByTestId('preset-500000'));
    expect((amount as HTMLInputElement).value).toBe('500,000');
    expect((await screen.findByTestId('cash-limits')).textContent).toBe('최소 10,000원 · 최대 10,000,000원 · 10,000원 단위');
    expect(screen.getByText(/첫 입금 20% · 매일 첫 입금 10%/)).toBeTruthy();
  });

  it('refuses a non-numeric amount with C002 and sends nothing', async () => {
    serve();
    await renderSignedIn(DepositPage);
    await userEvent.type(await screen.findByLabelText(t('front.cash.amount')), '5만원');
    await userEvent.click(screen.getByTestId('cash-submit'));
    expect(await alertText()).toBe(t('api.C002'));
    expect(screen.queryByTestId('confirm')).toBeNull();
    expect(moneyCalls('cashIn')).toHaveLength(0);
  });

  it('asks first, then sends one request even when yes is clicked twice', async () => {
    let answer!: (value: unknown) => void;
    serve(() => new Promise((resolve) => { answer = resolve; }));
    await renderSignedIn(DepositPage);
    await userEvent.click(await screen.findByTestId('preset-50000'));
    await userEvent.click(screen.getByLabelText(t('front.cash.bonusNo')));
    await userEvent.dblClick(screen.getByTestId('cash-submit'));
    expect((await screen.findByTestId('confirm')).textContent).toContain('50,000원 입금을 신청하시겠습니까? (보너스 없음)');
    expect(moneyCalls('cashIn')).toHaveLength(0);

    const yes = screen.getByTestId('confirm-yes');
    await userEvent.dblClick(yes);
    await waitFor(() => expect(moneyCalls('cashIn')).toHaveLength(1));
    const [sent] = moneyCalls('cashIn');
    expect(sent).toMatchObject({ amount: 50_000, bonusYn: 'N' });
    expect(String(sent!.idempotencyKey)).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    await act(async () => answer({ request: applied({ amount: 50_000 }) }));
    expect(await alertText()).toBe(t('front.cash.accepted'));
    expect(moneyCalls('cashIn')).toHaveLength(1);
  });

  it('offers to send the same request again after no answer, with the same key', async () => {
    let attempts = 0;
    serve(async (_, sent) => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { request: applied({ amount: Number(sent.amount) }) };
    });
    await renderSignedIn(DepositPage);
    await userEvent.click(await screen.findByTestId('preset-100000'));
    await userEvent.click(screen.getByTestId('cash-submit'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect((await screen.findByTestId('confirm')).textContent).toContain(t('front.cash.retryQuestion'));
    await userEvent.click(screen.getByTestId('confirm-yes'));
    expect(await alertText()).toBe(t('front.cash.accepted'));
    const [first, second] = moneyCalls('cashIn');
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('shows the server code of a refusal', async () => {
    serve(async () => Promise.reject({ code: 'C003', message: '' }));
    await renderSignedIn(DepositPage);
    await userEvent.click(await screen.findByTestId('preset-10000'));
    await userEvent.click(screen.getByTestId('cash-submit'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await alertText()).toBe(t('api.C003'));
  });
});

describe('USDT deposit form', () => {
  it('turns the typed USDT into micro-units and the won at the locked price', async () => {
    serve();
    await renderSignedIn(CoinDepositPage);
    expect((await screen.findByTestId('coin-price-value')).textContent).toBe('1 USDT = 1,450원');
    expect(screen.getByTestId('coin-deposit-address').textContent).toBe(PRICE.depositAddress);
    await userEvent.type(screen.getByLabelText(t('front.cash.usdtAmount')), '10.000001');
    expect(screen.getByTestId('coin-deposit-won').textContent).toContain('14,500원');
    await userEvent.click(screen.getByTestId('cash-submit'));
    expect((await screen.findByTestId('confirm')).textContent).toContain('10.000001 USDT (14,500원, 1 USDT = 1,450원)');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(moneyCalls('coinIn')).toHaveLength(1));
    expect(moneyCalls('coinIn')[0]).toMatchObject({ usdtAmount: 10_000_001, priceKrw: 1_450 });
  });

  it('refuses USDT that is not a decimal of at most 6 places with C002', async () => {
    serve();
    await renderSignedIn(CoinDepositPage);
    await screen.findByTestId('coin-price-value');
    await userEvent.type(screen.getByLabelText(t('front.cash.usdtAmount')), '1.2345678');
    await userEvent.click(screen.getByTestId('cash-submit'));
    expect(await alertText()).toBe(t('api.C002'));
    expect(moneyCalls('coinIn')).toHaveLength(0);
  });
});
