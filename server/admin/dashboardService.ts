/**
 * The console's dashboard figures (GET /dashboard, contract/membersAdmin.ts DashboardTotals), read through the
 * operator faces: members online (live sessions seen in the last MEMBERS_ONLINE_MINUTES), deposits and
 * withdrawals approved today, GGR per product of the bets settled today (today: the Seoul day of the app's
 * clock, the test clock under TEST_CLOCK=1), and the largest open sportsbook exposures.
 */
import { BET_GROUPS } from '../../contract/betting';
import { DASHBOARD_EXPOSURES, type DashboardTotals, MEMBERS_ONLINE_MINUTES } from '../../contract/membersAdmin';
import type { OperatorBetting } from '../betting/operatorBetting';
import { type Clock, endOfSeoulDay, seoulDay, startOfSeoulDay } from '../clock';
import type { Db } from '../db/client';
import { membersOnline } from '../session/service';
import type { OperatorSports } from '../sports/operatorSports';
import type { OperatorWallet } from '../wallet/operatorWallet';

export interface DashboardDeps {
  db: Db;
  clock: Clock;
  wallet: OperatorWallet;
  betting: OperatorBetting;
  sports: OperatorSports;
}

export function createDashboardService({ db, clock, wallet, betting, sports }: DashboardDeps) {
  return {
    async totals(): Promise<DashboardTotals> {
      const now = clock.now();
      const today = { from: startOfSeoulDay(now), to: endOfSeoulDay(now) };
      const [online, cash, ggr, exposures] = await Promise.all([
        membersOnline(db, MEMBERS_ONLINE_MINUTES), wallet.approvedTotals(today.from, today.to), betting.ggr(today),
        db.transaction((tx) => sports.largestExposures(tx, DASHBOARD_EXPOSURES)),
      ]);
      // Every product, those without a settled bet today as zeros.
      const perProduct = BET_GROUPS.map((group) => ggr.find((row) => row.group === group) ?? { group, bets: 0, stakes: 0, returns: 0, ggr: 0 });
      return { day: seoulDay(now), membersOnline: online, onlineMinutes: MEMBERS_ONLINE_MINUTES, ...cash, ggr: perProduct, exposures };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
