/**
 * The baccarat tables at work: each table round's shared seed (committed before its bets are taken),
 * players' bets as rounds of the round service (the stake leaves their game money when they bet, and the
 * round stays open, so out-all is refused, until the table's result settles it), and the sweep that
 * deals every round whose result time has come and settles each bet on it exactly once.
 *
 * Restarts: the schedule is the wall clock's, so a restarted vendor resumes it as if it had never
 * stopped. A round whose result was not settled before the restart is settled by the first sweep after
 * start, from the seed committed before its bets: the cards were fixed then, so settling late deals
 * exactly what settling on time would have. Two cases are refunded (the stake comes back, outcome
 * "refunded"): a bet whose spots were not recorded (the vendor stopped between taking the stake and
 * recording it), and a bet on a table that is no longer in the catalogue.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { VendorDb } from '../../db/client';
import { vendorRounds } from '../../db/schema';
import { VendorRefusal } from '../../errors';
import type { VendorLang } from '../../../contract/gameProvider';
import type { Rounds } from '../../rounds';
import type { Wallet } from '../../wallet';
import { BET_SPOTS, type Bets, type BetSpot, type Coup, coupFromDraws, describeCoup, settleBets } from './engine';
import { roundTimes, tableClock, type TableClock } from './schedule';
import { vendorBaccaratBets, vendorBaccaratRounds } from './schema';
import { findTable, type TableSpec } from './tables';
import { oneAtATimeQueue } from '../oneAtATime';
import { sweepSharedSeeds } from '../sharedSeedSweep';

/** What a player at the table is told: the round, its phase and times, the cards dealt so far, and their own bets. */
export interface TableState {
  table: { gameKey: string; name: string; felt: string; unit: number; maxSpot: number; maxRound: number; bettingMs: number; dealingMs: number; resultMs: number };
  now: number;
  round: TableClock & { serverSeedHash: string };
  /** The coup, once betting has closed; each card with the time it is turned over. */
  coup: (Pick<Coup, 'winner' | 'playerTotal' | 'bankerTotal' | 'playerPair' | 'bankerPair'> & {
    cards: { side: 'player' | 'banker'; rank: number; suit: string; at: number }[];
  }) | null;
  myBets: Bets;
  /** What the player's bets this round return (stake included), once the result is known. */
  myReturn: number | null;
  balance: number;
  /** The last results, oldest first: winner and pairs for the bead road. */
  road: { roundNo: number; winner: string; playerPair: boolean; bankerPair: boolean; playerTotal: number; bankerTotal: number }[];
}

/** A table's public state (publicState): what a visitor of the site's live area sees. */
export interface PublicTableState {
  gameKey: string;
  names: Record<VendorLang, string>;
  felt: string;
  now: number;
  round: Pick<TableClock, 'roundNo' | 'phase' | 'startsAt' | 'bettingEndsAt' | 'resultAt' | 'nextRoundAt'>;
  cards: { side: 'player' | 'banker'; rank: number; suit: string }[];
  result: { winner: string; playerTotal: number; bankerTotal: number } | null;
  road: { roundNo: number; winner: string; playerTotal: number; bankerTotal: number }[];
}

/** Refusals of a bet the page explains to the player. */
export const BET_REFUSALS = ['BETTING_CLOSED', 'BAD_BET', 'OVER_LIMIT', 'INSUFFICIENT_FUNDS'] as const;
export type BetRefusalCode = (typeof BET_REFUSALS)[number];
export class BetRefusal extends Error {
  override name = 'BetRefusal';
  constructor(readonly code: BetRefusalCode, message: string = code) {
    super(message);
  }
}

export interface BaccaratDeps {
  db: VendorDb;
  rounds: Rounds;
  wallet: Wallet;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface Seat {
  operator: string;
  player: string;
  gameKey: string;
  /** The page's language (the table's name is given in it). */
  lang?: VendorLang;
}

/** The first card is turned over this long after betting closes, then one card every DEAL_STEP_MS. */
export const FIRST_CARD_MS = 800;
export const DEAL_STEP_MS = 1_400;
const ROAD_LENGTH = 60;
const PUBLIC_ROAD_LENGTH = 20;
const SPOT_COLUMNS = {
  player: 'onPlayer', banker: 'onBanker', tie: 'onTie', playerPair: 'onPlayerPair', bankerPair: 'onBankerPair',
} as const satisfies Record<BetSpot, keyof typeof vendorBaccaratBets.$inferSelect>;

type RoundRow = typeof vendorBaccaratRounds.$inferSelect;
type BetRow = typeof vendorBaccaratBets.$inferSelect;

function betsOf(row: BetRow): Bets {
  return Object.fromEntries(BET_SPOTS.map((spot) => [spot, row[SPOT_COLUMNS[spot]]]).filter(([, amount]) => (amount as number) > 0));
}

/** The cards in the order they are dealt (player, banker, player, banker, thirds), each with its time. */
function dealtCards(coup: Coup, bettingEndsAt: number): NonNullable<TableState['coup']>['cards'] {
  const order: { side: 'player' | 'banker'; card: Coup['player'][number] }[] = [
    { side: 'player', card: coup.player[0] }, { side: 'banker', card: coup.banker[0] },
    { side: 'player', card: coup.player[1] }, { side: 'banker', card: coup.banker[1] },
  ];
  if (coup.player[2]) order.push({ side: 'player', card: coup.player[2] });
  if (coup.banker[2]) order.push({ side: 'banker', card: coup.banker[2] });
  return order.map(({ side, card }, i) => ({ side, rank: card.rank, suit: card.suit, at: bettingEndsAt + FIRST_CARD_MS + i * DEAL_STEP_MS }));
}

export function createBaccarat(deps: BaccaratDeps) {
  const { db, rounds, wallet } = deps;
  const now = deps.now ?? Date.now;
  const coups = new Map<string, Coup>();

  async function coupOf(row: Pick<RoundRow, 'seedId' | 'clientSeed'>): Promise<Coup> {
    const known = coups.get(row.seedId);
    if (known) return known;
    const rng = await rounds.seedRng(row.seedId, row.clientSeed, 0);
    const coup = coupFromDraws((n) => rng.int(n));
    coups.set(row.seedId, coup);
    if (coups.size > 500) coups.delete(coups.keys().next().value!);
    return coup;
  }

  async function findRound(tableKey: string, roundNo: number): Promise<RoundRow | null> {
    const [row] = await db.select().from(vendorBaccaratRounds)
      .where(and(eq(vendorBaccaratRounds.tableKey, tableKey), eq(vendorBaccaratRounds.roundNo, roundNo)));
    return row ?? null;
  }

  /**
   * The table round's row, made (its seed committed) the first time anyone looks at or bets on it.
   * Two makers at once: one row wins; the other's committed seed stays unused.
   */
  async function tableRound(table: TableSpec, roundNo: number): Promise<RoundRow> {
    const existing = await findRound(table.gameKey, roundNo);
    if (existing) return existing;
    const { seedId, serverSeedHash } = await rounds.commitSeed();
    const times = roundTimes(table, roundNo);
    await db.insert(vendorBaccaratRounds).values({
      tableKey: table.gameKey, roundNo, seedId, serverSeedHash, clientSeed: `${table.gameKey}:${roundNo}`,
      bettingEndsAt: new Date(times.bettingEndsAt), resultAt: new Date(times.resultAt),
    }).onConflictDoNothing();
    return (await findRound(table.gameKey, roundNo))!;
  }

  function tableOf(gameKey: string): TableSpec {
    const table = findTable(gameKey);
    if (!table || !table.enabled) throw new VendorRefusal('UNKNOWN_GAME', `no table ${gameKey}`);
    return table;
  }

  async function playerBets(seat: Seat, roundNo: number): Promise<BetRow[]> {
    return db.select().from(vendorBaccaratBets).where(and(
      eq(vendorBaccaratBets.tableKey, seat.gameKey), eq(vendorBaccaratBets.roundNo, roundNo),
      eq(vendorBaccaratBets.operator, seat.operator), eq(vendorBaccaratBets.player, seat.player)));
  }

  function sumBets(rows: BetRow[]): Bets {
    const total: Bets = {};
    for (const row of rows) for (const [spot, amount] of Object.entries(betsOf(row)) as [BetSpot, number][]) total[spot] = (total[spot] ?? 0) + amount;
    return total;
  }

  async function state(seat: Seat): Promise<TableState> {
    const table = tableOf(seat.gameKey);
    const at = now();
    const clock = tableClock(table, at);
    const row = await tableRound(table, clock.roundNo);
    const coup = clock.phase === 'betting' ? null : await coupOf(row);
    const myBets = sumBets(await playerBets(seat, clock.roundNo));
    const road = await db.select().from(vendorBaccaratRounds)
      .where(and(eq(vendorBaccaratRounds.tableKey, table.gameKey), isNotNull(vendorBaccaratRounds.coup)))
      .orderBy(desc(vendorBaccaratRounds.roundNo)).limit(ROAD_LENGTH);
    const { balance } = await wallet.balance(seat.operator, seat.player);
    return {
      table: {
        gameKey: table.gameKey, name: table.names[seat.lang ?? 'ko'], felt: table.felt, unit: table.unit, maxSpot: table.maxSpot, maxRound: table.maxRound,
        bettingMs: table.bettingMs, dealingMs: table.dealingMs, resultMs: table.resultMs,
      },
      now: at,
      round: { ...clock, serverSeedHash: row.serverSeedHash },
      coup: coup && {
        winner: coup.winner, playerTotal: coup.playerTotal, bankerTotal: coup.bankerTotal,
        playerPair: coup.playerPair, bankerPair: coup.bankerPair, cards: dealtCards(coup, clock.bettingEndsAt),
      },
      myBets,
      myReturn: coup && Object.keys(myBets).length > 0 ? settleBets(myBets, coup).win : null,
      balance,
      road: road.reverse().map((r) => {
        const c = JSON.parse(r.coup!) as Coup;
        return { roundNo: r.roundNo, winner: c.winner, playerPair: c.playerPair, bankerPair: c.bankerPair, playerTotal: c.playerTotal, bankerTotal: c.bankerTotal };
      }),
    };
  }

  /**
   * A table as anyone may watch it (GET /tables/<gameKey>/public, no session): the round and its times,
   * the cards turned over so far, the result once shown and the last results. No player, bet or
   * balance, and no card before its time.
   */
  async function publicState(gameKey: string): Promise<PublicTableState> {
    const table = tableOf(gameKey);
    const at = now();
    const clock = tableClock(table, at);
    const row = await tableRound(table, clock.roundNo);
    const coup = clock.phase === 'betting' ? null : await coupOf(row);
    const road = await db.select().from(vendorBaccaratRounds)
      .where(and(eq(vendorBaccaratRounds.tableKey, table.gameKey), isNotNull(vendorBaccaratRounds.coup)))
      .orderBy(desc(vendorBaccaratRounds.roundNo)).limit(PUBLIC_ROAD_LENGTH);
    return {
      gameKey: table.gameKey, names: table.names, felt: table.felt, now: at,
      round: { roundNo: clock.roundNo, phase: clock.phase, startsAt: clock.startsAt, bettingEndsAt: clock.bettingEndsAt, resultAt: clock.resultAt, nextRoundAt: clock.nextRoundAt },
      cards: coup ? dealtCards(coup, clock.bettingEndsAt).filter((card) => card.at <= at).map(({ side, rank, suit }) => ({ side, rank, suit })) : [],
      result: coup && clock.phase === 'result' ? { winner: coup.winner, playerTotal: coup.playerTotal, bankerTotal: coup.bankerTotal } : null,
      road: road.reverse().map((r) => {
        const c = JSON.parse(r.coup!) as Coup;
        return { roundNo: r.roundNo, winner: c.winner, playerTotal: c.playerTotal, bankerTotal: c.bankerTotal };
      }),
    };
  }

  /** One player's bets are taken one at a time (in this process): a burst cannot pass the table's limits. */
  const oneAtATime = oneAtATimeQueue();

  /** Takes a bet during betting time: one player round for the stakes given (on one or more spots). */
  function bet(seat: Seat, bets: Bets): Promise<{ roundId: string; balance: number; myBets: Bets }> {
    return oneAtATime(`${seat.operator}\n${seat.player}\n${seat.gameKey}`, () => takeBet(seat, bets));
  }

  async function takeBet(seat: Seat, bets: Bets): Promise<{ roundId: string; balance: number; myBets: Bets }> {
    const table = tableOf(seat.gameKey);
    const clock = tableClock(table, now());
    if (clock.phase !== 'betting') throw new BetRefusal('BETTING_CLOSED', 'betting time is over');
    let stake = 0;
    for (const [spot, amount] of Object.entries(bets)) {
      if (!(BET_SPOTS as readonly string[]).includes(spot)) throw new BetRefusal('BAD_BET', `no spot ${spot}`);
      if (!Number.isSafeInteger(amount) || amount! < 0 || amount! % table.unit !== 0) throw new BetRefusal('BAD_BET', 'stakes are whole multiples of the unit');
      stake += amount!;
    }
    if (stake <= 0) throw new BetRefusal('BAD_BET', 'no stake');
    const already = sumBets(await playerBets(seat, clock.roundNo));
    let total = 0;
    for (const spot of BET_SPOTS) {
      const after = (already[spot] ?? 0) + (bets[spot] ?? 0);
      if (after > table.maxSpot) throw new BetRefusal('OVER_LIMIT', `at most ${table.maxSpot} on ${spot}`);
      total += after;
    }
    if (total > table.maxRound) throw new BetRefusal('OVER_LIMIT', `at most ${table.maxRound} a round`);
    const row = await tableRound(table, clock.roundNo);
    let opened;
    try {
      opened = await rounds.open({
        operator: seat.operator, player: seat.player, gameKey: table.gameKey, bet: stake,
        seed: { seedId: row.seedId, clientSeed: row.clientSeed, nonce: 0 },
      });
    } catch (error) {
      if (error instanceof VendorRefusal && error.code === 'INSUFFICIENT_FUNDS') throw new BetRefusal('INSUFFICIENT_FUNDS', error.message);
      throw error;
    }
    await db.insert(vendorBaccaratBets).values({
      roundId: opened.roundId, tableKey: table.gameKey, roundNo: clock.roundNo, operator: seat.operator, player: seat.player,
      onPlayer: bets.player ?? 0, onBanker: bets.banker ?? 0, onTie: bets.tie ?? 0,
      onPlayerPair: bets.playerPair ?? 0, onBankerPair: bets.bankerPair ?? 0,
    });
    const myBets: Bets = { ...already };
    for (const spot of BET_SPOTS) if (bets[spot]) myBets[spot] = (myBets[spot] ?? 0) + bets[spot]!;
    return { roundId: opened.roundId, balance: opened.balanceAfter, myBets };
  }

  /**
   * Deals every table round whose result time has come, settles its bets, reveals its seed and keeps
   * its result for the road; then settles any bet that reached a round already dealt (a bet whose
   * stake was taken just as its round was being settled). Answers how many bets it settled.
   */
  const sweep = () => sweepSharedSeeds(rounds, {
    pending: (due) => db.select().from(vendorBaccaratRounds)
      .where(and(isNull(vendorBaccaratRounds.settledAt), lte(vendorBaccaratRounds.resultAt, due)))
      .orderBy(asc(vendorBaccaratRounds.resultAt)).limit(200),
    late: async () => (await db.selectDistinct({ row: vendorBaccaratRounds }).from(vendorRounds)
      .innerJoin(vendorBaccaratRounds, eq(vendorBaccaratRounds.seedId, vendorRounds.seedId))
      .where(and(eq(vendorRounds.status, 'open'), isNotNull(vendorBaccaratRounds.settledAt)))).map(({ row }) => row),
    resultOf: async (row: RoundRow) => (findTable(row.tableKey)?.enabled ? coupOf(row) : null),
    openOn: (seedId) => db.select({ roundId: vendorRounds.roundId, bet: vendorRounds.bet, recorded: vendorBaccaratBets })
      .from(vendorRounds)
      .leftJoin(vendorBaccaratBets, eq(vendorBaccaratBets.roundId, vendorRounds.roundId))
      .where(and(eq(vendorRounds.seedId, seedId), eq(vendorRounds.status, 'open')))
      .orderBy(asc(vendorRounds.startedAt)),
    judge: (_row, coup, spots) => ({ win: settleBets(betsOf(spots), coup).win, outcome: describeCoup(coup), detail: { game: 'baccarat', ...coup } }),
    markSettled: async (row, coup, due) => {
      await db.update(vendorBaccaratRounds)
        .set({ settledAt: due, winner: coup?.winner ?? null, coup: coup ? JSON.stringify(coup) : null })
        .where(and(eq(vendorBaccaratRounds.tableKey, row.tableKey), eq(vendorBaccaratRounds.roundNo, row.roundNo), isNull(vendorBaccaratRounds.settledAt)));
    },
  }, new Date(now()));

  return { state, publicState, bet, sweep };
}

export type Baccarat = ReturnType<typeof createBaccarat>;
