/**
 * The main page's game areas (SPEC §2 main-page areas; `/api/main/games`), from the catalogue and the
 * bet history: the newest playable games, the games with the most rounds over the last 7 days, the
 * biggest wins of the last 7 days (ids masked like the cash feeds), the slot jackpot (SLOT_JACKPOT:
 * 1% of every slot stake of the last 30 days on top of the base) and the house vendor's live table,
 * whose public state the browser reads from the vendor. Every visitor of / reads it, so an answer is
 * kept for a short while.
 */
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { HOTEL_CASINO_MARK, HOTEL_SLOT_MARK, type MainGame, type MainGames, SLOT_JACKPOT } from '../../contract/games';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { bets, commonCodes, gameCatalog, gameVendors, members } from '../db/schema';
import { GAME_MASTER_CODE } from '../seed';
import { maskMemId } from '../wallet/cashPush';

const AREA_SIZE = 8;
const RANKING_SIZE = 10;
const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
/** How long an answer is kept (the areas change by the minute, not the second). */
export const MAIN_GAMES_KEEP_MS = 30_000;

const routeName = (brand: string) => brand.replace(/^(HC-|H-|slot_)/, '');

/** Games a member can launch: on at the vendor and for the operator, of a vendor that is shown. */
function playable() {
  return and(eq(gameCatalog.enabled, true), eq(gameCatalog.vendorEnabled, true), eq(gameVendors.state, 'shown'));
}

const gameColumns = {
  key: gameCatalog.gameKey, brand: gameCatalog.brand, kind: gameCatalog.kind, names: gameCatalog.names, image: gameCatalog.image,
};

type GameRow = { key: string; brand: string; kind: string; names: unknown; image: string };

export function createShowcase({ db, clock, artBase }: { db: Db; clock: Clock; artBase: string }) {
  const card = (row: GameRow): MainGame => ({
    key: row.key, vendorKey: row.brand, vendor: routeName(row.brand), category: row.kind,
    image: `${artBase}${row.image}`, names: row.names as MainGame['names'],
  });
  const catalogue = () => db.select(gameColumns).from(gameCatalog).innerJoin(gameVendors, eq(gameVendors.brand, gameCatalog.brand));

  async function newGames(): Promise<MainGame[]> {
    const rows = await catalogue().where(playable()).orderBy(desc(gameCatalog.addedAt), asc(gameCatalog.ord), asc(gameCatalog.gameKey)).limit(AREA_SIZE);
    return rows.map(card);
  }

  async function popular(since: Date): Promise<MainGames['popular']> {
    const rounds = sql<number>`count(*)::int`;
    const rows = await db.select({ ...gameColumns, rounds }).from(bets)
      .innerJoin(gameCatalog, eq(gameCatalog.gameKey, bets.gameKey))
      .innerJoin(gameVendors, eq(gameVendors.brand, gameCatalog.brand))
      .where(and(gte(bets.placedAt, since), playable()))
      .groupBy(gameCatalog.gameKey, gameCatalog.brand, gameCatalog.kind, gameCatalog.names, gameCatalog.image)
      .orderBy(desc(rounds), asc(gameCatalog.gameKey)).limit(AREA_SIZE);
    return rows.map((row) => ({ ...card(row), rounds: Number(row.rounds) }));
  }

  async function ranking(since: Date): Promise<MainGames['ranking']> {
    const rows = await db.select({ ...gameColumns, memId: members.memId, win: bets.win }).from(bets)
      .innerJoin(members, eq(members.id, bets.memberId))
      .innerJoin(gameCatalog, eq(gameCatalog.gameKey, bets.gameKey))
      .innerJoin(gameVendors, eq(gameVendors.brand, gameCatalog.brand))
      .where(and(gte(bets.placedAt, since), gt(bets.win, 0), playable()))
      .orderBy(desc(bets.win), desc(bets.id)).limit(RANKING_SIZE);
    return rows.map((row) => ({ memId: maskMemId(row.memId), win: row.win, game: card(row) }));
  }

  async function jackpot(now: Date): Promise<MainGames['jackpot']> {
    const since = new Date(now.getTime() - SLOT_JACKPOT.days * DAY_MS);
    const [row] = await db.select({ stakes: sql<string>`coalesce(sum(${bets.stake}), 0)` }).from(bets)
      .where(and(eq(bets.groupKey, 'slot'), gte(bets.placedAt, since)));
    return { amount: SLOT_JACKPOT.base + Math.floor((Number(row?.stakes ?? 0) * SLOT_JACKPOT.percent) / 100) };
  }

  /** The first playable live table of the first live-casino vendor (by the game codes' order), not a hotel one. */
  async function live(): Promise<MainGames['live']> {
    const [row] = await db.select(gameColumns).from(gameCatalog)
      .innerJoin(gameVendors, eq(gameVendors.brand, gameCatalog.brand))
      .innerJoin(commonCodes, and(eq(commonCodes.masterCode, GAME_MASTER_CODE), eq(commonCodes.code, gameVendors.code)))
      .where(and(playable(), eq(gameCatalog.kind, 'live'), eq(commonCodes.groupCode, 'casino'),
        sql`position(${HOTEL_CASINO_MARK} in ${commonCodes.codeName}) = 0`, sql`position(${HOTEL_SLOT_MARK} in ${commonCodes.codeName}) = 0`))
      .orderBy(asc(commonCodes.ord), asc(gameCatalog.ord), asc(gameCatalog.gameKey)).limit(1);
    if (!row) return null;
    return { game: card(row), stateUrl: `${artBase}/tables/${encodeURIComponent(row.key)}/public` };
  }

  let kept: { at: number; answer: Promise<MainGames> } | null = null;
  async function read(): Promise<MainGames> {
    const now = clock.now();
    const since = new Date(now.getTime() - WEEK_MS);
    return { newGames: await newGames(), popular: await popular(since), ranking: await ranking(since), jackpot: await jackpot(now), live: await live() };
  }

  return {
    mainGames(): Promise<MainGames> {
      const at = clock.now().getTime();
      if (!kept || at - kept.at >= MAIN_GAMES_KEEP_MS || at < kept.at) {
        const answer = read();
        kept = { at, answer };
        answer.catch(() => { if (kept?.answer === answer) kept = null; });
      }
      return kept.answer;
    },
  };
}

export type Showcase = ReturnType<typeof createShowcase>;
