// @vitest-environment jsdom
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { createDesktopRouter } from '../../src/routes/desktop';
import { createMobileRouter } from '../../src/routes/mobile';
import { closeAlerts, createTestActors, renderWithApp, signIn } from './harness';

beforeAll(() => activateLocale('ko'));
afterEach(async () => {
  await closeAlerts();
  cleanup();
});

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
});
