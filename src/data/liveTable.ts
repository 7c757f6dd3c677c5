/**
 * The house vendor's live table as anyone may watch it: its public state (vendor GET
 * /tables/<gameKey>/public, no session, no player data), read again every POLL_MS while the page is
 * in sight. The vendor's clock is kept as an offset, so countdowns run on the vendor's time.
 */
import { useEffect, useState } from 'react';
import type { LiveTableState } from '../../contract/games';

export const LIVE_POLL_MS = 1_500;

export interface LiveTable {
  state: LiveTableState | null;
  /** Vendor time minus local time, in milliseconds. */
  offset: number;
  failed: boolean;
}

export function useLiveTable(stateUrl: string | null): LiveTable {
  const [table, setTable] = useState<LiveTable>({ state: null, offset: 0, failed: false });
  useEffect(() => {
    if (!stateUrl) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const response = await fetch(stateUrl, { cache: 'no-store' });
          const body = await response.json() as LiveTableState & { ok?: boolean };
          if (!stopped) setTable(body.ok ? { state: body, offset: body.now - Date.now(), failed: false } : (current) => ({ ...current, failed: true }));
        } catch {
          if (!stopped) setTable((current) => ({ ...current, failed: true }));
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), LIVE_POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [stateUrl]);
  return table;
}
