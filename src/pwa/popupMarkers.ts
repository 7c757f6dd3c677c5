/**
 * Popup-close markers (SPEC §3, §9): "don't show for 24 hours" on a popup stores
 * popupCloseKey(siteId, bannerIdx) -> expiry timestamp in IndexedDB (idb-keyval's default store),
 * where both the page and the service worker read them.
 */
import { delMany, entries, get, set } from 'idb-keyval';
import { POPUP_CLOSE_TTL_MS, popupCloseKey } from '../../contract/constants';
import { SITE_ID } from '../api/siteId';

/** The part of idb-keyval the markers use; tests pass an in-memory one. */
export interface MarkerStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: number): Promise<void>;
  entries(): Promise<[IDBValidKey, unknown][]>;
  delMany(keys: IDBValidKey[]): Promise<void>;
}

export const idbMarkerStore: MarkerStore = {
  get: (key) => get(key),
  set: (key, value) => set(key, value),
  entries: () => entries(),
  delMany: (keys) => delMany(keys),
};

export type ClosedPopup<T> = T & { isClose: boolean };

const isLive = (expiry: unknown, now: number): expiry is number => typeof expiry === 'number' && expiry > now;

export function createPopupMarkers(store: MarkerStore, siteId: string) {
  const prefix = popupCloseKey(siteId, '');
  const siteMarkers = async () =>
    (await store.entries()).filter((entry): entry is [string, unknown] => String(entry[0]).startsWith(prefix));

  return {
    async closePopupFor24h(bannerIdx: number | string): Promise<void> {
      await store.set(popupCloseKey(siteId, bannerIdx), Date.now() + POPUP_CLOSE_TTL_MS);
    },

    async isPopupClosed(bannerIdx: number | string): Promise<boolean> {
      return isLive(await store.get(popupCloseKey(siteId, bannerIdx)), Date.now());
    },

    /** The popup list with isClose set on every popup closed within the last 24 hours. */
    async markClosedPopups<T extends { bannerIdx: number | string }>(list: readonly T[]): Promise<ClosedPopup<T>[]> {
      const now = Date.now();
      return Promise.all(
        list.map(async (item) => ({ ...item, isClose: isLive(await store.get(popupCloseKey(siteId, item.bannerIdx)), now) })),
      );
    },

    /** Unexpired markers of this site: key -> expiry timestamp. */
    async liveMarkers(): Promise<Record<string, number>> {
      const now = Date.now();
      return Object.fromEntries((await siteMarkers()).filter((entry): entry is [string, number] => isLive(entry[1], now)));
    },

    async pruneExpiredMarkers(): Promise<void> {
      const now = Date.now();
      const expired = (await siteMarkers()).filter(([, expiry]) => !isLive(expiry, now)).map(([key]) => key);
      if (expired.length > 0) await store.delMany(expired);
    },
  };
}

export const { closePopupFor24h, isPopupClosed, markClosedPopups, liveMarkers, pruneExpiredMarkers } =
  createPopupMarkers(idbMarkerStore, SITE_ID);
