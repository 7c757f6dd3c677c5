/** What the operator API reads of the betting history: the house's take per product over a window (the dashboard). */
import type { BetGroup } from '../../contract/betting';
import type { Db } from '../db/client';
import type { HistoryWindow } from '../wallet/history';
import { settledByGroup } from './queries';

export function createOperatorBetting({ db }: { db: Db }) {
  return {
    /** Per product with settled bets in the window: how many, stakes, returns and GGR (stakes less returns). */
    async ggr(window: HistoryWindow): Promise<{ group: BetGroup; bets: number; stakes: number; returns: number; ggr: number }[]> {
      const rows = await settledByGroup(db, window);
      return rows.map((row) => ({ ...row, ggr: row.stakes - row.returns }));
    },
  };
}

export type OperatorBetting = ReturnType<typeof createOperatorBetting>;
