/**
 * What a launch or a merge reads of the member once it holds the member's lock (money/memberLock.ts), in one
 * statement: their game state, the operator's cash-open setting and their unfinished cash requests, their recent
 * launches (ABZ01), a pending transfer, the replayed merge, and their cash, points and game money. The lock is its
 * own statement before this one: a statement that waited for the lock would read what was there before the wait.
 */
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LAUNCH_BURST, MEM_CASH_FLAG_DEFAULT } from '../../contract/games';
import type { YN } from '../../contract/types';
import type { Tx } from '../db/client';
import { cashRequests, gameLaunches, gameMembers, gameSettings, gameTransfers, ledgerAccounts, members } from '../db/schema';
import { openRequestsOf } from '../wallet/cashQueries';
import { pendingOf, type TransferRow } from './money';

const cash = alias(ledgerAccounts, 'cash');
const points = alias(ledgerAccounts, 'points');
const game = alias(ledgerAccounts, 'game');
const replayed = alias(gameTransfers, 'replayed');

export interface LockedState {
  memCashFlag: YN;
  /** The operator's lock (B1002). */
  locked: boolean;
  openGameKey: string | null;
  /** The operator blocks launches while a deposit or withdrawal is unfinished, and the member has one (F001). */
  cashOpen: boolean;
  /** The times (ms) of the member's last LAUNCH_BURST.count launches that can still count for ABZ01, newest first. */
  launches: number[];
  pending: boolean;
  /** The merge whose key this is, when the member sent it before. */
  replay: TransferRow | null;
  cashAmt: number;
  pointAmt: number;
  gameMoney: number;
}

/** `at`: the launch's instant (null for a merge); `requestKey`: the merge's key (null otherwise). */
export async function lockedState(tx: Tx, memberId: number, at: Date | null, requestKey: string | null): Promise<LockedState> {
  const since = at && new Date(at.getTime() - LAUNCH_BURST.windowMs - LAUNCH_BURST.waitMs).toISOString();
  const [row] = await tx.select({
    memCashFlag: gameMembers.memCashFlag, locked: gameMembers.locked, openGameKey: gameMembers.openGameKey,
    cashOpen: since === null ? sql<boolean>`false` : sql<boolean>`coalesce(${gameSettings.blockWhileCashOpen}, false)
      and exists (select 1 from ${cashRequests} where ${openRequestsOf(memberId, ['in', 'out'])})`,
    launches: since === null ? sql<number[]>`'{}'::float8[]` : sql<(number | string)[]>`array(select (extract(epoch from ${gameLaunches.at}) * 1000)::float8
      from ${gameLaunches} where ${and(eq(gameLaunches.memberId, memberId), sql`${gameLaunches.at} > ${since}::timestamptz`)}
      order by ${desc(gameLaunches.at)} limit ${LAUNCH_BURST.count})`,
    pending: sql<boolean>`exists (select 1 from ${gameTransfers} where ${pendingOf(memberId)})`,
    replay: getTableColumns(replayed),
    cashAmt: cash.balance, pointAmt: points.balance, gameMoney: game.balance,
  }).from(members)
    .leftJoin(gameMembers, eq(gameMembers.memberId, members.id))
    .leftJoin(gameSettings, eq(gameSettings.id, 1))
    .leftJoin(replayed, requestKey === null ? sql`false` : and(eq(replayed.memberId, members.id), eq(replayed.requestKey, requestKey)))
    .leftJoin(cash, and(eq(cash.memberId, members.id), eq(cash.currency, 'KRW')))
    .leftJoin(points, and(eq(points.memberId, members.id), eq(points.currency, 'POINT')))
    .leftJoin(game, and(eq(game.memberId, members.id), eq(game.currency, 'GAME')))
    .where(eq(members.id, memberId));
  if (!row) throw new Error(`lockedState: member ${memberId} is not there`);
  return {
    memCashFlag: (row.memCashFlag as YN | null) ?? MEM_CASH_FLAG_DEFAULT, locked: row.locked ?? false, openGameKey: row.openGameKey,
    cashOpen: row.cashOpen, launches: row.launches.map(Number), pending: row.pending, replay: row.replay,
    cashAmt: row.cashAmt ?? 0, pointAmt: row.pointAmt ?? 0, gameMoney: row.gameMoney ?? 0,
  };
}

/** ABZ01: the last LAUNCH_BURST.count launches within windowMs, the newest less than waitMs ago. */
export function launchBurst(launches: number[], at: Date): boolean {
  if (launches.length < LAUNCH_BURST.count) return false;
  const newest = launches[0]!;
  const oldest = launches[launches.length - 1]!;
  return newest - oldest <= LAUNCH_BURST.windowMs && at.getTime() - newest < LAUNCH_BURST.waitMs;
}
