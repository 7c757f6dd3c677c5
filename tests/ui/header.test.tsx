// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DesktopHeader } from '../../src/features/layout/DesktopHeader';
import { MobileHeader } from '../../src/features/layout/MobileHeader';
import { activateLocale } from '../../src/i18n';
import { closeAlerts, createTestActors, demoMember, loginAnswerFor, renderAsPage } from './harness';

beforeAll(() => activateLocale('ko'));
afterEach(async () => {
  await closeAlerts();
  cleanup();
});

describe.each([
  ['desktop', DesktopHeader],
  ['mobile', MobileHeader],
])('%s header', (_, Header) => {
  it('offers sign-up and login to a guest', async () => {
    renderAsPage(Header);
    expect(await screen.findByTestId('header-login')).toHaveProperty('textContent', '로그인');
    expect(screen.getByTestId('header-signup')).toHaveProperty('textContent', '회원가입');
    expect(screen.queryByTestId('member-nick')).toBeNull();
  });

  it('shows the nickname, unread messages, cash and points of a signed-in member', async () => {
    const actors = createTestActors();
    renderAsPage(Header, actors);
    await screen.findByTestId('header-login');
    act(() => actors.session.send({ type: 'session.login', answer: loginAnswerFor(demoMember, 3) }));

    expect(await screen.findByTestId('member-nick')).toHaveProperty('textContent', '데모회원');
    expect(screen.getByTestId('member-cash').textContent).toBe('1,000,000원');
    expect(screen.getByTestId('member-points').textContent).toBe('50,000 P');
    expect(screen.getByTestId('member-unread').textContent).toBe('3');
    expect(screen.queryByTestId('header-login')).toBeNull();
    expect(screen.queryByTestId('partner-link')).toBeNull();
  });

  it('follows CASH pushes and links partners to the partner sub-domain', async () => {
    const actors = createTestActors();
    renderAsPage(Header, actors);
    await screen.findByTestId('header-login');
    act(() => actors.session.send({ type: 'session.login', answer: loginAnswerFor({ ...demoMember, isPartnerMember: 'Y' }) }));
    act(() => actors.session.send({ type: 'cash.pushed', cashAmt: 2_500_000, pointAmt: 1_200 }));

    expect((await screen.findByTestId('member-cash')).textContent).toBe('2,500,000원');
    expect(screen.getByTestId('member-points').textContent).toBe('1,200 P');
    const partner = screen.getByTestId('partner-link');
    expect(partner.getAttribute('href')).toBe(`${location.protocol}//partner.${location.host}/partner`);
    expect(partner.getAttribute('target')).toBe('_blank');
  });
});
