import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPopupMarkers, type MarkerStore } from '../../src/pwa/popupMarkers';
import { POPUP_CLOSE_TTL_MS, popupCloseKey } from '../../contract/constants';

/** idb-keyval's default store needs IndexedDB, which node lacks; the same calls over a Map. */
function memoryStore(): MarkerStore & { data: Map<IDBValidKey, unknown> } {
  const data = new Map<IDBValidKey, unknown>();
  return {
    data,
    get: async (key) => data.get(key),
    set: async (key, value) => void data.set(key, value),
    entries: async () => [...data.entries()],
    delMany: async (keys) => keys.forEach((key) => data.delete(key)),
  };
}

const HOUR = 60 * 60_000;
let store: ReturnType<typeof memoryStore>;
let markers: ReturnType<typeof createPopupMarkers>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T09:00:00+09:00') });
  store = memoryStore();
  markers = createPopupMarkers(store, 'hanbit');
});
afterEach(() => vi.useRealTimers());

describe('popup close markers', () => {
  it('keeps a closed popup closed for 24 hours, then shows it again', async () => {
    await markers.closePopupFor24h(7);
    expect(store.data.get(popupCloseKey('hanbit', 7))).toBe(Date.now() + POPUP_CLOSE_TTL_MS);
    expect(await markers.isPopupClosed(7)).toBe(true);
    expect(await markers.isPopupClosed(8)).toBe(false);

    vi.advanceTimersByTime(23 * HOUR);
    expect(await markers.isPopupClosed(7)).toBe(true);
    vi.advanceTimersByTime(HOUR);
    expect(await markers.isPopupClosed(7)).toBe(false);
  });

  it('flags the closed popups of a list with isClose', async () => {
    await markers.closePopupFor24h(2);
    const list = await markers.markClosedPopups([{ bannerIdx: 1, title: 'a' }, { bannerIdx: 2, title: 'b' }]);
    expect(list).toEqual([
      { bannerIdx: 1, title: 'a', isClose: false },
      { bannerIdx: 2, title: 'b', isClose: true },
    ]);
  });

  it('does not mix up sites', async () => {
    await createPopupMarkers(store, 'other').closePopupFor24h(3);
    expect(await markers.isPopupClosed(3)).toBe(false);
    expect(await markers.liveMarkers()).toEqual({});
  });

  it('lists live markers and prunes only the expired ones', async () => {
    await markers.closePopupFor24h(1);
    vi.advanceTimersByTime(12 * HOUR);
    await markers.closePopupFor24h(2);
    store.data.set('unrelated', 1);
    vi.advanceTimersByTime(13 * HOUR);

    const live = await markers.liveMarkers();
    expect(Object.keys(live)).toEqual([popupCloseKey('hanbit', 2)]);

    await markers.pruneExpiredMarkers();
    expect([...store.data.keys()]).toEqual([popupCloseKey('hanbit', 2), 'unrelated']);
  });
});
