/**
 * The rounds feed puller: reads the vendor's finished rounds after the stored cursor and settles each
 * round through the shared settlement (betting/settlement.ts): one `bets` row (source_ref
 * 'vendor:<roundId>') and its money (money.ts roundPosting), in the same transaction that moves the
 * cursor. The cursor moves by a conditional update (only from the value
 * this puller read), so of two pullers on the same page one writes it and the other writes nothing;
 * the bets row's unique source_ref and the ledger key make a replay harmless anyway. Exactly once,
 * across restarts and concurrent pullers.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { betTypeOf, type BetGroup } from '../../contract/betting';
import type { VendorRound } from '../../contract/gameProvider';
import type { Db, Tx } from '../db/client';
import { commonCodes, gameCatalog, gameFeedCursors, gameMembers, gameVendors, members } from '../db/schema';
import { type FinishedBet, settleFinishedBets } from '../betting/settlement';
import { moneyDoor } from '../money/door';
import { GAME_MASTER_CODE } from '../seed';
import { Failure } from '../failure';
import type { PostRequest } from '../money/ledger';
import { type GameAdapter, memberOfPlayer } from './adapter';
import { roundPosting } from './money';

const ROUNDS = 'rounds';
/** Rounds a page: its transaction holds PGlite's one connection (about 50 ms for 50) while members' spins wait their turn. */
const PAGE = 50;

/** Game 101's e-sports slips sit with the sports bets (the bet list's sport group; gameType says esport). */
const GROUP_OF_KIND: Record<VendorRound['kind'], BetGroup> = { slot: 'slot', live: 'casino', fishing: 'fishing', esport: 'sport' };

export interface FeedDeps {
  db: Db;
  adapter: GameAdapter;
  /** Settles the pending transfers of these members (a round may spend a transfer in whose answer was lost). */
  resolveMembers(memberIds: number[]): Promise<void>;
  now: () => Date;
}

export function createRoundsFeed({ db, adapter, resolveMembers, now }: FeedDeps) {
  const money = moneyDoor(db, { now });
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  async function readCursor(): Promise<string | null> {
    const [row] = await db.select({ cursor: gameFeedCursors.cursor }).from(gameFeedCursors).where(eq(gameFeedCursors.name, ROUNDS));
    if (row) return row.cursor;
    // The first pull ever: the row the conditional update moves from the start.
    await db.insert(gameFeedCursors).values({ name: ROUNDS, cursor: null }).onConflictDoNothing();
    return null;
  }

  async function writePage(tx: Tx, from: string | null, to: string, rounds: VendorRound[]): Promise<boolean> {
    const moved = await tx.update(gameFeedCursors).set({ cursor: to, updatedAt: sql`now()` })
      .where(and(eq(gameFeedCursors.name, ROUNDS), from === null ? isNull(gameFeedCursors.cursor) : eq(gameFeedCursors.cursor, from)))
      .returning({ name: gameFeedCursors.name });
    if (moved.length === 0) return false;
    const memberIds = [...new Set(rounds.map((r) => memberOfPlayer(r.player)).filter((id): id is number => id !== null))];
    const known = new Set(memberIds.length === 0 ? [] : (await tx.select({ id: members.id }).from(members).where(inArray(members.id, memberIds))).map((m) => m.id));
    const brands = [...new Set(rounds.map((r) => r.brand))];
    const vendors = await tx.select({ brand: gameVendors.brand, code: gameVendors.code, ko: commonCodes.codeName, en: commonCodes.codeNameEn })
      .from(gameVendors)
      .leftJoin(commonCodes, and(eq(commonCodes.masterCode, GAME_MASTER_CODE), eq(commonCodes.code, gameVendors.code)))
      .where(inArray(gameVendors.brand, brands));
    const vendorOf = new Map(vendors.map((v) => [v.brand, v]));
    const gameKeys = [...new Set(rounds.map((r) => r.gameKey))];
    const games = new Map((await tx.select({ key: gameCatalog.gameKey, names: gameCatalog.names }).from(gameCatalog)
      .where(inArray(gameCatalog.gameKey, gameKeys))).map((g) => [g.key, g.names as { ko: string; en: string; vi: string }]));
    const finished: { bet: FinishedBet; posting: PostRequest | null }[] = [];
    for (const round of rounds) {
      const memberId = memberOfPlayer(round.player);
      if (memberId === null || !known.has(memberId)) continue; // not one of this site's members
      const vendor = vendorOf.get(round.brand);
      const company = { ko: vendor?.ko ?? round.brand, en: vendor?.en ?? round.brand, vi: vendor?.en ?? round.brand };
      finished.push({
        bet: {
          memberId, groupKey: GROUP_OF_KIND[round.kind] ?? 'slot', vendorCode: vendor?.code ?? round.brand, gameKey: round.gameKey,
          company, gameName: games.get(round.gameKey) ?? { ko: round.gameKey, en: round.gameKey, vi: round.gameKey },
          gameType: round.kind, sourceRef: `vendor:${round.roundId}`, roundId: round.roundId,
          stake: round.bet, win: round.win, type: betTypeOf(round.bet, round.win),
          placedAt: new Date(round.startedAt), settledAt: new Date(round.endedAt),
          detail: { outcome: round.outcome, facts: round.detail, proof: round.proof },
        },
        posting: roundPosting(memberId, round.roundId, round.bet, round.win),
      });
    }
    // The page's history rows in one statement and their money in another, in the transaction that moves the cursor.
    // Each member's rounds written are counted (an out-all compares the vendor's count with it, money.ts), a round
    // already in the history not again; their rows are locked in member id order before any ledger account, as a
    // launch and an out-all lock theirs.
    await settleFinishedBets(money.within(tx), finished, async (fresh) => {
      const counted = new Map<number, number>();
      for (const bet of fresh) counted.set(bet.memberId, (counted.get(bet.memberId) ?? 0) + 1);
      await tx.insert(gameMembers).values([...counted].sort(([a], [b]) => a - b).map(([memberId, roundsPosted]) => ({ memberId, roundsPosted })))
        .onConflictDoUpdate({ target: gameMembers.memberId, set: { roundsPosted: sql`${gameMembers.roundsPosted} + excluded.rounds_posted` } });
    });
    return true;
  }

  /** Reads pages until the feed has nothing newer; answers how many rounds this pull wrote. */
  async function pullAll(): Promise<number> {
    let written = 0;
    for (;;) {
      const from = await readCursor();
      const page = await adapter.rounds(from, PAGE);
      if (page.rounds.length === 0 || page.next === null) return written;
      const write = () => db.transaction((tx) => writePage(tx, from, page.next!, page.rounds));
      let wrote: boolean;
      try {
        wrote = await write();
      } catch (error) {
        // A round spending game money whose transfer in is still pending at the site: settle those, then once more.
        if (!(error instanceof Failure && error.code === 'B6000')) throw error;
        await resolveMembers([...new Set(page.rounds.map((r) => memberOfPlayer(r.player)).filter((id): id is number => id !== null))]);
        wrote = await write();
      }
      if (wrote) written += page.rounds.length;
      if (page.rounds.length < PAGE) return written;
    }
  }

  return {
    /**
     * Pulls the feed up to now. A pull asked for while one runs starts after it (it must see rounds that
     * finished after the running one read its page); callers waiting meanwhile share that next pull.
     */
    pull(): Promise<number> {
      if (!running) {
        running = pullAll().finally(() => { running = null; });
        return running;
      }
      queued ??= running.catch(() => 0).then(() => {
        queued = null;
        running = pullAll().finally(() => { running = null; });
        return running;
      });
      return queued;
    },
  };
}

export type RoundsFeed = ReturnType<typeof createRoundsFeed>;
