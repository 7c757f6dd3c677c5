/**
 * Games for members and the operator: lists, the launch, the merge, the balance call's game part, the
 * cash flag, and the jobs that keep the site and the vendor agreed (pending transfers, the rounds feed,
 * reconciliation). Rules: contract/games.ts; money: money.ts; the vendor only through the adapter.
 */
import { eq } from 'drizzle-orm';
import type { ResultCode } from '../../contract/codes';
import { type GameItem, type GameLaunchAnswer, type GameMoneyAnswer, LAUNCH_BURST, MEM_CASH_FLAG_DEFAULT, type MemCashFlagAnswer, type VendorState } from '../../contract/games';
import type { Balance, YN } from '../../contract/types';
import type { Locale } from '../../contract/constants';
import { VENDOR_MAX_TRANSFER } from '../../contract/gameProvider';
import type { Clock } from '../clock';
import type { Db, Executor, Tx } from '../db/client';
import { gameMembers, gameSettings, gameTransfers, gameVendors } from '../db/schema';
import { Failure } from '../failure';
import type { BalancePush } from '../money/balancePush';
import { getMemberBalances, type MemberBalances } from '../money/ledger';
import type { MemberRef } from '../money/memberLock';
import { GAME_MASTER_CODE } from '../seed';
import type { GameSnapshot } from '../session/queries';
import { type GameAdapter, playerOf, VendorRefused, VendorUnreachable } from './adapter';
import { findVendorByBrand, findVendorByCode, gameItems, listGames, syncGames, syncVendors } from './catalog';
import { createRoundsFeed } from './feed';
import { type DatabaseStatement, moneyDoor } from '../money/door';
import { createGameMoney, GAME_LEDGER_JSON, gameBalance, heldExcesses, newTransferId, pendingTransfer, type Settled, type TransferJson, transferRow, type TransferRow } from './money';
import { createReconciliation } from './reconcile';
import { createShowcase } from './showcase';

export interface GamesDeps {
  db: Db;
  clock: Clock;
  adapter: GameAdapter;
  balances: BalancePush;
  /** Prefix of the games' art URLs as browsers reach the vendor ('/vendor' when mounted). */
  artBase: string;
  log: { warn(obj: object, msg: string): void };
}


/** A pending transfer the member's call could not settle now: retry shortly (NT99, the client retries in 5 s). */
const STILL_PENDING: ResultCode = 'NT99';
/** How many times a launch or merge settles another pending transfer of the member's before answering NT99. */
const PENDING_RETRIES = 3;

/**
 * A launch's checks and, when it moves money, its transfer in written and posted, in one statement (migrations 0034, 0035): the
 * game playable, the member's lock, a pending transfer ({pending}: settled, then again), their state, protection, the
 * launch burst (ABZ01, contract LAUNCH_BURST), nothing to play with (B0099); the launch counted and the game opened.
 */
const LAUNCH_BEGIN: DatabaseStatement = {
  name: 'game_launch_begin',
  text: 'select game_launch_begin($1::bigint, $2::timestamptz, $3::text, $4::text, $5::text, $6::text, $7::jsonb, $8::jsonb) as result',
};
const LAUNCH_RULES = JSON.stringify({
  burstCount: LAUNCH_BURST.count, burstWindowMs: LAUNCH_BURST.windowMs, burstWaitMs: LAUNCH_BURST.waitMs,
  maxTransfer: VENDOR_MAX_TRANSFER, defaultCashFlag: MEM_CASH_FLAG_DEFAULT, masterCode: GAME_MASTER_CODE,
});
type LaunchBegun = { pending: true } | { moved: { transfer: TransferJson; balances: MemberBalances } | null };

/** A merge's opening in one statement: the member's lock, the merge of this key replayed, a pending transfer, nothing to merge, or the out-all written. */
const MERGE_BEGIN: DatabaseStatement = {
  name: 'game_merge_begin', text: 'select game_merge_begin($1::bigint, $2::text, $3::text, $4::text) as result',
};
type MergeBegun = { pending: true } | { replay: TransferJson } | { empty: MemberBalances } | { out: TransferJson };

export function createGamesService(deps: GamesDeps) {
  const { db, clock, adapter, balances, artBase, log } = deps;
  const now = () => clock.now();
  const showcase = createShowcase({ db, clock, artBase });
  const door = moneyDoor(db, clock);

  async function resolveMembers(memberIds: number[]): Promise<void> {
    for (const memberId of memberIds) {
      const row = await pendingTransfer(db, memberId);
      if (row) await money.resolve(row);
    }
  }
  const feed = createRoundsFeed({ db, adapter, resolveMembers, now });
  const money = createGameMoney({ db, adapter, settler: { catchUpRounds: async () => { await feed.pull(); } }, now });
  const reconciliation = createReconciliation({ db, adapter, money, feed, now });

  /**
   * One launch or merge of a member at a time in this process (a second waits for the first): their
   * transfers would otherwise find each other pending. Across instances the pending-transfer retries
   * do the same job, more slowly.
   */
  const memberQueues = new Map<number, Promise<unknown>>();
  function oneAtATime<T>(memberId: number, work: () => Promise<T>): Promise<T> {
    const next = (memberQueues.get(memberId) ?? Promise.resolve()).catch(() => undefined).then(work);
    memberQueues.set(memberId, next);
    void next.catch(() => undefined).finally(() => {
      if (memberQueues.get(memberId) === next) memberQueues.delete(memberId);
    });
    return next;
  }

  /** Settles the member's pending transfer, if any; false when it is still pending. */
  async function settleMember(memberId: number): Promise<boolean> {
    const row = await pendingTransfer(db, memberId);
    if (!row) return true;
    return (await money.resolve(row)).state !== 'pending';
  }

  /**
   * Runs `begin` (a launch's or merge's transaction under the member's lock), which answers null when it
   * finds a transfer of the member's pending (another call's, in flight or whose answer was lost): that one
   * is settled and `begin` runs again, up to PENDING_RETRIES settlements; NT99 when one stays pending.
   */
  async function afterPending<T>(memberId: number, begin: () => Promise<T | null>): Promise<T> {
    for (let settled = 0; ; settled += 1) {
      const begun = await begin();
      if (begun !== null) return begun;
      if (settled === PENDING_RETRIES || !await settleMember(memberId)) throw new Failure(STILL_PENDING);
    }
  }

  async function memberState(executor: Executor, memberId: number) {
    const [row] = await executor.select().from(gameMembers).where(eq(gameMembers.memberId, memberId));
    return row ?? { memberId, memCashFlag: MEM_CASH_FLAG_DEFAULT, locked: false, openGameKey: null, openedAt: null };
  }

  async function answerMerge(memberId: number, row: TransferRow): Promise<GameMoneyAnswer> {
    const [cash, game, held] = await Promise.all([getMemberBalances(db, memberId), gameBalance(db, memberId), heldExcesses(db, row.transferId)]);
    // What reached the member's money: vendor money held for the operator's decision is not theirs yet.
    return { balances: cash, merged: (row.amount ?? 0) - (held[0]?.amount ?? 0), gameMoney: game };
  }

  function mergeOutcome(settled: Settled): TransferRow {
    if (settled.state === 'failed') throw new Failure(settled.code);
    if (settled.state === 'pending') throw new Failure(STILL_PENDING);
    return settled.row;
  }

  /** Out-all of one member (the merge, the operator's forced merge). */
  function merge(member: MemberRef, requestKey: string | null, origin: string): Promise<GameMoneyAnswer> {
    return oneAtATime(member.memberId, () => mergeNow(member, requestKey, origin));
  }

  async function mergeNow(member: MemberRef, requestKey: string | null, origin: string): Promise<GameMoneyAnswer> {
    const begun = await afterPending(member.memberId, async () => {
      const opened = await door.inDatabase<MergeBegun>(MERGE_BEGIN, [member.memberId, requestKey, newTransferId('out'), origin]);
      if ('pending' in opened) return null;
      if ('replay' in opened) return { kind: 'replay' as const, row: transferRow(opened.replay) };
      // Nothing at the vendor and no game open: nothing to merge, no vendor call.
      if ('empty' in opened) return { kind: 'empty' as const, balances: opened.empty };
      return { kind: 'out' as const, row: transferRow(opened.out) };
    });
    if (begun.kind === 'replay') {
      // The member's key again: the first merge's answer (settled now if it was left pending).
      if (begun.row.direction !== 'out') throw new Failure('C999');
      return answerMerge(member.memberId, mergeOutcome(await money.resolve(begun.row)));
    }
    if (begun.kind === 'empty') return { balances: begun.balances, merged: 0, gameMoney: 0 };
    const settled = await money.send(begun.row);
    const row = mergeOutcome(settled);
    // What the out-all's posting left, unless another call (the job) applied it first.
    const answer = settled.state === 'applied' && settled.left ? settled.left : await answerMerge(member.memberId, row);
    await balances.announce(member, answer.balances);
    return answer;
  }

  /** SPEC §3 game launch (rules: contract/games.ts). */
  async function launchNow(member: MemberRef, payload: { vendorKey: string; gameType: string; gameKey: string }, locale: Locale): Promise<GameLaunchAnswer> {
    const begun = await afterPending(member.memberId, async () => {
      const opened = await door.inDatabase<LaunchBegun>(LAUNCH_BEGIN, [member.memberId, now().toISOString(), payload.vendorKey, payload.gameKey,
        payload.gameType, newTransferId('in'), LAUNCH_RULES, GAME_LEDGER_JSON]);
      if ('pending' in opened) return null;
      return { moved: opened.moved && { transfer: transferRow(opened.moved.transfer), balances: opened.moved.balances } };
    });
    const game = { gameKey: payload.gameKey, lang: locale };
    if (begun.moved) {
      // The transfer in asks the vendor to open the game with it; the CASH push of the money moved (committed) goes
      // out while the vendor is called.
      const [, settled] = await Promise.all([balances.announce(member, begun.moved.balances), money.send(begun.moved.transfer, game)]);
      if (settled.state === 'failed') {
        await balances.announce(member);
        throw new Failure('2000');
      }
      if (settled.state === 'pending') throw new Failure(STILL_PENDING);
      if (settled.session) return { gameurl: settled.session.url };
    }
    // No money moved, or the vendor's answer came without a session (found by a look-up, or the game refused): ask for one.
    try {
      return { gameurl: (await adapter.launch(playerOf(member.memberId), game.gameKey, game.lang)).url };
    } catch (error) {
      if (!(error instanceof VendorRefused || error instanceof VendorUnreachable)) throw error;
      log.warn({ err: error, memberId: member.memberId }, 'game launch refused by the vendor');
      throw new Failure(error instanceof VendorRefused && error.code === 'UNKNOWN_GAME' ? 'B0092' : '9999');
    }
  }

  return {
    adapter,
    feed,
    reconciliation,

    /** Vendors from the game codes, games from the vendor's catalogue (at start and on the operator's request). */
    async sync(): Promise<{ games: number }> {
      await syncVendors(db);
      return { games: await syncGames(db, await adapter.games(), now()) };
    },

    /** The main page's game areas (showcase.ts). */
    mainGames: () => showcase.mainGames(),

    async gameList(vendorKey: string): Promise<{ games: GameItem[] }> {
      const vendor = await findVendorByBrand(db, vendorKey);
      if (!vendor || vendor.state === 'hidden') throw new Failure('B0092');
      return { games: gameItems(vendor, await listGames(db, vendor.brand, true), artBase) };
    },

    async slotGames(prodId: string, type: string): Promise<{ games: GameItem[] }> {
      const vendor = await findVendorByCode(db, prodId);
      if (!vendor || vendor.state === 'hidden') throw new Failure('B0092');
      const games = (await listGames(db, vendor.brand, true)).filter((g) => g.kind === type);
      return { games: gameItems(vendor, games, artBase) };
    },

    /** SPEC §3 game launch (rules: contract/games.ts). */
    launch(member: MemberRef, payload: { vendorKey: string; gameType: string; gameKey: string }, locale: Locale): Promise<GameLaunchAnswer> {
      return oneAtATime(member.memberId, () => launchNow(member, payload, locale));
    },

    /** The merge: all game money back into integrated money (idempotent by the member's key). */
    async outGameMoney(member: MemberRef, idempotencyKey: string): Promise<GameMoneyAnswer> {
      return merge(member, idempotencyKey, 'member');
    },

    merge,

    async changeMemCashFlag(memberId: number, wanted: YN | undefined): Promise<MemCashFlagAnswer> {
      return db.transaction(async (tx) => {
        const state = await memberState(tx, memberId);
        const memCashFlag: YN = wanted ?? (state.memCashFlag === 'Y' ? 'N' : 'Y');
        await tx.insert(gameMembers).values({ memberId, memCashFlag })
          .onConflictDoUpdate({ target: gameMembers.memberId, set: { memCashFlag } });
        return { memCashFlag };
      });
    },

    /**
     * The balance call: integrated money and the game part the session lookup read (no vendor call);
     * while a game is open, the vendor's live game money (its rounds reach the ledger with the feed).
     */
    async balance(memberId: number, cashAmt: number, snapshot: GameSnapshot): Promise<Balance> {
      if (!snapshot.gameOpen) return { balance: cashAmt, isPlayGame: snapshot.gameMoney > 0 ? 'Y' : 'N', gameMoney: snapshot.gameMoney };
      // A transfer in flight: the vendor may not hold it yet; the ledger shows it in one place.
      if (await pendingTransfer(db, memberId)) return { balance: cashAmt, isPlayGame: 'Y', gameMoney: snapshot.gameMoney };
      try {
        const live = await adapter.balance(playerOf(memberId));
        return { balance: cashAmt, isPlayGame: 'Y', gameMoney: live.balance };
      } catch {
        return { balance: cashAmt, isPlayGame: 'Y', gameMoney: snapshot.gameMoney };
      }
    },

    /** One round of the jobs: settle pending transfers, pull the rounds feed. */
    async tick(): Promise<void> {
      const pending = await db.select().from(gameTransfers).where(eq(gameTransfers.state, 'pending')).limit(200);
      for (const row of pending) await money.resolve(row);
      await feed.pull();
    },

    // Operator
    async setVendorState(tx: Tx, code: string, state: VendorState): Promise<void> {
      const updated = await tx.update(gameVendors).set({ state, updatedAt: now() }).where(eq(gameVendors.code, code)).returning();
      if (updated.length === 0) throw new Failure('R404');
    },

    async memberGame(memberId: number) {
      const state = await memberState(db, memberId);
      const [pending, game] = await Promise.all([pendingTransfer(db, memberId), gameBalance(db, memberId)]);
      let vendor: { balance: number; inRound: boolean } | null = null;
      try {
        vendor = await adapter.balance(playerOf(memberId));
      } catch {
        vendor = null;
      }
      return { memCashFlag: state.memCashFlag, locked: state.locked, openGameKey: state.openGameKey, openedAt: state.openedAt, gameMoney: game, vendor, pending };
    },

    async setMemberLock(tx: Tx, memberId: number, locked: boolean): Promise<void> {
      await tx.insert(gameMembers).values({ memberId, locked }).onConflictDoUpdate({ target: gameMembers.memberId, set: { locked } });
    },

    async setBlockWhileCashOpen(tx: Tx, blockWhileCashOpen: boolean): Promise<void> {
      await tx.insert(gameSettings).values({ id: 1, blockWhileCashOpen, updatedAt: now() })
        .onConflictDoUpdate({ target: gameSettings.id, set: { blockWhileCashOpen, updatedAt: now() } });
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
