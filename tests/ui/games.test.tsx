// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BetDetail, BetItem } from '../../contract/betting';
import type { CallName } from '../../contract/calls';
import type { Locale } from '../../contract/constants';
import type { GameItem } from '../../contract/games';
import type { CommonCode } from '../../contract/types';
import { requestMerge } from '../../src/prompts/mergePrompt';
import { GameHost } from '../../src/features/games/GameHost';
import { GameList } from '../../src/features/games/GameList';
import { frameableGameUrl } from '../../src/features/games/gameFrame';
import { BetOutcomeView } from '../../src/features/mypage/BetOutcomeView';
import { BettingListPage } from '../../src/features/mypage/BettingListPage';
import { activateLocale, t } from '../../src/i18n';
import { createTestActors, demoMember, fakeServer, renderAsPage, renderWithApp, setUpPageTests, signIn } from './harness';

let answer: (name: CallName, payload: Record<string, unknown>) => unknown;
const server = fakeServer((name, payload) => answer(name, payload));

beforeEach(() => {
  answer = (name) => Promise.reject(new Error(`unexpected call ${name}`));
  server.calls.length = 0;
});
setUpPageTests();

const PRAGSLOT: CommonCode = { code: '200', codeName: '프라그마틱 슬롯', codeNameEN: 'pragslot', groupCode: 'slot', groupCodeNameEN: 'Slot', ord: 1 };
const game = (key: string, ko: string): GameItem => ({ key, id: key, image: `/vendor/art/${key}.svg`, names: { ko, en: key, vi: key }, category: 'slot' });

describe('a vendor’s game list', () => {
  const renderList = () => renderAsPage(() => <GameList vendor={PRAGSLOT} layout="slots" />, createTestActors(), server.api);

  it('shows the games of the vendor key, in the slot picker’s rows', async () => {
    answer = (name, payload) => (name === 'gameList' && payload.vendorKey === 'pragslot'
      ? { games: [game('a', '스위트 슈가 러시'), game('b', '황금의 파라오')] }
      : Promise.reject(new Error(name)));
    renderList();
    const list = await screen.findByTestId('game-list');
    expect(list.className).toContain('game-list--slots');
    expect(within(list).getAllByTestId('game-card').map((card) => card.textContent)).toEqual([
      `스위트 슈가 러시${t('front.game.play')}`,
      `황금의 파라오${t('front.game.play')}`,
    ]);
  });

  it('says "준비 중입니다." when the vendor has no games', async () => {
    answer = () => ({ games: [] });
    renderList();
    expect((await screen.findByTestId('game-empty')).textContent).toBe('준비 중입니다.');
  });

  it('shows B0093’s text for a vendor under maintenance, and the server’s message for another failure', async () => {
    answer = () => Promise.reject({ code: 'B0093', message: 'maintenance' });
    const first = renderList();
    expect((await screen.findByTestId('game-list-error')).textContent).toBe(t('api.B0093'));
    first.unmount();
    answer = () => Promise.reject({ code: '9999', message: '게임사 응답이 없습니다 (T-17)' });
    renderList();
    expect((await screen.findByTestId('game-list-error')).textContent).toBe('게임사 응답이 없습니다 (T-17)');
  });

  it('tells a guest to sign in first and launches nothing', async () => {
    answer = (name) => (name === 'gameList' ? { games: [game('a', '스위트 슈가 러시')] } : Promise.reject(new Error(name)));
    renderList();
    await userEvent.click(await screen.findByTestId('game-play'));
    expect((await screen.findByTestId('alert')).textContent).toContain(t('front.error.afterSignin'));
    expect(server.callsOf('getGame')).toEqual([]);
  });
});

describe('the merge modal', () => {
  async function signedInHost() {
    const actors = createTestActors();
    renderAsPage(() => (
      <>
        <span data-testid="page-ready" />
        <GameHost />
      </>
    ), actors, server.api);
    await signIn(actors);
    await screen.findByTestId('page-ready');
    return actors;
  }

  it('asks, merges, says so and closes itself; the header money follows', async () => {
    answer = (name) => (name === 'outGameMoney'
      ? { balances: { cashAmt: 1_250_000, pointAmt: demoMember.pointAmt }, merged: 250_000, gameMoney: 0 }
      : Promise.reject(new Error(name)));
    const actors = await signedInHost();
    act(() => requestMerge({ variant: 'header' }));
    const modal = await screen.findByTestId('merge-modal-header');
    expect(within(modal).getByRole('heading').textContent).toBe(t('front.merge.title.header'));
    await userEvent.click(within(modal).getByTestId('merge-start'));
    expect(within(modal).getByTestId('merge-question').textContent).toBe('통합머니 전환을 진행하시겠습니까?');
    await userEvent.click(within(modal).getByTestId('merge-confirm'));
    expect((await within(modal).findByTestId('merge-complete')).textContent).toContain('250,000');
    expect(server.callsOf('outGameMoney')).toHaveLength(1);
    expect(server.callsOf('outGameMoney')[0]).not.toHaveProperty('memId');
    expect(actors.session.getSnapshot().context.member!.cashAmt).toBe(1_250_000);
    await waitFor(() => expect(screen.queryByTestId('merge-modal-header')).toBeNull(), { timeout: 3_000 });
  });

  it('C009 warns that a round is still in progress; another code says to contact customer service', async () => {
    await signedInHost();
    for (const [code, text] of [['C009', t('api.C009')], ['2000', t('front.merge.failed')]] as const) {
      answer = () => Promise.reject({ code, message: '' });
      act(() => requestMerge({ variant: 'cash' }));
      const modal = await screen.findByTestId('merge-modal-cash');
      await userEvent.click(within(modal).getByTestId('merge-start'));
      await userEvent.click(within(modal).getByTestId('merge-confirm'));
      expect((await within(modal).findByTestId('merge-failure')).textContent).toBe(text);
      await userEvent.click(within(modal).getByLabelText(t('front.modal.close')));
    }
  });

  it('the partner variant moves the settled commission into the partner\'s cash (the partner money merge)', async () => {
    answer = (name) => {
      if (name === 'partnerSummary') return { summary: { commissionBalance: 34_500 } };
      if (name === 'partnerMerge') return { merged: 34_500, balances: { cashAmt: demoMember.cashAmt + 34_500, commissionBalance: 0 } };
      return Promise.reject(new Error(`unexpected call ${name}`));
    };
    const actors = await signedInHost();
    act(() => requestMerge({ variant: 'partner' }));
    const modal = await screen.findByTestId('merge-modal-partner');
    expect((await within(modal).findByTestId('merge-commission')).textContent).toBe('34,500원');
    expect(within(modal).queryByTestId('merge-game-money')).toBeNull();
    await userEvent.click(within(modal).getByTestId('merge-start'));
    await userEvent.click(within(modal).getByTestId('merge-confirm'));
    expect((await within(modal).findByTestId('merge-complete')).textContent).toContain('34,500원');
    expect(server.callsOf('partnerMerge')).toHaveLength(1);
    expect(server.callsOf('partnerMerge')[0]!.idempotencyKey).toEqual(expect.any(String));
    expect(server.callsOf('outGameMoney')).toHaveLength(0);
    // The partner's header cash follows the answer.
    expect(actors.session.getSnapshot().context.member!.cashAmt).toBe(demoMember.cashAmt + 34_500);
  });
});

describe('the betting list', () => {
  const bet = (betId: string, type: BetItem['type'], cash: number, winCash: number): BetItem => ({
    betId, groupKey: 'slot', vendorCode: '200', company: { ko: '프라그마틱 슬롯', en: 'Pragmatic Play', vi: 'Pragmatic Play' },
    gameName: { ko: '스위트 슈가 러시', en: 'Sweet Sugar Rush', vi: 'Sweet Sugar Rush' }, gameType: '', type, cash, winCash,
    resultCash: winCash - cash, date: '2026-11-23T01:00:00.000Z', settledAt: '2026-11-23T01:00:01.000Z', roundId: `R${betId}`,
  });

  it('maps each type to its result and shows the net, and opens a bet with its fairness proof', async () => {
    const list = [bet('5', 'win', 1_000, 3_500), bet('4', 'lose', 1_000, 0), bet('3', 'draw', 1_000, 1_000), bet('2', 'wait', 1_000, 0), bet('1', 'cancel', 1_000, 1_000)];
    const detail: BetDetail = {
      ...list[0]!, outcome: { kind: 'text', text: 'CHERRY CHERRY CHERRY' }, proof: { serverSeedHash: 'a'.repeat(64), serverSeed: 'b'.repeat(64), clientSeed: 'c1', nonce: 3, verifyHelp: '' },
    };
    answer = (name, payload) => {
      if (name === 'betList') return { list, pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 5 } };
      if (name === 'betDetail' && payload.betId === '5') return { bet: detail };
      return Promise.reject(new Error(name));
    };
    const actors = createTestActors();
    renderAsPage(BettingListPage, actors, server.api);
    await signIn(actors);
    const rows = await screen.findAllByTestId('bet-list-row');
    expect(rows.map((row) => within(row).getByTestId('bet-status').textContent)).toEqual(['적중', '미적중', '무승부', '대기', '취소']);
    expect(within(rows[0]!).getByTestId('bet-result-cash').textContent).toBe('2,500원');
    expect(server.callsOf('betList')[0]).toMatchObject({ page: 1, groupKey: '', oldYn: 'N' });
    await userEvent.click(within(rows[0]!).getByTestId('bet-detail-open'));
    const modal = await screen.findByTestId('bet-detail-modal');
    expect((await within(modal).findByTestId('bet-seed-hash')).textContent).toBe('a'.repeat(64));
    expect(within(modal).getByTestId('bet-seed').textContent).toBe('b'.repeat(64));
    expect(within(modal).getByTestId('bet-outcome').textContent).toBe('CHERRY CHERRY CHERRY');
    expect(modal.textContent).toContain(t('front.bet.verifyHelp'));
  });

  /** The list with one bet, and that bet's detail opened from its row. */
  async function openOnlyBet(detail: BetDetail) {
    answer = (name, payload) => {
      if (name === 'betList') return { list: [detail], pageInfo: { page: 1, count_per_list: 10, tatal_list_count: 1 } };
      if (name === 'betDetail' && payload.betId === detail.betId) return { bet: detail };
      return Promise.reject(new Error(name));
    };
    const actors = createTestActors();
    renderAsPage(BettingListPage, actors, server.api);
    await signIn(actors);
    const [row] = await screen.findAllByTestId('bet-list-row');
    await userEvent.click(within(row!).getByTestId('bet-detail-open'));
    return { row: row!, modal: await screen.findByTestId('bet-detail-modal') };
  }

  it('labels a spin that paid back part of its stake, and words its reels and lines in the member’s language', async () => {
    const partial = bet('7', 'lose', 1_000, 400);
    const spin = {
      stops: [11, 15, 16, 2, 30],
      grid: [['J', 'cherry', 'A'], ['wild', 'J', 'K'], ['J', 'Q', 'scatter'], ['J', 'A', 'Q'], ['K', 'K', 'A']],
      symbols: {
        J: { ko: 'J', en: 'J', vi: 'J' }, cherry: { ko: '체리', en: 'Cherry', vi: 'Anh đào' }, A: { ko: 'A', en: 'A', vi: 'A' },
        wild: { ko: '와일드', en: 'Wild', vi: 'Wild' }, K: { ko: 'K', en: 'K', vi: 'K' }, Q: { ko: 'Q', en: 'Q', vi: 'Q' },
        scatter: { ko: '스캐터', en: 'Scatter', vi: 'Scatter' },
      },
      lines: [{ line: 6, symbol: 'J', count: 4, pay: 400 }],
      scatter: null,
    };
    const { row, modal } = await openOnlyBet({ ...partial, outcome: { kind: 'slot', spin }, proof: null });
    expect(within(row).getByTestId('bet-status').textContent).toBe('부분 적중');
    expect((await within(modal).findByTestId('bet-detail-status')).textContent).toBe('부분 적중');
    expect(within(modal).getByTestId('bet-slot-wins').textContent).toBe('6번 라인: J 4개 — 400원');
    expect(within(modal).getByTestId('bet-outcome').textContent).toContain('와일드');
    expect(within(modal).getByTestId('bet-outcome').textContent).not.toMatch(/pays|stops/);
  });

  const shot = {
    fish: 'shark', names: { ko: '상어', en: 'Shark', vi: 'Cá mập' }, multiplier: 40, waveNo: 3, fishId: 12, caught: true,
  };
  const fishing = (betId: string, outcome: BetDetail['outcome']): BetDetail => ({ ...bet(betId, 'win', 1_000, 40_000), groupKey: 'fishing', outcome, proof: null });

  it('words a fishing shot in the bet detail: its fish, multiplier, wave and fish, caught — not the vendor’s English', async () => {
    const { modal } = await openOnlyBet(fishing('10', { kind: 'fishing', shot }));
    expect((await within(modal).findByTestId('bet-fish-shot')).textContent).toBe('표적 상어 (배당 ×40) · 웨이브 3, 12번 물고기');
    expect(within(modal).getByTestId('bet-fish-result').textContent).toBe('잡았습니다');
    expect(within(modal).getByTestId('bet-outcome').textContent).not.toMatch(/shark|caught|wave/);
  });

  it('words a fishing shot and a refund in Korean, English and Vietnamese', async () => {
    const words: [Locale, string, string, string][] = [
      ['ko', '표적 상어 (배당 ×40) · 웨이브 3, 12번 물고기', '놓쳤습니다', '라운드가 중단되어 베팅금이 환불되었습니다'],
      ['en', 'Target Shark (×40) · wave 3, fish #12', 'Escaped', 'The round was interrupted, so the stake was refunded'],
      ['vi', 'Mục tiêu Cá mập (×40) · đợt 3, cá số 12', 'Cá đã thoát', 'Vòng chơi bị gián đoạn nên tiền cược đã được hoàn lại'],
    ];
    for (const [locale, target, result, refund] of words) {
      await activateLocale(locale);
      const { unmount } = renderWithApp(<><BetOutcomeView outcome={{ kind: 'fishing', shot: { ...shot, caught: false } }} /><BetOutcomeView outcome={{ kind: 'refund', reason: 'interrupted' }} /></>);
      expect(screen.getByTestId('bet-fish-shot').textContent).toBe(target);
      expect(screen.getByTestId('bet-fish-result').textContent).toBe(result);
      expect(screen.getByTestId('bet-refund').textContent).toBe(refund);
      unmount();
    }
    await activateLocale('ko');
    renderWithApp(<BetOutcomeView outcome={{ kind: 'refund', reason: 'closed' }} />);
    expect(screen.getByTestId('bet-refund').textContent).toBe('결과 전에 테이블이 닫혀 베팅금이 환불되었습니다');
  });

  it('still shows the stored text of a round written before the vendor gave its facts', async () => {
    const { modal } = await openOnlyBet(fishing('11', { kind: 'text', text: 'refunded' }));
    expect((await within(modal).findByTestId('bet-outcome')).textContent).toBe('refunded');
  });

  it('words a baccarat coup: each hand with its cards and total, the winner and the pairs', async () => {
    const round = { ...bet('8', 'win', 1_000, 1_950), groupKey: 'casino' as const };
    const coup = {
      player: [{ rank: 1, suit: 'S' }, { rank: 1, suit: 'H' }, { rank: 4, suit: 'C' }], banker: [{ rank: 13, suit: 'D' }, { rank: 7, suit: 'C' }],
      playerTotal: 6, bankerTotal: 7, winner: 'banker' as const, playerPair: true, bankerPair: false,
    };
    const { modal } = await openOnlyBet({ ...round, outcome: { kind: 'baccarat', coup }, proof: null });
    expect((await within(modal).findByTestId('bet-hand-player')).textContent).toBe('플레이어 A♠A♥4♣ (6)');
    expect(within(modal).getByTestId('bet-hand-banker').textContent).toBe('뱅커 K♦7♣ (7)');
    expect(within(modal).getByTestId('bet-coup-winner').textContent).toBe('뱅커 승 · 플레이어 페어');
  });
});

describe('the frame page’s address check', () => {
  const site = 'https://hanbit.example';
  it('frames the house vendor’s pages and listed vendor origins only', () => {
    expect(frameableGameUrl('/vendor/play/x?lang=ko', site)).toBe('https://hanbit.example/vendor/play/x?lang=ko');
    expect(frameableGameUrl('https://games.example/play/1', site, ['https://games.example'])).toBe('https://games.example/play/1');
    expect(frameableGameUrl('https://evil.example/play/1', site, ['https://games.example'])).toBeNull();
    expect(frameableGameUrl('/mypage', site)).toBeNull();
    expect(frameableGameUrl('javascript:alert(1)', site)).toBeNull();
    expect(frameableGameUrl(undefined, site)).toBeNull();
  });
});
