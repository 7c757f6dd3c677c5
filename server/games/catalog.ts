/**
 * Vendors and games as the site shows them. A vendor is a game code of the GAME master code (casino,
 * slot, fishing and esport groups) with its brand key (the code's English name, the vendor route name) and the
 * operator's state; its games come from the vendor's catalogue (synced at start and on the operator's
 * request) with the operator's on/off.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type GameItem, type GameLobby, HOTEL_CASINO_MARK, HOTEL_SLOT_MARK, type VendorState } from '../../contract/games';
import type { VendorGame } from '../../contract/gameProvider';
import type { Db, Executor } from '../db/client';
import { commonCodes, gameCatalog, gameVendors } from '../db/schema';
import { GAME_MASTER_CODE } from '../seed';

/** The code groups whose vendors have games at the house vendor. */
const GAME_GROUPS = ['casino', 'slot', 'fishing', 'esport'];

export interface VendorRow {
  code: string;
  brand: string;
  state: VendorState;
  codeName: string;
  groupCode: string;
}

export function lobbyOf(vendor: Pick<VendorRow, 'codeName' | 'groupCode'>): GameLobby {
  if (vendor.groupCode === 'casino') return vendor.codeName.includes(HOTEL_CASINO_MARK) ? 'hotelCasino' : 'casino';
  if (vendor.groupCode === 'slot') return vendor.codeName.includes(HOTEL_SLOT_MARK) ? 'hotelSlot' : 'slot';
  return 'fishing';
}

/** Opens a vendor row for every game code that has none (new codes start shown). */
export async function syncVendors(executor: Executor): Promise<void> {
  const codes = await executor.select({ code: commonCodes.code, brand: commonCodes.codeNameEn }).from(commonCodes)
    .where(and(eq(commonCodes.masterCode, GAME_MASTER_CODE), inArray(commonCodes.groupCode, GAME_GROUPS)));
  if (codes.length === 0) return;
  await executor.insert(gameVendors).values(codes).onConflictDoNothing();
}

/** Writes the vendor's catalogue: new games on, changed ones updated, the operator's switch kept; games gone are marked off at the vendor. */
export async function syncGames(db: Db, games: VendorGame[], now: Date): Promise<number> {
  await db.transaction(async (tx) => {
    if (games.length > 0) {
      await tx.insert(gameCatalog).values(games.map((g, ord) => ({
        gameKey: g.gameKey, brand: g.brand, kind: g.kind, names: g.names, image: g.image, vendorEnabled: g.enabled, ord, syncedAt: now, addedAt: now,
      }))).onConflictDoUpdate({
        target: gameCatalog.gameKey,
        set: {
          brand: sql`excluded.brand`, kind: sql`excluded.kind`, names: sql`excluded.names`, image: sql`excluded.image`,
          vendorEnabled: sql`excluded.vendor_enabled`, ord: sql`excluded.ord`, syncedAt: sql`excluded.synced_at`,
        },
      });
    }
    const keys = games.map((g) => g.gameKey);
    await tx.update(gameCatalog).set({ vendorEnabled: false })
      .where(keys.length > 0 ? notInArray(gameCatalog.gameKey, keys) : sql`true`);
  });
  return games.length;
}

const vendorColumns = {
  code: gameVendors.code, brand: gameVendors.brand, state: gameVendors.state,
  codeName: commonCodes.codeName, groupCode: commonCodes.groupCode,
};

const vendorCode = and(eq(commonCodes.masterCode, GAME_MASTER_CODE), eq(commonCodes.code, gameVendors.code));

function vendorQuery(executor: Executor) {
  return executor.select(vendorColumns).from(gameVendors).innerJoin(commonCodes, vendorCode);
}

export async function findVendorByBrand(executor: Executor, brand: string): Promise<VendorRow | null> {
  const [row] = await vendorQuery(executor).where(eq(gameVendors.brand, brand));
  return (row as VendorRow | undefined) ?? null;
}

export async function findVendorByCode(executor: Executor, code: string): Promise<VendorRow | null> {
  const [row] = await vendorQuery(executor).where(eq(gameVendors.code, code));
  return (row as VendorRow | undefined) ?? null;
}

export async function listVendors(executor: Executor): Promise<VendorRow[]> {
  return await vendorQuery(executor).orderBy(asc(commonCodes.ord)) as VendorRow[];
}

export type GameRow = typeof gameCatalog.$inferSelect;

export async function listGames(executor: Executor, brand: string, onlyPlayable: boolean) {
  const conditions = [eq(gameCatalog.brand, brand)];
  if (onlyPlayable) conditions.push(eq(gameCatalog.enabled, true), eq(gameCatalog.vendorEnabled, true));
  return executor.select().from(gameCatalog).where(and(...conditions)).orderBy(asc(gameCatalog.ord), asc(gameCatalog.gameKey));
}

/**
 * A vendor's games as members see them. Hotel slot vendors (names with "H-", SPEC §9) number their
 * games SLOT01, SLOT02... as ids; other games' id is their key.
 */
export function gameItems(vendor: VendorRow, rows: Awaited<ReturnType<typeof listGames>>, artBase: string): GameItem[] {
  const hotelSlot = lobbyOf(vendor) === 'hotelSlot';
  return rows.map((row, index) => ({
    key: row.gameKey,
    id: hotelSlot ? `SLOT${String(index + 1).padStart(2, '0')}` : row.gameKey,
    image: `${artBase}${row.image}`,
    names: row.names as GameItem['names'],
    category: row.kind,
  }));
}
