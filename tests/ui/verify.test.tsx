// @vitest-environment jsdom
/**
 * The verifier's vendor rounds: a fishing shot recomputed from its seeds in the browser, and the bet
 * detail's link that fills a revealed spin's or shot's proof in.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BetDetail } from '../../contract/betting';
import { hashServerSeed } from '../../gameProvider/fair';
import { MiniVerifyPage } from '../../src/features/minigames/MiniVerifyPage';
import { roundVerifySearch } from '../../src/routes/verifyLinks';
import { t } from '../../src/i18n';
import { verifyShot } from '../../gameProvider/verify';
import { renderAsPage, setUpPageTests } from './harness';

setUpPageTests();

const serverSeed = 'ab'.repeat(32);
const proof = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'my-seed', bet: 1_000 };
/** The first nonce whose shot at a shark (×40) hits, and the first that misses. */
const nonceWhere = (hit: boolean) => Array.from({ length: 2_000 }, (_, nonce) => nonce).find((nonce) => verifyShot({ ...proof, nonce }, 'shark').hit === hit)!;

async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function checkShot(nonce: number, seedHash = proof.serverSeedHash) {
  renderAsPage(MiniVerifyPage);
  await userEvent.selectOptions(await screen.findByTestId('verify-game'), 'fishing');
  await userEvent.selectOptions(screen.getByTestId('verify-fish'), 'shark');
  await userEvent.type(screen.getByTestId('verify-nonce'), String(nonce));
  await userEvent.type(screen.getByTestId('verify-bet'), String(proof.bet));
  await userEvent.type(screen.getByTestId('verify-client-seed'), proof.clientSeed);
  // The 64-digit seeds are pasted, as a member copies them from the bet detail (typed, they took seconds under load).
  await paste(screen.getByTestId('verify-seed'), serverSeed);
  await paste(screen.getByLabelText(t('mini.proof.hash')), seedHash);
  await userEvent.click(screen.getByTestId('verify-submit'));
}

describe('the verifier, for a fishing shot', () => {
  it('recomputes a hit and its win (stake × 40) from the seeds', async () => {
    await checkShot(nonceWhere(true));
    expect((await screen.findByTestId('verify-hit')).textContent).toBe(t('mini.verify.hit'));
    expect(screen.getByTestId('verify-win').textContent).toBe('40,000원');
    expect(screen.getByTestId('verify-hash').textContent).toBe(t('mini.verify.hashOk'));
  });

  it('recomputes a miss, and tells a seed that does not match its hash', async () => {
    await checkShot(nonceWhere(false), 'cd'.repeat(32));
    expect((await screen.findByTestId('verify-hit')).textContent).toBe(t('mini.verify.miss'));
    expect(screen.getByTestId('verify-win').textContent).toBe('0원');
    expect(screen.getByTestId('verify-hash').textContent).toBe(t('mini.verify.hashBad'));
  });
});

describe('the bet detail’s verify link', () => {
  const bet = (groupKey: BetDetail['groupKey'], outcome: string, revealed: string | null): BetDetail => ({
    betId: '9', groupKey, vendorCode: '500', company: { ko: '', en: '', vi: '' }, gameName: { ko: '', en: '', vi: '' }, gameType: '', type: 'win',
    cash: 2_000, winCash: 80_000, resultCash: 78_000, date: '2026-11-23T01:00:00.000Z', settledAt: null, roundId: 'r1', outcome: { kind: 'text', text: outcome },
    proof: { serverSeedHash: 'e'.repeat(64), serverSeed: revealed, clientSeed: '0123', nonce: 7, verifyHelp: '' },
  });

  it('fills a revealed shot in with its fish, a spin without, and is absent while the seed is secret or for other products', () => {
    expect(roundVerifySearch(bet('fishing', 'shark x40 (wave 3, fish 12): caught', 'f'.repeat(64)))).toEqual({
      game: 'fishing', seed: 'f'.repeat(64), seedHash: 'e'.repeat(64), clientSeed: '0123', nonce: 7, bet: 2000, fish: 'shark',
    });
    expect(roundVerifySearch(bet('slot', 'stops 1,2,3,4,5; reels ...', 'f'.repeat(64)))).toMatchObject({ game: 'slot', bet: 2000 });
    expect(roundVerifySearch(bet('slot', '', null))).toBeUndefined();
    expect(roundVerifySearch(bet('casino', '', 'f'.repeat(64)))).toBeUndefined();
  });

  it('reads a shot’s fish from its structured outcome', () => {
    const shot = { fish: 'whale', names: { ko: '고래', en: 'Whale', vi: 'Cá voi' }, multiplier: 100, waveNo: 3, fishId: 12, caught: false };
    expect(roundVerifySearch({ ...bet('fishing', '', 'f'.repeat(64)), outcome: { kind: 'fishing', shot } })).toMatchObject({ game: 'fishing', fish: 'whale', nonce: 7 });
  });
});
