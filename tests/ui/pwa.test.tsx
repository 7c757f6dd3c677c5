// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { messages } from '../../locales/ko/messages.po';

// The Korean texts come from the real catalog, so a missing or mis-keyed entry fails here.

/**
 * A stand-in for the browser's service worker container: `register` answers one registration whose
 * waiting and installing workers the test sets, and the test fires the events the browser would.
 */
const fakeWorkers = vi.hoisted(() => {
  class FakeWorker extends EventTarget {
    state = 'installing';
    postMessage = vi.fn();
    moveTo(state: string) {
      this.state = state;
      this.dispatchEvent(new Event('statechange'));
    }
  }
  class FakeRegistration extends EventTarget {
    waiting: FakeWorker | null = null;
    installing: FakeWorker | null = null;
    /** A new version found: it installs, and stays waiting unless `moveOn` (a first install activates at once). */
    install(moveOn = false) {
      const worker = new FakeWorker();
      this.installing = worker;
      this.dispatchEvent(new Event('updatefound'));
      this.installing = null;
      this.waiting = worker;
      worker.moveTo('installed');
      if (moveOn) {
        this.waiting = null;
        worker.moveTo('activating');
      }
      return worker;
    }
  }
  const container = Object.assign(new EventTarget(), {
    registrations: [] as { url: string; options: unknown; registration: FakeRegistration }[],
    waitingAtStart: null as FakeWorker | null,
    register: vi.fn(async (url: string, options?: unknown) => {
      const registration = new FakeRegistration();
      registration.waiting = container.waitingAtStart;
      container.registrations.push({ url, options, registration });
      return registration;
    }),
  });
  return { container, FakeWorker };
});

const { dismissUpdate, registerServiceWorker } = await import('../../src/pwa/register');
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
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: fakeWorkers.container });
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
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    fakeWorkers.container.waitingAtStart = null;
    reload.mockClear();
  });
  afterEach(() => vi.useRealTimers());
  const lastRegistration = () => fakeWorkers.container.registrations.at(-1)!;

  it('stays hidden until a new version waits, then updates and reloads on request', async () => {
    await registerServiceWorker();
    // Under vitest import.meta.env.DEV is true: the dev worker, as a module, because the URL has ?sw.
    expect(lastRegistration().url).toBe('/dev-sw.js?dev-sw');
    expect(lastRegistration().options).toEqual({ type: 'module' });

    wrap(<UpdatePrompt />);
    expect(screen.queryByRole('alert')).toBeNull();

    const worker = lastRegistration().registration.install();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('alert').textContent).toContain('새 버전이 준비되었습니다.');

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: '지금 업데이트' }));
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    fakeWorkers.container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => dismissUpdate());
  });

  it('shows at once for a version that was already waiting before the visit', async () => {
    fakeWorkers.container.waitingAtStart = new fakeWorkers.FakeWorker();
    await registerServiceWorker();
    wrap(<UpdatePrompt />);
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => dismissUpdate());
  });

  it('is not offered for a first install, which activates at once', async () => {
    await registerServiceWorker();
    wrap(<UpdatePrompt />);
    lastRegistration().registration.install(true);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be put off', async () => {
    await registerServiceWorker();
    wrap(<UpdatePrompt />);
    const worker = lastRegistration().registration.install();
    act(() => vi.advanceTimersByTime(200));

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: '나중에' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(worker.postMessage).not.toHaveBeenCalled();
  });
});
