// @vitest-environment jsdom
/** The data layer: one read per page load for shared data, and reads again driven by the typed real-time events. */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { CommonCode } from '../../contract/types';
import type { CashRequest, WalletLimits } from '../../contract/wallet';
import { useWalletInfo } from '../../src/data/queries';
import { useGameCodes, useSiteOption } from '../../src/data/siteReads';
import { useSignupOptions } from '../../src/features/auth/useSignupOptions';
import { SiteFooter } from '../../src/features/layout/SiteFooter';
import { useGameMenu } from '../../src/data/useGameMenu';
import { DepositPage } from '../../src/features/wallet/DepositPage';
import { t } from '../../src/i18n';
import { emitRealtimeEvent } from '../../src/realtime/events';
import { createTestActors, fakeServer, renderAsPage, renderWithApp, signIn, setUpPageTests } from './harness';

const LIMITS: WalletLimits = {
  depositMin: 10_000, depositMax: 10_000_000, depositUnit: 10_000, withdrawMin: 10_000, withdrawMax: 10_000_000,
  withdrawUnit: 10_000, rerequestWaitMinutes: 5, firstDepositBonusRate: 20, firstDepositBonusCap: 300_000,
  dailyBonusRate: 10, dailyBonusCap: 200_000, pointConversionOn: true, transfersOn: true,
};
const gameCode = (code: string, groupCode: string, ord: number): CommonCode =>
  ({ code, codeName: code, codeNameEN: code, groupCode, groupCodeNameEN: groupCode, ord });
const GAME_CODES = [gameCode('habanero', 'slot', 2), gameCode('evolution', 'casino', 1), gameCode('pragslot', 'slot', 1)];
const SITE_OPTION = { siteOption: { signupOpen: 'Y', sns2Link: 'https://t.me/x', partnerHostPrefix: '' }, joinRecommanderId: '' };

function applied(status: CashRequest['status']): CashRequest {
  return {
    requestId: 41, cashType: 'in', status, amount: 10_000, bonusAmount: 0, bonusYn: 'N', usdtAmount: null, priceKrw: null,
    address: null, memo: null, createdAt: new Date().toISOString(), processedAt: null,
  };
}

let shownStatus: CashRequest['status'] = 0;
const server = fakeServer(async (name: CallName) => {
  switch (name) {
    case 'siteOption':
      return SITE_OPTION;
    case 'bank':
      return { list: [{ code: '004', name: '국민은행' }] };
    case 'gameCodes':
      return { codes: GAME_CODES };
    case 'walletInfo':
      return { limits: LIMITS, balances: { cashAmt: 1_000_000, pointAmt: 0 }, openDeposit: true, openWithdrawal: false };
    case 'cashList':
      return { list: [applied(shownStatus)], pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 1 } };
    case 'accInquiry':
      return { inquiry: null };
    default:
      throw new Error(`unexpected call ${name}`);
  }
});
const count = (name: CallName) => server.callsOf(name).length;

beforeEach(() => {
  server.calls.length = 0;
  shownStatus = 0;
});
setUpPageTests();

/** Several parts of one page that each need the site options, the game codes and the wallet limits. */
function Readers() {
  const options = [useSiteOption(), useSiteOption(), useSignupOptions()];
  const gameMenu = useGameMenu();
  const games = [useGameCodes('GAME'), gameMenu];
  const wallet = [useWalletInfo(), useWalletInfo()];
  const ready = [...options, ...games, ...wallet].every((read) => read.status === 'ready');
  const menu = gameMenu.status === 'ready' ? gameMenu.data : [];
  return (
    <>
      <p data-testid="readers">{ready ? 'ready' : 'loading'}</p>
      <p data-testid="game-menu">{menu.map((category) => `${category.id}:${category.vendors.map((vendor) => vendor.code).join(',')}`).join('|')}</p>
    </>
  );
}

describe('data layer', () => {
  it('reads the site options, the game codes and the wallet limits once however many parts use them', async () => {
    renderWithApp(
      <>
        <Readers />
        <Readers />
        <SiteFooter />
      </>,
      createTestActors(),
      server.api,
    );
    await waitFor(() => expect(screen.getAllByTestId('readers').map((node) => node.textContent)).toEqual(['ready', 'ready']));
    expect(count('siteOption')).toBe(1);
    expect(count('bank')).toBe(1);
    // Every game group in one call, grouped on the client.
    expect(count('gameGroupCodes')).toBe(0);
    expect(server.callsOf('gameCodes')).toEqual([{ masterCode: 'GAME', groupCode: '', code: '' }]);
    expect(screen.getAllByTestId('game-menu').map((node) => node.textContent)).toEqual(['casino:evolution|slot:pragslot,habanero', 'casino:evolution|slot:pragslot,habanero']);
    expect(count('walletInfo')).toBe(1);
  });

  it('reads balances again on a CASH push and everything member-scoped after a reconnect, but not site data', async () => {
    renderWithApp(<Readers />, createTestActors(), server.api);
    await screen.findByText('ready');
    act(() => emitRealtimeEvent({ type: 'cash.pushed', cashAmt: 1, pointAmt: 2 }));
    await waitFor(() => expect(count('walletInfo')).toBe(2));
    act(() => emitRealtimeEvent({ type: 'realtime.reconnected' }));
    await waitFor(() => expect(count('walletInfo')).toBe(3));
    act(() => emitRealtimeEvent({ type: 'msg.unread', count: 3 }));
    expect(count('siteOption')).toBe(1);
    expect(count('gameCodes')).toBe(1);
  });

  it("moves the open request's status at once on its CASHREQ push, and reads it again", async () => {
    const actors = createTestActors();
    renderAsPage(DepositPage, actors, server.api);
    await act(() => signIn(actors));
    const status = await screen.findByTestId('latest-request-status');
    expect(status.textContent).toBe(t('front.cash.status.applied'));
    const reads = count('cashList');

    // The read still answers "applied" (stale): the push alone moves the shown request, and the stale read cannot move it back.
    act(() => emitRealtimeEvent({ type: 'cash.requestChanged', requestId: 41, status: 2 }));
    expect(screen.getByTestId('latest-request-status').textContent).toBe(t('front.cash.status.waiting'));
    await waitFor(() => expect(count('cashList')).toBe(reads + 1));
    expect(screen.getByTestId('latest-request-status').textContent).toBe(t('front.cash.status.waiting'));

    // Another request's push changes nothing shown.
    act(() => emitRealtimeEvent({ type: 'cash.requestChanged', requestId: 99, status: -1 }));
    expect(screen.getByTestId('latest-request-status').textContent).toBe(t('front.cash.status.waiting'));

    shownStatus = 1;
    act(() => emitRealtimeEvent({ type: 'cash.requestChanged', requestId: 41, status: 1 }));
    await waitFor(() => expect(screen.getByTestId('latest-request-status').textContent).toBe(t('front.cash.status.complete')));
  });
});
