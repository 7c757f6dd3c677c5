// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { messages } from '../../locales/ko/messages.po';

// The Korean texts come from the real catalog, so a missing or mis-keyed entry fails here.

/** A stand-in for workbox-window's Workbox: records what the page asks and lets the test fire events. */
const fakeWorkbox = vi.hoisted(() => {
  const instances: FakeWorkbox[] = [];
  class FakeWorkbox extends EventTarget {
    readonly url: string;
    readonly options: unknown;
    messageSkipWaiting = vi.fn();
    register = vi.fn(async () => undefined);
    constructor(url: string, options?: unknown) {
      super();
      this.url = url;
      this.options = options;
      instances.push(this);
    }
    fire(type: string) {
      this.dispatchEvent(new Event(type));
    }
  }
  return { FakeWorkbox, instances };
});
vi.mock('workbox-window', () => ({ Workbox: fakeWorkbox.FakeWorkbox }));

const { registerServiceWorker } = await import('../../src/pwa/register');
const { UpdatePrompt } = await import('../../src/pwa/UpdatePrompt');
const { OfflineBanner } = await import('../../src/pwa/OfflineBanner');

const i18n = setupI18n({ locale: 'ko', messages: { ko: messages } });
const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const reload = vi.fn();

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, search: '?sw', reload } });
});
beforeEach(() => setOnline(true));
afterEach(cleanup);

describe('offline banner', () => {
  it('appears while the connection is down and goes away when it is back', () => {
    wrap(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => setOnline(false));
    expect(screen.getByRole('status').textContent).toBe('인터넷에 연결되어 있지 않습니다. 연결을 확인해주세요.');
    expect(screen.getByRole('status').className).toBe('pwa-offline');

    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at once when the page opens offline', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    wrap(<OfflineBanner />);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

describe('update prompt', () => {
  it('stays hidden until a new version waits, then updates and reloads on request', async () => {
    await registerServiceWorker();
    const workbox = fakeWorkbox.instances.at(-1)!;
    expect(workbox.register).toHaveBeenCalled();
    // Under vitest import.meta.env.DEV is true: the dev worker, as a module, because the URL has ?sw.
    expect(workbox.url).toBe('/dev-sw.js?dev-sw');

    wrap(<UpdatePrompt />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => workbox.fire('waiting'));
    expect(screen.getByRole('alert').textContent).toContain('새 버전이 준비되었습니다.');

    await userEvent.click(screen.getByRole('button', { name: '지금 업데이트' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('can be put off', async () => {
    await registerServiceWorker();
    const workbox = fakeWorkbox.instances.at(-1)!;
    wrap(<UpdatePrompt />);
    act(() => workbox.fire('waiting'));

    await userEvent.click(screen.getByRole('button', { name: '나중에' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });
});
