/** The betting history's reads (the `bets` table): one member's own rows, and the operator's totals over everyone's (settledByGroup). */
import { and, between, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  type BaccaratCoup, type BetDetail, type BetGroup, type BetItem, type BetNames, type BetOutcome, type BetType, type EsportSlip, type FairnessProof, type FishingShot, type RefundReason, resultCash, type SlotSpin, type WinLoseRow,
} from '../../contract/betting';
import { isMiniGame, type MiniDraw } from '../../contract/minigames';
import type { SportBetOutcome } from '../../contract/sports';
import type { Executor } from '../db/client';
import { bets } from '../db/schema';
import { HISTORY_PAGE_SIZE, pageOffset, type HistoryWindow } from '../wallet/history';

export interface BetFilter {
  memberId: number;
  window: HistoryWindow;
  groupKey: BetGroup | '';
  vendorCode: string;
  finishedOnly: boolean;
}

type BetRow = typeof bets.$inferSelect;

const NO_NAMES: BetNames = { ko: '', en: '', vi: '' };

function names(value: unknown): BetNames {
  if (value === null || typeof value !== 'object') return NO_NAMES;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  return { ko: text('ko'), en: text('en') || text('ko'), vi: text('vi') || text('en') || text('ko') };
}

function toItem(row: BetRow): BetItem {
  return {
    betId: String(row.id),
    groupKey: row.groupKey as BetGroup,
    vendorCode: row.vendorCode,
    company: names(row.company),
    gameName: names(row.gameName),
    gameType: row.gameType,
    type: row.type as BetType,
    cash: row.stake,
    winCash: row.win,
    resultCash: resultCash(row.stake, row.win),
    date: row.placedAt.toISOString(),
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
    roundId: row.roundId,
  };
}

/**
 * The product's outcome from its detail column: a mini-game bet's pick and draw (settlement adds
 * `outcome: {draw, winners}` or `{void: true}`), the facts of a vendor round (a slot's spin, a baccarat
 * coup, a fishing shot, a refund), else the vendor's text.
 */
function outcomeOf(row: BetRow, detail: Record<string, unknown>): BetOutcome {
  const stored = detail.outcome;
  if (row.groupKey === 'minigame' && isMiniGame(row.gameKey)) {
    const settled = stored !== null && typeof stored === 'object' ? (stored as { draw?: MiniDraw; void?: boolean }) : {};
    return {
      kind: 'mini',
      mini: {
        game: row.gameKey,
        market: String(detail.market ?? row.gameType),
        selection: String(detail.selection ?? ''),
        oddsCents: Number(detail.oddsCents ?? 0),
        draw: settled.draw ?? null,
        void: settled.void === true,
      },
    };
  }
  if (row.groupKey === 'sport' && detail.sport !== null && typeof detail.sport === 'object') {
    return { kind: 'sport', sport: detail.sport as SportBetOutcome };
  }
  const facts = detail.facts !== null && typeof detail.facts === 'object' ? (detail.facts as { game?: unknown }) : null;
  if (facts?.game === 'slot') {
    const { stops, grid, symbols, lines, scatter } = facts as SlotSpin;
    return { kind: 'slot', spin: { stops, grid, symbols, lines, scatter } };
  }
  if (facts?.game === 'baccarat') {
    const { player, banker, playerTotal, bankerTotal, winner, playerPair, bankerPair } = facts as BaccaratCoup;
    return { kind: 'baccarat', coup: { player, banker, playerTotal, bankerTotal, winner, playerPair, bankerPair } };
  }
  if (facts?.game === 'fishing') {
    const { fish, names, multiplier, waveNo, fishId, caught } = facts as FishingShot;
    return { kind: 'fishing', shot: { fish, names, multiplier, waveNo, fishId, caught } };
  }
  if (facts?.game === 'esport') {
    const { roundNo, matches, picks, oddsCents } = facts as EsportSlip;
    return { kind: 'esport', esport: { roundNo, matches, picks, oddsCents } };
  }
  if (facts?.game === 'refund') return { kind: 'refund', reason: (facts as { reason: RefundReason }).reason === 'closed' ? 'closed' : 'interrupted' };
  return typeof stored === 'string' && stored !== '' ? { kind: 'text', text: stored } : { kind: 'none' };
}

/** The product's detail column: where it keeps one, the fairness proof. */
function proofOf(detail: Record<string, unknown>): FairnessProof | null {
  const proof = detail.proof as Partial<FairnessProof> | undefined;
  if (!proof || typeof proof.serverSeedHash !== 'string') return null;
  return {
    serverSeedHash: proof.serverSeedHash,
    serverSeed: typeof proof.serverSeed === 'string' ? proof.serverSeed : null,
    clientSeed: typeof proof.clientSeed === 'string' ? proof.clientSeed : '',
    nonce: typeof proof.nonce === 'number' ? proof.nonce : 0,
    verifyHelp: typeof proof.verifyHelp === 'string' ? proof.verifyHelp : '',
  };
}

function filterWhere(filter: BetFilter): SQL | undefined {
  return and(
    eq(bets.memberId, filter.memberId),
    between(bets.placedAt, filter.window.from, filter.window.to),
    filter.groupKey ? eq(bets.groupKey, filter.groupKey) : undefined,
    filter.vendorCode ? eq(bets.vendorCode, filter.vendorCode) : undefined,
    filter.finishedOnly ? ne(bets.type, 'wait') : undefined,
  );
}

/** One page of the member's bets, newest first, and how many match. */
export async function listBets(executor: Executor, filter: BetFilter, page: number): Promise<{ list: BetItem[]; total: number }> {
  const where = filterWhere(filter);
  const [counted] = await executor.select({ n: count() }).from(bets).where(where);
  const rows = await executor.select().from(bets).where(where)
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(HISTORY_PAGE_SIZE).offset(pageOffset(page));
  return { list: rows.map(toItem), total: Number(counted?.n ?? 0) };
}

/** One bet of the member's, or null (another member's bet is as absent as a missing one). */
export async function findBet(executor: Executor, memberId: number, betId: number): Promise<BetDetail | null> {
  const [row] = await executor.select().from(bets).where(and(eq(bets.id, betId), eq(bets.memberId, memberId)));
  if (!row) return null;
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  return { ...toItem(row), outcome: outcomeOf(row, detail), proof: proofOf(detail) };
}

/** Keeps a bet's server seed revealed after the bet was written (only where the row still has none). */
export async function storeRevealedSeed(executor: Executor, memberId: number, betId: number, serverSeed: string): Promise<void> {
  await executor.update(bets).set({ detail: sql`jsonb_set(${bets.detail}, '{proof,serverSeed}', to_jsonb(${serverSeed}::text))` })
    .where(and(eq(bets.id, betId), eq(bets.memberId, memberId), sql`${bets.detail} #>> '{proof,serverSeed}' is null`));
}

/** Seoul has no daylight saving time: its calendar day is UTC shifted by nine hours. */
const seoulDay = sql<string>`to_char(${bets.placedAt} at time zone 'UTC' + interval '9 hours', 'YYYY-MM-DD')`;

/** The member's net per Seoul day and product over settled bets (waiting and cancelled bets move nothing). */
export async function winLoseRows(executor: Executor, memberId: number, window: HistoryWindow): Promise<WinLoseRow[]> {
  const rows = await executor
    .select({
      date: seoulDay,
      groupKey: bets.groupKey,
      cash: sql<string>`sum(${bets.stake})`,
      winCash: sql<string>`sum(${bets.win})`,
      count: count(),
    })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), between(bets.placedAt, window.from, window.to), inArray(bets.type, ['win', 'lose', 'draw'])))
    .groupBy(seoulDay, bets.groupKey)
    .orderBy(desc(seoulDay), bets.groupKey);
  return rows.map((row) => {
    const cash = Number(row.cash);
    const winCash = Number(row.winCash);
    return { date: row.date, groupKey: row.groupKey as BetGroup, cash, winCash, resultCash: resultCash(cash, winCash), count: Number(row.count) };
  });
}

/** The house's take per product over every member's bets settled in the window (the operator's dashboard): how many, stakes, returns. */
export async function settledByGroup(executor: Executor, window: HistoryWindow) {
  const rows = await executor.select({
    groupKey: bets.groupKey, n: count(), stakes: sql<string>`sum(${bets.stake})::text`, returns: sql<string>`sum(${bets.win})::text`,
  }).from(bets)
    .where(and(between(bets.settledAt, window.from, window.to), inArray(bets.type, ['win', 'lose', 'draw'])))
    .groupBy(bets.groupKey);
  return rows.map((row) => ({ group: row.groupKey as BetGroup, bets: Number(row.n), stakes: Number(row.stakes), returns: Number(row.returns) }));
}
