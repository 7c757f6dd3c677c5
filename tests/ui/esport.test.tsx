// @vitest-environment jsdom
/**
 * E-sports on the site: /esport's guide pages redirect to /gameway with their type on both trees, the
 * three guides and their tabs; an e-sports slip of game 101 in the bet detail (picks with match, price and
 * result, each match's maps, the slip's odds).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EsportSlip } from '../../contract/betting';
import { BetOutcomeView } from '../../src/features/mypage/BetOutcomeView';
import { t } from '../../src/i18n';
import { createDesktopRouter } from '../../src/routes/desktop';
import { createMobileRouter } from '../../src/routes/mobile';
import { createTestActors, renderWithApp, setUpPageTests, signIn } from './harness';

// The pages' live topics stay off the wire here: a real connection, loaded after the test's window is gone, threw.
vi.mock('../../src/realtime/connection', () => ({ subscribeTopic: () => () => undefined, listenAsMember: () => () => undefined }));

setUpPageTests();

describe.each([
  ['desktop', createDesktopRouter, ''],
  ['phone', createMobileRouter, '/member'],
] as const)('%s: the e-sports guides', (_, createRouter, prefix) => {
  it.each(['screendescription', 'onefolderbetting', 'twofolderbetting'] as const)('/esport/%s opens /gameway with that type', async (type) => {
    const actors = createTestActors();
    await signIn(actors);
    const router = createRouter(actors, createMemoryHistory({ initialEntries: [`${prefix}/esport/${type}`] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    const guide = await screen.findByTestId(`gameway-${type}`, {}, { timeout: 5_000 });
    expect(router.state.location.pathname).toBe(`${prefix}/gameway`);
    expect(router.state.location.search).toEqual({ type });
    const intro = { screendescription: 'front.gameway.screen.intro', onefolderbetting: 'front.gameway.one.intro', twofolderbetting: 'front.gameway.two.intro' }[type];
    expect(guide.textContent).toContain(t(intro));
    expect(within(guide).getAllByTestId('guide-section').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByTestId(`gameway-tab-${type}`).className).toContain('tabs__tab--current');
    expect(screen.getByTestId('gameway-play').getAttribute('href')).toBe(`${prefix}/esport/gamestart`);
  });

  it('switches guides by their tabs; without a type it explains the screen', async () => {
    const actors = createTestActors();
    await signIn(actors);
    const router = createRouter(actors, createMemoryHistory({ initialEntries: [`${prefix}/gameway`] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    expect((await screen.findByTestId('gameway-screendescription', {}, { timeout: 5_000 })).textContent).toContain(t('front.gameway.screen.fair.title'));
    await userEvent.click(screen.getByTestId('gameway-tab-twofolderbetting'));
    const two = await screen.findByTestId('gameway-twofolderbetting');
    // The guide's example is the rule the arena computes: 1.72 × 2.05 rounded down to 3.52.
    expect(two.textContent).toContain(t('front.gameway.two.example.text'));
    expect(t('front.gameway.two.example.text')).toContain('35,200');
    expect(router.state.location.search).toEqual({ type: 'twofolderbetting' });
  });
});

const names = (ko: string, en: string) => ({ ko, en, vi: en });
const SLIP: EsportSlip = {
  roundNo: 4_321,
  matches: [
    {
      home: { tag: 'SDR', names: names('서울 드래곤즈', 'Seoul Dragons') }, away: { tag: 'BTY', names: names('부산 타이푼', 'Busan Typhoons') }, homeMaps: 2, awayMaps: 1,
      maps: [{ winner: 'home', homeKills: 21, awayKills: 9, minutes: 31 }, { winner: 'away', homeKills: 12, awayKills: 19, minutes: 28 }, { winner: 'home', homeKills: 25, awayKills: 3, minutes: 35 }],
    },
    {
      home: { tag: 'JWV', names: names('제주 울브즈', 'Jeju Wolves') }, away: { tag: 'UST', names: names('울산 스톰', 'Ulsan Storm') }, homeMaps: 0, awayMaps: 2,
      maps: [{ winner: 'away', homeKills: 4, awayKills: 17, minutes: 26 }, { winner: 'away', homeKills: 10, awayKills: 22, minutes: 33 }],
    },
  ],
  picks: [
    { match: 0, market: 'winner', pick: 'home', oddsCents: 172, won: true },
    { match: 1, market: 'maps', pick: 'three', oddsCents: 205, won: false },
  ],
  oddsCents: 352,
};

describe('an e-sports slip in the bet detail', () => {
  it('shows each pick with its match and score, price and result, each match\'s maps and the slip\'s odds', () => {
    renderWithApp(<BetOutcomeView outcome={{ kind: 'esport', esport: SLIP }} />);
    const rows = screen.getAllByTestId('bet-esport-pick').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['서울 드래곤즈 vs 부산 타이푼 2:1', t('sport.esport.bet.win', { team: '서울 드래곤즈' }), '1.72', t('sport.outcome.win')],
      ['제주 울브즈 vs 울산 스톰 0:2', t('sport.esport.bet.threeMaps'), '2.05', t('sport.outcome.lose')],
    ]);
    expect(screen.getByText(`${t('sport.esport.bet.round', { round: 4_321 })}`, { exact: false }).parentElement?.textContent).toContain(t('sport.esport.bet.twoFolder'));
    const maps = screen.getAllByTestId('bet-esport-maps').map((line) => line.textContent);
    expect(maps[0]).toContain('SDR 2:1 BTY');
    expect(maps[0]).toContain(t('sport.esport.bet.map', { n: 3, team: 'SDR', home: 25, away: 3 }));
    expect(maps[1]).toContain(t('sport.esport.bet.map', { n: 2, team: 'UST', home: 10, away: 22 }));
    expect(screen.getByTestId('bet-esport-odds').textContent).toContain('3.52');
  });
});

describe('the e-sports screen', () => {
  it('leads to game 101 and the three guides', async () => {
    const actors = createTestActors();
    await signIn(actors);
    const router = createDesktopRouter(actors, createMemoryHistory({ initialEntries: ['/esport'] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    const play = await screen.findByTestId('esport-gamestart', {}, { timeout: 5_000 });
    expect(play.getAttribute('href')).toBe('/esport/gamestart');
    for (const type of ['screendescription', 'onefolderbetting', 'twofolderbetting']) {
      expect(screen.getByTestId(`esport-guide-${type}`).getAttribute('href')).toBe(`/gameway?type=${type}`);
    }
    await userEvent.click(screen.getByTestId('esport-guide-onefolderbetting'));
    await waitFor(() => expect(screen.getByTestId('gameway-onefolderbetting')).toBeTruthy());
  });
});
