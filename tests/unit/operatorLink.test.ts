import { describe, expect, it } from 'vitest';
import { LINK_SCREENS } from '../../contract/links';
import { operatorLinkTarget } from '../../src/routes/operatorLink';

describe('operator links', () => {
  it('open the screen they name at each tree its own path', () => {
    expect(operatorLinkTarget('attendance', 'desktop')).toEqual({ link: { to: '/attendendance', params: {} }, external: false });
    expect(operatorLinkTarget('attendance', 'phone')).toEqual({ link: { to: '/member/attendance', params: {} }, external: false });
    expect(operatorLinkTarget('deposit', 'phone')).toEqual({ link: { to: '/member/chargeMain/charge', params: {} }, external: false });
  });

  it('open an https address as it is, and nothing for no link or something not a screen', () => {
    expect(operatorLinkTarget('https://t.me/hanbit_support', 'phone')).toEqual({ href: 'https://t.me/hanbit_support', external: true });
    expect(operatorLinkTarget('', 'desktop')).toBeNull();
    expect(operatorLinkTarget('/attendendance', 'desktop')).toBeNull();
    expect(operatorLinkTarget('javascript:alert(1)', 'desktop')).toBeNull();
  });

  it('name only screens with a path of their own (no parameters) on both trees', () => {
    for (const id of LINK_SCREENS) {
      for (const tree of ['desktop', 'phone'] as const) {
        const target = operatorLinkTarget(id, tree);
        expect(target && !target.external ? target.link.to : null, `${id} on ${tree}`).toMatch(/^\/[^$]*$/);
      }
    }
  });
});
