// @vitest-environment jsdom
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { siteCheckMachine, type SiteCheckAnswer } from '../../machines/siteCheck';
import { requirePartner } from '../../src/routes/guards';
import { createDesktopRouter } from '../../src/routes/desktop';
import { createMobileRouter } from '../../src/routes/mobile';
import { createTestActors, demoMember, renderWithApp, signIn, setUpPageTests } from './harness';

/** Test actors whose site check answers a maintenance window around now. */
function actorsInMaintenance() {
  const actors = createTestActors();
  const now = Date.now();
  const answer: SiteCheckAnswer = {
    startDate: new Date(now - 60_000).toISOString(),
    endDate: new Date(now + 60 * 60_000).toISOString(),
    now: new Date(now).toISOString(),
  };
  actors.siteCheck.stop();
  const siteCheck = createActor(siteCheckMachine.provide({ actors: { fetchSiteCheck: fromPromise<SiteCheckAnswer | null, void>(async () => answer) } })).start();
  return { ...actors, siteCheck };
}

setUpPageTests();

describe.each([
  ['desktop', createDesktopRouter],
  ['mobile', createMobileRouter],
])('%s route guard', (_, createRouter) => {
  it('tells a guest to log in and sends them to /', async () => {
    const actors = createTestActors();
    const router = createRouter(actors, createMemoryHistory({ initialEntries: ['/member'] }));
    renderWithApp(<RouterProvider router={router} />, actors);

    expect((await screen.findByTestId('alert')).textContent).toContain('로그인 이후 이용 가능합니다.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('member-home')).toBeNull();
    await userEvent.click(screen.getByTestId('alert-ok'));
    expect(screen.queryByTestId('alert')).toBeNull();
  });

  it('lets a signed-in member in', async () => {
    const actors = createTestActors();
    await signIn(actors);
    const router = createRouter(actors, createMemoryHistory({ initialEntries: ['/member'] }));
    renderWithApp(<RouterProvider router={router} />, actors);

    expect((await screen.findByTestId('member-home', {}, { timeout: 5000 })).textContent).toContain('데모회원');
    expect(router.state.location.pathname).toBe('/member');
    expect(screen.queryByTestId('alert')).toBeNull();
  });

  it('sends unknown paths to /', async () => {
    const actors = createTestActors();
    const router = createRouter(actors, createMemoryHistory({ initialEntries: ['/no/such/page'] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the game window\'s /slot/game with its game on either tree (a phone, a narrow window: the phone tree)', async () => {
    const actors = createTestActors();
    await signIn(actors);
    const router = createRouter(actors, createMemoryHistory({ initialEntries: [`/slot/game?url=${encodeURIComponent('/vendor/play/slot-x?lang=ko')}`] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    expect((await screen.findByTestId('game-frame', {}, { timeout: 5000 })).getAttribute('src')).toBe(`${window.location.origin}/vendor/play/slot-x?lang=ko`);
    expect(router.state.location.pathname).toBe(router.options.context.tree === 'phone' ? '/member/slot/game' : '/slot/game');
  });

  it('sends a visitor who opens /warning outside a maintenance window to /', async () => {
    const actors = createTestActors();
    const router = createRouter(actors, createMemoryHistory({ initialEntries: ['/warning'] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByTestId('maintenance')).toBeNull();
  });

  it('shows the maintenance notice with its window on /warning inside one', async () => {
    const actors = actorsInMaintenance();
    const router = createRouter(actors, createMemoryHistory({ initialEntries: ['/warning'] }));
    renderWithApp(<RouterProvider router={router} />, actors);
    expect((await screen.findByTestId('maintenance', {}, { timeout: 5000 })).textContent).toContain('점검');
    expect(router.state.location.pathname).toBe('/warning');
  });
});

describe('partner guard', () => {
  it('lets a partner member in and sends any other member home with a notice', async () => {
    const partner = createTestActors();
    await signIn(partner, { ...demoMember, isPartnerMember: 'Y' });
    await expect(requirePartner({ context: { ...partner, tree: 'desktop' } })).resolves.toBeUndefined();

    const member = createTestActors();
    await signIn(member);
    renderWithApp(<p>page</p>, member);
    await expect(requirePartner({ context: { ...member, tree: 'desktop' } })).rejects.toMatchObject({ options: { to: '/' } });
    expect((await screen.findByTestId('alert')).textContent).toContain('파트너 회원만 이용할 수 있습니다.');
  });
});
