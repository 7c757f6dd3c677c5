/**
 * Game 101 at work (the arena of teams.ts, the rules of engine.ts): each arena round's shared seed,
 * committed the first time anyone looks at or bets on it; a slip is one player round of the round service
 * referring to that seed (its stake leaves game money at once, and the round stays open, so out-all is
 * refused, until the matches are played); the sweep plays every round whose result time has come and
 * settles each slip on it exactly once, then reveals the seed.
 *
 * Restarts follow the baccarat tables (baccarat/service.ts): the schedule is the wall clock's; a round due
 * while the vendor was down is settled by the first sweep from its committed seed (the maps were fixed
 * before the bets); a slip whose picks were never recorded, or on an arena no longer in the catalogue, is
 * refunded.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { VendorEsportSlip, VendorLang } from '../../../contract/gameProvider';
import type { VendorDb } from '../../db/client';
import { vendorRounds } from '../../db/schema';
import { VendorRefusal } from '../../errors';
import type { Rounds } from '../../rounds';
import type { Wallet } from '../../wallet';
import { BetRefusal } from '../baccarat/service';
import { roundTimes, tableClock } from '../baccarat/schedule';
import { oneAtATimeQueue } from '../oneAtATime';
import { sweepSharedSeeds } from '../sharedSeedSweep';
import {
  describeRound, isPick, pairings, pickPrice, pickWon, playRound, roundPrices, slipOdds, slipProblem, slipWin,
  type MapResult, type MatchPrices, type MatchResult, type SlipPick,
} from './engine';
import { vendorEsportRounds, vendorEsportSlips } from './schema';
import { findArena, type ArenaSpec } from './teams';

export type ArenaPhase = 'betting' | 'playing' | 'result';

/** What a player in the arena is told: the round, its two matches with prices, the maps played so far, their slips. */
export interface ArenaState {
  arena: { gameKey: string; name: string; unit: number; maxSlip: number; maxRound: number; bettingMs: number; playingMs: number; resultMs: number };
  now: number;
  round: { roundNo: number; phase: ArenaPhase; startsAt: number; bettingEndsAt: number; resultAt: number; nextRoundAt: number; serverSeedHash: string };
  matches: {
    home: { tag: string; name: string; colour: string };
    away: { tag: string; name: string; colour: string };
    prices: MatchPrices;
    /** The maps finished so far (none before their time), each with the moment it ended. */
    maps: (MapResult & { at: number })[];
    homeMaps: number;
    awayMaps: number;
    finished: boolean;
  }[];
  /** The player's slips of the last round and this one (so a result stays in sight for a whole round), oldest first. */
  mySlips: { roundId: string; roundNo: number; picks: SlipPick[]; oddsCents: number; stake: number; win: number | null }[];
  balance: number;
  /** The last rounds' scores, newest first. */
  history: { roundNo: number; scores: { home: string; away: string; homeMaps: number; awayMaps: number }[] }[];
}

export interface EsportDeps {
  db: VendorDb;
  rounds: Rounds;
  wallet: Wallet;
  now?: () => number;
}

export interface Seat {
  operator: string;
  player: string;
  gameKey: string;
  lang?: VendorLang;
}

const HISTORY_LENGTH = 10;

type RoundRow = typeof vendorEsportRounds.$inferSelect;
type SlipRow = typeof vendorEsportSlips.$inferSelect;

/** The arena's timing in the shape of the tables' wall-clock schedule (playing stands where dealing does). */
const timingOf = (arena: ArenaSpec) => ({ bettingMs: arena.bettingMs, dealingMs: arena.playingMs, resultMs: arena.resultMs, offsetMs: arena.offsetMs });

/** When map `index` of a round ends: the playing time is cut in three, one map each. */
export function mapEndsAt(arena: ArenaSpec, bettingEndsAt: number, index: number): number {
  return bettingEndsAt + Math.round((arena.playingMs * (index + 1)) / 3);
}

/** The feed's detail of a settled slip: both matches, the picks with their prices and results, the odds. */
export function slipDetail(arena: ArenaSpec, roundNo: number, results: readonly MatchResult[], picks: readonly SlipPick[], oddsCents: number): VendorEsportSlip {
  const prices = roundPrices(roundNo, arena.marginBp);
  return {
    roundNo,
    matches: pairings(roundNo).map(([home, away], i) => ({
      home: { tag: home.tag, names: home.names }, away: { tag: away.tag, names: away.names },
      homeMaps: results[i]!.homeMaps, awayMaps: results[i]!.awayMaps, maps: results[i]!.maps,
    })),
    picks: picks.map((pick) => ({ ...pick, oddsCents: pickPrice(prices, pick), won: pickWon(results, pick) })),
    oddsCents,
  };
}

export function createEsport(deps: EsportDeps) {
  const { db, rounds, wallet } = deps;
  const now = deps.now ?? Date.now;
  const played = new Map<string, MatchResult[]>();
  const oneAtATime = oneAtATimeQueue();

  async function resultOf(row: Pick<RoundRow, 'seedId' | 'clientSeed' | 'roundNo'>): Promise<MatchResult[]> {
    const known = played.get(row.seedId);
    if (known) return known;
    const result = playRound(await rounds.seedRng(row.seedId, row.clientSeed, 0), row.roundNo);
    played.set(row.seedId, result);
    if (played.size > 500) played.delete(played.keys().next().value!);
    return result;
  }

  function arenaOf(gameKey: string): ArenaSpec {
    const arena = findArena(gameKey);
    if (!arena || !arena.enabled) throw new VendorRefusal('UNKNOWN_GAME', `no arena ${gameKey}`);
    return arena;
  }

  async function findRound(gameKey: string, roundNo: number): Promise<RoundRow | null> {
    const [row] = await db.select().from(vendorEsportRounds).where(and(eq(vendorEsportRounds.gameKey, gameKey), eq(vendorEsportRounds.roundNo, roundNo)));
    return row ?? null;
  }

  /** The arena round's row, made (its seed committed) the first time anyone looks at or bets on it. */
  async function arenaRound(arena: ArenaSpec, roundNo: number): Promise<RoundRow> {
    const existing = await findRound(arena.gameKey, roundNo);
    if (existing) return existing;
    const { seedId, serverSeedHash } = await rounds.commitSeed();
    const times = roundTimes(timingOf(arena), roundNo);
    await db.insert(vendorEsportRounds).values({
      gameKey: arena.gameKey, roundNo, seedId, serverSeedHash, clientSeed: `${arena.gameKey}:${roundNo}`,
      bettingEndsAt: new Date(times.bettingEndsAt), resultAt: new Date(times.resultAt),
    }).onConflictDoNothing();
    return (await findRound(arena.gameKey, roundNo))!;
  }

  async function playerSlips(seat: Seat, roundNo: number): Promise<SlipRow[]> {
    return db.select().from(vendorEsportSlips).where(and(
      eq(vendorEsportSlips.gameKey, seat.gameKey), eq(vendorEsportSlips.roundNo, roundNo),
      eq(vendorEsportSlips.operator, seat.operator), eq(vendorEsportSlips.player, seat.player)))
      .orderBy(asc(vendorEsportSlips.roundId));
  }

  async function state(seat: Seat): Promise<ArenaState> {
    const arena = arenaOf(seat.gameKey);
    const lang = seat.lang ?? 'ko';
    const at = now();
    const clock = tableClock(timingOf(arena), at);
    const phase: ArenaPhase = clock.phase === 'dealing' ? 'playing' : clock.phase;
    const row = await arenaRound(arena, clock.roundNo);
    const results = phase === 'betting' ? null : await resultOf(row);
    const prices = roundPrices(clock.roundNo, arena.marginBp);
    const slips = await playerSlips(seat, clock.roundNo);
    const lastSlips = await playerSlips(seat, clock.roundNo - 1);
    const lastRow = lastSlips.length > 0 ? await findRound(arena.gameKey, clock.roundNo - 1) : null;
    const lastResults = lastRow ? await resultOf(lastRow) : null;
    const slipView = (slip: SlipRow, done: MatchResult[] | null) => ({
      roundId: slip.roundId, roundNo: slip.roundNo, picks: slip.picks as SlipPick[], oddsCents: slip.oddsCents, stake: slip.stake,
      win: done ? slipWin(slip.stake, slip.oddsCents, done, slip.picks as SlipPick[]) : null,
    });
    const history = await db.select().from(vendorEsportRounds)
      .where(and(eq(vendorEsportRounds.gameKey, arena.gameKey), isNotNull(vendorEsportRounds.result)))
      .orderBy(desc(vendorEsportRounds.roundNo)).limit(HISTORY_LENGTH);
    const { balance } = await wallet.balance(seat.operator, seat.player);
    const shown = (team: ReturnType<typeof pairings>[number][number]) => ({ tag: team.tag, name: team.names[lang], colour: team.colour });
    return {
      arena: {
        gameKey: arena.gameKey, name: arena.names[lang], unit: arena.unit, maxSlip: arena.maxSlip, maxRound: arena.maxRound,
        bettingMs: arena.bettingMs, playingMs: arena.playingMs, resultMs: arena.resultMs,
      },
      now: at,
      round: { roundNo: clock.roundNo, phase, startsAt: clock.startsAt, bettingEndsAt: clock.bettingEndsAt, resultAt: clock.resultAt, nextRoundAt: clock.nextRoundAt, serverSeedHash: row.serverSeedHash },
      matches: pairings(clock.roundNo).map(([home, away], i) => {
        const maps = (results?.[i]!.maps ?? []).map((map, index) => ({ ...map, at: mapEndsAt(arena, clock.bettingEndsAt, index) })).filter((map) => map.at <= at);
        const homeMaps = maps.filter((map) => map.winner === 'home').length;
        const awayMaps = maps.length - homeMaps;
        return { home: shown(home), away: shown(away), prices: prices[i]!, maps, homeMaps, awayMaps, finished: homeMaps === 2 || awayMaps === 2 };
      }),
      mySlips: [
        ...lastSlips.map((slip) => slipView(slip, lastResults)),
        ...slips.map((slip) => slipView(slip, results && at >= clock.resultAt ? results : null)),
      ],
      balance,
      history: history.map((h) => ({
        roundNo: h.roundNo,
        scores: pairings(h.roundNo).map(([home, away], i) => {
          const result = (h.result as MatchResult[])[i]!;
          return { home: home.tag, away: away.tag, homeMaps: result.homeMaps, awayMaps: result.awayMaps };
        }),
      })),
    };
  }

  /** Takes a slip during betting time: one player round at the round's prices. */
  function bet(seat: Seat, slip: { picks: unknown; stake: unknown }): Promise<{ roundId: string; balance: number; oddsCents: number }> {
    return oneAtATime(`${seat.operator}\n${seat.player}\n${seat.gameKey}`, () => takeSlip(seat, slip));
  }

  async function takeSlip(seat: Seat, slip: { picks: unknown; stake: unknown }): Promise<{ roundId: string; balance: number; oddsCents: number }> {
    const arena = arenaOf(seat.gameKey);
    const clock = tableClock(timingOf(arena), now());
    if (clock.phase !== 'betting') throw new BetRefusal('BETTING_CLOSED', 'betting time is over');
    if (!Array.isArray(slip.picks) || !slip.picks.every(isPick)) throw new BetRefusal('BAD_BET', 'a pick is a match (0 or 1), a market and a selection');
    const picks = slip.picks.map(({ match, market, pick }) => ({ match, market, pick }) as SlipPick);
    const problem = slipProblem(picks);
    if (problem) throw new BetRefusal('BAD_BET', problem);
    const stake = slip.stake;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < arena.unit || stake % arena.unit !== 0) {
      throw new BetRefusal('BAD_BET', `stakes are whole multiples of ${arena.unit} won`);
    }
    if (stake > arena.maxSlip) throw new BetRefusal('OVER_LIMIT', `at most ${arena.maxSlip} a slip`);
    const already = (await playerSlips(seat, clock.roundNo)).reduce((sum, row) => sum + row.stake, 0);
    if (already + stake > arena.maxRound) throw new BetRefusal('OVER_LIMIT', `at most ${arena.maxRound} a round`);
    const oddsCents = slipOdds(roundPrices(clock.roundNo, arena.marginBp), picks);
    const row = await arenaRound(arena, clock.roundNo);
    let opened;
    try {
      opened = await rounds.open({
        operator: seat.operator, player: seat.player, gameKey: arena.gameKey, bet: stake,
        seed: { seedId: row.seedId, clientSeed: row.clientSeed, nonce: 0 },
      });
    } catch (error) {
      if (error instanceof VendorRefusal && error.code === 'INSUFFICIENT_FUNDS') throw new BetRefusal('INSUFFICIENT_FUNDS', error.message);
      throw error;
    }
    await db.insert(vendorEsportSlips).values({
      roundId: opened.roundId, gameKey: arena.gameKey, roundNo: clock.roundNo, operator: seat.operator, player: seat.player, picks, oddsCents, stake,
    });
    return { roundId: opened.roundId, balance: opened.balanceAfter, oddsCents };
  }

  /** Plays every arena round whose result time has come, settles its slips and reveals its seed; then any late slip. */
  const sweep = () => sweepSharedSeeds(rounds, {
    pending: (due) => db.select().from(vendorEsportRounds)
      .where(and(isNull(vendorEsportRounds.settledAt), lte(vendorEsportRounds.resultAt, due)))
      .orderBy(asc(vendorEsportRounds.resultAt)).limit(200),
    late: async () => (await db.selectDistinct({ row: vendorEsportRounds }).from(vendorRounds)
      .innerJoin(vendorEsportRounds, eq(vendorEsportRounds.seedId, vendorRounds.seedId))
      .where(and(eq(vendorRounds.status, 'open'), isNotNull(vendorEsportRounds.settledAt)))).map(({ row }) => row),
    resultOf: async (row: RoundRow) => (findArena(row.gameKey)?.enabled ? resultOf(row) : null),
    openOn: (seedId) => db.select({ roundId: vendorRounds.roundId, bet: vendorRounds.bet, recorded: vendorEsportSlips })
      .from(vendorRounds)
      .leftJoin(vendorEsportSlips, eq(vendorEsportSlips.roundId, vendorRounds.roundId))
      .where(and(eq(vendorRounds.seedId, seedId), eq(vendorRounds.status, 'open')))
      .orderBy(asc(vendorRounds.startedAt)),
    judge: (row, results, slip) => {
      const picks = slip.picks as SlipPick[];
      return {
        win: slipWin(slip.stake, slip.oddsCents, results, picks),
        outcome: describeRound(row.roundNo, results, picks, slip.oddsCents),
        detail: { game: 'esport', ...slipDetail(findArena(row.gameKey)!, row.roundNo, results, picks, slip.oddsCents) },
      };
    },
    markSettled: async (row, results, due) => {
      await db.update(vendorEsportRounds).set({ settledAt: due, result: results })
        .where(and(eq(vendorEsportRounds.gameKey, row.gameKey), eq(vendorEsportRounds.roundNo, row.roundNo), isNull(vendorEsportRounds.settledAt)));
    },
  }, new Date(now()));

  return { state, bet, sweep };
}

export type Esport = ReturnType<typeof createEsport>;
