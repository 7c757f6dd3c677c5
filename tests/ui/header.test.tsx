// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberInfoAnswer } from '../../contract/types';
import { DesktopHeader } from '../../src/features/layout/DesktopHeader';
import { MobileHeader } from '../../src/features/layout/MobileHeader';
import { createTestActors, demoMember, loginAnswerFor, renderAsPage, signIn, setUpPageTests } from './harness';

setUpPageTests();

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

  it('offers a kept session neither login nor the member\'s facts until the member is read, then the facts', async () => {
    let answer!: (read: MemberInfoAnswer) => void;
    const memberRead = new Promise<MemberInfoAnswer>((resolve) => { answer = resolve; });
    const actors = createTestActors({ token: { token: 'kept', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, memberRead });
    renderAsPage(Header, actors);
    await waitFor(() => expect(actors.session.getSnapshot().matches('signingIn')).toBe(true));
    await screen.findByTestId('site-logo');
    expect(screen.queryByTestId('header-login')).toBeNull();
    expect(screen.queryByTestId('header-signup')).toBeNull();
    expect(screen.queryByTestId('member-nick')).toBeNull();

    act(() => answer({ member: demoMember, msgInfo: { newMsg: 0 }, rtSeq: 0 }));
    expect(await screen.findByTestId('member-nick')).toHaveProperty('textContent', '데모회원');
    expect(screen.queryByTestId('header-login')).toBeNull();
  });

  it('follows CASH pushes; the partner link opens the partner area in a new tab; the unread badge opens the inbox', async () => {
    const actors = createTestActors();
    renderAsPage(Header, actors);
    await screen.findByTestId('header-login');
    act(() => actors.session.send({ type: 'session.login', answer: loginAnswerFor({ ...demoMember, isPartnerMember: 'Y' }) }));
    act(() => actors.session.send({ type: 'cash.pushed', cashAmt: 2_500_000, pointAmt: 1_200 }));

    expect((await screen.findByTestId('member-cash')).textContent).toBe('2,500,000원');
    expect(screen.getByTestId('member-points').textContent).toBe('1,200 P');
    const partner = screen.getByTestId('partner-link');
    expect(partner.tagName).toBe('A');
    expect(partner.getAttribute('href')).toBe('/partner');
    expect(partner.getAttribute('target')).toBe('_blank');
    expect(partner.textContent).toBe('파트너 페이지');
    const inbox = screen.getByTestId('member-inbox');
    expect(inbox.tagName).toBe('A');
    expect(inbox.getAttribute('href')).toMatch(/^\/(mypage\/message\/list|member\/msg)$/);
  });
});

it('the phone header\'s partner link opens the partner pages under /member in the same tab', async () => {
  const actors = createTestActors();
  await signIn(actors, { ...demoMember, isPartnerMember: 'Y' });
  renderAsPage(MobileHeader, actors, undefined, 'phone');
  const partner = await screen.findByTestId('partner-link');
  expect(partner.getAttribute('href')).toBe('/member/stributor');
  expect(partner.getAttribute('target')).toBeNull();
});

describe('phone navigation', () => {
  it('opens from the phone header with every group, each screen a link', async () => {
    const actors = createTestActors();
    await signIn(actors);
    renderAsPage(MobileHeader, actors, undefined, 'phone');
    await userEvent.click(await screen.findByTestId('phone-nav-open'));
    const nav = await screen.findByTestId('phone-nav');
    for (const group of ['games', 'money', 'myPage', 'messages', 'support']) expect(within(nav).getByTestId(`menu-group-${group}`)).toBeTruthy();
    expect(within(nav).getByTestId('menu-deposit').getAttribute('href')).toBe('/member/chargeMain/charge');
    expect(within(nav).getByTestId('menu-point').getAttribute('href')).toBe('/member/point');
    expect(within(nav).getByTestId('menu-notice').getAttribute('href')).toBe('/member/noticeList');
    expect(within(nav).getByTestId('menu-bettingList').getAttribute('href')).toBe('/member/betList');
  });
});
