/**
 * Settling sports bets, through the settlement every product shares (betting/settlement.ts
 * settleFirstRevisions, settleBetRevision): a fixture's bets read and judged in bulk, SETTLE_CHUNK to a
 * transaction, under their row locks, their writes by `unnest`; each bet once per settlement revision
 * (sport_settlements, primary key bet and revision). A bet is judged again whenever one of its fixtures got
 * a new result revision (the feed's result or correction, the operator's entry or correction, a market
 * voided) since its legs were last judged; when its result (type and payout) changes, the revision posts the
 * new payout and the reversal of the previous one together, and a claw-back the member cannot cover is
 * recorded as their debt (sport_debts), never a negative balance. A later payout of any of the member's sports
 * bets pays their debts down, oldest first, in its own ledger transaction (sportDebtBook below); deposits and
 * other products' credits do not: a member's deposit is money they bring to play with, and the debt is the
 * sportsbook's, so the sportsbook collects it from what it pays.
 *
 * Exposure (sport_exposure) counts open bets only: a bet's first settlement, whatever its result (a void bet
 * included), takes its stake and potential win out of each of its legs' selections, in the same transaction.
 *
 * Legs: void (a whole line hit exactly, a cancelled or postponed match, a market the operator voided, a
 * market the result does not judge) counts 1.00. A combination pays stake × the product of its winning legs'
 * odds × the folder bonus of those legs, capped by the total odds cap and the level's payout cap it was
 * placed under; a lost leg loses the bet at once; every leg void gives the stake back.
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { BetType } from '../../contract/betting';
import { folderBonusCents, type SelectionOutcome, type SlipRules, type SportBetOutcome, type SportNames } from '../../contract/sports';
import { type BetRevision, type DebtBook, type PaidMember, settleBetRevision, settleFirstRevisions } from '../betting/settlement';
import type { Db, Tx } from '../db/client';
import { sqlArray } from '../db/sqlArray';
import {
  members, sportBetLegs, sportBets, sportDebtPayments, sportDebts, sportExposure, sportFixtures, sportLeagues, sportMarkets, sportResults, sportSettlements,
} from '../db/schema';
import type { MoneyDoor } from '../money/door';
import { type FixtureRow, latestResults, type MarketRow } from './book';
import { legView, payoutOf, productOdds, SPORT_HOUSE } from './placing';

/** Bets read, judged and written together, in one transaction. */
export const SETTLE_CHUNK = 1_000;

type Terms = Pick<SlipRules, 'folderBonus' | 'folderBonusMinLegOddsCents' | 'maxTotalOddsCents'> & { maxPayout: number };
type LegRow = typeof sportBetLegs.$inferSelect;
type BetRow = typeof sportBets.$inferSelect;
const NO_NAMES: SportNames = { ko: '', en: '', vi: '' };
type ResultRow = typeof sportResults.$inferSelect;

/** A leg's outcome from its fixture's latest result and its market; null while its fixture has none. */
function judgeLeg(leg: LegRow, market: MarketRow | undefined, result: ResultRow | undefined): SelectionOutcome | null {
  if (market?.voided) return 'void';
  if (!result) return null;
  if (result.status !== 'final') return 'void';
  const outcomes = (result.markets as Record<string, Record<string, SelectionOutcome>>)[leg.marketId];
  return outcomes?.[leg.key] ?? 'void';
}

/** A bet's type and payout from its legs' outcomes; null while it cannot be decided yet. */
export function judgeBet(bet: { stake: number; voided: boolean; terms: unknown }, legs: { oddsCents: number; outcome: SelectionOutcome | null }[]): { type: Exclude<BetType, 'wait'>; win: number } | null {
  if (bet.voided) return { type: 'cancel', win: bet.stake };
  if (legs.some((l) => l.outcome === 'lose')) return { type: 'lose', win: 0 };
  if (legs.some((l) => l.outcome === null)) return null;
  const counted = legs.filter((l) => l.outcome === 'win').map((l) => l.oddsCents);
  if (counted.length === 0) return { type: 'cancel', win: bet.stake };
  const terms = bet.terms as Terms;
  const rules = { folderBonus: terms.folderBonus, folderBonusMinLegOddsCents: terms.folderBonusMinLegOddsCents } as SlipRules;
  const bonus = counted.length > 1 ? folderBonusCents(rules, counted) : 100;
  const total = Math.min(Math.floor((productOdds(counted) * bonus) / 100), terms.maxTotalOddsCents);
  const win = Math.min(payoutOf(bet.stake, total), terms.maxPayout);
  return { type: win > bet.stake ? 'win' : win === bet.stake ? 'draw' : 'lose', win };
}

/**
 * The sportsbook's debts: what a member owes is the sum of their debts' uncollected parts. A collection is
 * written under the member's lock (settleBetRevision takes it), debt by debt, oldest first, each by a
 * conditional update that cannot take more than is left of it, with a payment row per debt and ledger
 * transaction (its primary key: a transaction pays a debt once).
 */
export const sportDebtBook: DebtBook = {
  async outstanding(move, memberId) {
    const [row] = await move.tx.select({ owed: sql<string>`coalesce(sum(${sportDebts.amount} - ${sportDebts.collected}), 0)::text` })
      .from(sportDebts).where(and(eq(sportDebts.memberId, memberId), lt(sportDebts.collected, sportDebts.amount)));
    return Number(row?.owed ?? 0);
  },
  async collect(move, memberId, amount, transactionId) {
    const open = await move.tx.select().from(sportDebts)
      .where(and(eq(sportDebts.memberId, memberId), lt(sportDebts.collected, sportDebts.amount))).orderBy(asc(sportDebts.id)).for('update');
    let left = amount;
    for (const debt of open) {
      if (left === 0) break;
      const part = Math.min(left, debt.amount - debt.collected);
      const updated = await move.tx.update(sportDebts).set({ collected: sql`${sportDebts.collected} + ${part}` })
        .where(and(eq(sportDebts.id, debt.id), sql`${sportDebts.collected} + ${part} <= ${sportDebts.amount}`)).returning({ id: sportDebts.id });
      if (updated.length === 0) throw new Error(`sport debt ${debt.id} changed under the member's lock`);
      await move.tx.insert(sportDebtPayments).values({ debtId: debt.id, transactionId, amount: part, at: move.now });
      left -= part;
    }
    if (left !== 0) throw new Error(`sport debts of member ${memberId}: ${left} of ${amount} collected from nothing`);
  },
};

/** Takes a bet out of its legs' selections' exposure (at its first settlement), in selection order as placing adds it. */
async function releaseExposure(tx: Tx, bet: { stake: number; potentialWin: number }, legs: LegRow[]): Promise<void> {
  for (const selectionId of legs.map((l) => l.selectionId).sort()) {
    await tx.update(sportExposure).set({
      stakes: sql`${sportExposure.stakes} - ${bet.stake}`, liability: sql`${sportExposure.liability} - ${bet.potentialWin}`,
      bets: sql`${sportExposure.bets} - 1`,
    }).where(eq(sportExposure.selectionId, selectionId));
  }
}

/** A bet's outcome as its history row keeps it: each leg with its price and result, the odds, the revision. */
function outcomeOf(
  bet: BetRow, judged: { leg: LegRow; fixture: FixtureRow; outcome: SelectionOutcome | null }[], markets: Map<string, MarketRow>,
  leagues: Map<string, SportNames>, revision: number,
): SportBetOutcome {
  const legs = judged.map(({ leg, fixture, outcome }) => legView(
    { fixture, market: markets.get(leg.marketId)!, key: leg.key, oddsCents: leg.oddsCents, outcome }, leagues.get(fixture.leagueId) ?? NO_NAMES));
  return { legs, oddsCents: bet.oddsCents, bonusCents: bet.bonusCents, potentialWin: bet.potentialWin, revision };
}

const leagueMap = (rows: (typeof sportLeagues.$inferSelect)[]) => new Map(rows.map((l) => [l.leagueId, l.names as SportNames]));

export interface SettledBet {
  betId: number;
  revision: number;
  paid: PaidMember | null;
}

/**
 * The crash test's failpoint (tests/server/sports-crash.test.ts): with SPORTS_CRASH_AFTER=n outside production, the
 * process kills itself (SIGKILL) inside the transaction settling the n-th bet (its chunk's, or its own), after its money moved and before it
 * commits, as a power cut would. Nothing otherwise.
 */
export function settlementCrashPoint(nodeEnv: string, after = Number(process.env.SPORTS_CRASH_AFTER ?? 0)): (() => void) | undefined {
  if (nodeEnv === 'production' || !(after > 0)) return undefined;
  let settled = 0;
  return () => {
    settled += 1;
    if (settled >= after) process.kill(process.pid, 'SIGKILL');
  };
}

export function createSportSettlement({ db, money, crashPoint }: { db: Db; money: MoneyDoor; crashPoint?: () => void }) {
  /** Judges one bet again and settles a new revision when its result changed. */
  async function settleBet(tx: Tx, betId: number): Promise<SettledBet | null> {
    const [bet] = await tx.select().from(sportBets).where(eq(sportBets.id, betId)).for('update');
    if (!bet) return null;
    const legs = await tx.select().from(sportBetLegs).where(eq(sportBetLegs.betId, betId)).orderBy(sportBetLegs.legNo);
    const fixtureIds = [...new Set(legs.map((l) => l.fixtureId))];
    const fixtures = await tx.select().from(sportFixtures).where(inArray(sportFixtures.fixtureId, fixtureIds));
    const markets = await tx.select().from(sportMarkets).where(inArray(sportMarkets.marketId, legs.map((l) => l.marketId)));
    const results = fixtures.length === 0 ? [] : await tx.select().from(sportResults).where(latestResults(fixtures.map((f) => f.fixtureId)));
    const judged = legs.map((leg) => {
      const fixture = fixtures.find((f) => f.fixtureId === leg.fixtureId)!;
      const outcome = judgeLeg(leg, markets.find((m) => m.marketId === leg.marketId), results.find((r) => r.fixtureId === leg.fixtureId));
      return { leg, fixture, outcome };
    });
    for (const { leg, fixture, outcome } of judged) {
      await tx.update(sportBetLegs).set({ outcome, seenRev: fixture.resultRev })
        .where(and(eq(sportBetLegs.betId, betId), eq(sportBetLegs.legNo, leg.legNo)));
    }
    const decided = judgeBet(bet, judged.map(({ leg, outcome }) => ({ oddsCents: leg.oddsCents, outcome })));
    if (!decided || (bet.revision > 0 && decided.type === bet.status && decided.win === bet.paid)) return null;

    const revision = bet.revision + 1;
    const claimed = await tx.insert(sportSettlements).values({ betId, revision, paid: decided.win, settledAt: new Date(0) })
      .onConflictDoNothing().returning({ betId: sportSettlements.betId });
    if (claimed.length === 0) return null;
    const move = money.within(tx);
    const leagues = await tx.select().from(sportLeagues).where(inArray(sportLeagues.leagueId, fixtures.map((f) => f.leagueId)));
    const outcome = outcomeOf(bet, judged, new Map(markets.map((m) => [m.marketId, m])), leagueMap(leagues), revision);
    const posted = await settleBetRevision(move, {
      key: `sportSettle:${betId}:${revision}`, kind: 'sport.settle', house: SPORT_HOUSE, sourceRef: `sport:${betId}`, memberId: bet.memberId,
      type: decided.type, win: decided.win, previousWin: bet.paid, detail: { sport: outcome },
    }, sportDebtBook);
    if (bet.revision === 0) await releaseExposure(tx, bet, legs);
    crashPoint?.();
    await tx.update(sportSettlements).set({ reversed: posted.reversed, owed: posted.owed, settledAt: move.now })
      .where(and(eq(sportSettlements.betId, betId), eq(sportSettlements.revision, revision)));
    if (posted.owed > 0) await tx.insert(sportDebts).values({ memberId: bet.memberId, betId, revision, amount: posted.owed, at: move.now });
    await tx.update(sportBets).set({ status: decided.type, paid: decided.win, revision, settledAt: move.now }).where(eq(sportBets.id, betId));
    const [member] = await tx.select({ memId: members.memId }).from(members).where(eq(members.id, bet.memberId));
    return { betId, revision, paid: posted.balances ? { memberId: bet.memberId, memId: member!.memId, balances: posted.balances } : null };
  }


  /**
   * Judges a chunk of bets (locked in id order) and settles those whose result changed, in the caller's transaction:
   * read together (their legs, fixtures, markets, latest results, leagues), judged in the server, written by
   * `unnest`. A first settlement whose member owes the sportsbook nothing is written in bulk: its claim
   * (sport_settlements, so a bet's revision is settled once whatever the retries), its payout (each its own ledger
   * transaction under the revision's key, all in one statement under the winners' member locks), its history row, its
   * legs, the bet and the exposure it releases. A re-settlement (a corrected result: reversal and claw-back) and a
   * winner who owes a debt (the payout collects it) are settled one by one (settleBet).
   */
  async function settleChunk(tx: Tx, betIds: number[]): Promise<SettledBet[]> {
    const chunk = await tx.select().from(sportBets).where(inArray(sportBets.id, betIds)).orderBy(sportBets.id).for('update');
    if (chunk.length === 0) return [];
    const legRows = await tx.select().from(sportBetLegs).where(inArray(sportBetLegs.betId, chunk.map((b) => b.id)))
      .orderBy(sportBetLegs.betId, sportBetLegs.legNo);
    const fixtureIds = [...new Set(legRows.map((l) => l.fixtureId))];
    const fixtures = new Map((await tx.select().from(sportFixtures).where(inArray(sportFixtures.fixtureId, fixtureIds))).map((f) => [f.fixtureId, f]));
    const markets = new Map((await tx.select().from(sportMarkets).where(inArray(sportMarkets.marketId, [...new Set(legRows.map((l) => l.marketId))])))
      .map((m) => [m.marketId, m]));
    const results = new Map((await tx.select().from(sportResults).where(latestResults(fixtureIds))).map((r) => [r.fixtureId, r]));
    const leagues = leagueMap(await tx.select().from(sportLeagues).where(inArray(sportLeagues.leagueId, [...new Set([...fixtures.values()].map((f) => f.leagueId))])));
    const legsOf = new Map<number, LegRow[]>();
    for (const leg of legRows) legsOf.set(leg.betId, [...(legsOf.get(leg.betId) ?? []), leg]);

    const oneByOne: number[] = [];
    const first: { bet: BetRow; legs: LegRow[]; judged: { leg: LegRow; fixture: FixtureRow; outcome: SelectionOutcome | null }[]; decided: NonNullable<ReturnType<typeof judgeBet>> }[] = [];
    const judgedLegs: { leg: LegRow; outcome: SelectionOutcome | null; seenRev: number }[] = [];
    for (const bet of chunk) {
      const legs = legsOf.get(bet.id) ?? [];
      if (bet.revision > 0) {
        oneByOne.push(bet.id);
        continue;
      }
      const judged = legs.map((leg) => {
        const fixture = fixtures.get(leg.fixtureId)!;
        return { leg, fixture, outcome: judgeLeg(leg, markets.get(leg.marketId), results.get(leg.fixtureId)) };
      });
      for (const { leg, fixture, outcome } of judged) judgedLegs.push({ leg, outcome, seenRev: fixture.resultRev });
      const decided = judgeBet(bet, judged.map(({ leg, outcome }) => ({ oddsCents: leg.oddsCents, outcome })));
      if (decided) first.push({ bet, legs, judged, decided });
    }
    // The winners' member locks (in member order), under which what they owe is read: one who owes is settled one by one.
    const winnerIds = [...new Set(first.filter((f) => f.decided.win > 0).map((f) => f.bet.memberId))].sort((a, b) => a - b);
    const owing = new Set<number>();
    if (winnerIds.length > 0) {
      await tx.select({ id: members.id }).from(members).where(inArray(members.id, winnerIds)).orderBy(members.id).for('no key update');
      const rows = await tx.selectDistinct({ memberId: sportDebts.memberId }).from(sportDebts)
        .where(and(inArray(sportDebts.memberId, winnerIds), lt(sportDebts.collected, sportDebts.amount)));
      for (const row of rows) owing.add(row.memberId);
    }
    const bulk = first.filter((f) => !(f.decided.win > 0 && owing.has(f.bet.memberId)));
    oneByOne.push(...first.filter((f) => f.decided.win > 0 && owing.has(f.bet.memberId)).map((f) => f.bet.id));
    const apart = new Set(oneByOne);
    const legWrites = judgedLegs.filter(({ leg }) => !apart.has(leg.betId));
    if (legWrites.length > 0) {
      await tx.execute(sql`update sport_bet_legs l set outcome = u.outcome, seen_rev = u.rev
        from unnest(${sqlArray(legWrites.map(({ leg }) => leg.betId))}::bigint[], ${sqlArray(legWrites.map(({ leg }) => leg.legNo))}::int[],
          ${sqlArray(legWrites.map(({ outcome }) => outcome))}::text[], ${sqlArray(legWrites.map(({ seenRev }) => seenRev))}::int[]) as u(bet_id, leg_no, outcome, rev)
        where l.bet_id = u.bet_id and l.leg_no = u.leg_no`);
    }

    const settled: SettledBet[] = [];
    if (bulk.length > 0) {
      const move = money.within(tx);
      const at = move.now.toISOString();
      const claimed = await tx.execute(sql`insert into sport_settlements (bet_id, revision, paid, reversed, owed, settled_at)
        select u.bet_id, 1, u.paid, 0, 0, ${at}::timestamptz
        from unnest(${sqlArray(bulk.map((f) => f.bet.id))}::bigint[], ${sqlArray(bulk.map((f) => f.decided.win))}::bigint[]) as u(bet_id, paid)
        on conflict do nothing returning bet_id`);
      const claimedIds = new Set((claimed as unknown as { rows: { bet_id: number | string }[] }).rows.map((r) => Number(r.bet_id)));
      const taken = bulk.filter((f) => claimedIds.has(f.bet.id));
      const revisions: BetRevision[] = taken.map(({ bet, judged, decided }) => ({
        key: `sportSettle:${bet.id}:1`, kind: 'sport.settle', house: SPORT_HOUSE, sourceRef: `sport:${bet.id}`, memberId: bet.memberId,
        type: decided.type, win: decided.win, previousWin: 0, detail: { sport: outcomeOf(bet, judged, markets, leagues, 1) },
      }));
      const balances = await settleFirstRevisions(move, revisions);
      // Every bet's first settlement takes it out of its legs' selections' exposure, in selection order.
      const released = new Map<string, { stakes: number; liability: number; bets: number }>();
      for (const { bet, legs } of taken) {
        for (const leg of legs) {
          const row = released.get(leg.selectionId) ?? { stakes: 0, liability: 0, bets: 0 };
          released.set(leg.selectionId, { stakes: row.stakes + bet.stake, liability: row.liability + bet.potentialWin, bets: row.bets + 1 });
        }
      }
      const selections = [...released.keys()].sort();
      if (selections.length > 0) {
        await tx.execute(sql`select 1 from sport_exposure where selection_id = any(${sqlArray(selections)}::text[]) order by selection_id collate "C" for update`);
        await tx.execute(sql`update sport_exposure e set stakes = e.stakes - u.stakes, liability = e.liability - u.liability, bets = e.bets - u.bets
          from unnest(${sqlArray(selections)}::text[], ${sqlArray(selections.map((id) => released.get(id)!.stakes))}::bigint[],
            ${sqlArray(selections.map((id) => released.get(id)!.liability))}::bigint[], ${sqlArray(selections.map((id) => released.get(id)!.bets))}::int[])
            as u(selection_id, stakes, liability, bets)
          where e.selection_id = u.selection_id`);
      }
      taken.forEach(() => crashPoint?.());
      if (taken.length > 0) {
        await tx.execute(sql`update sport_bets b set status = u.status, paid = u.paid, revision = 1, settled_at = ${at}::timestamptz
          from unnest(${sqlArray(taken.map((f) => f.bet.id))}::bigint[], ${sqlArray(taken.map((f) => f.decided.type))}::text[],
            ${sqlArray(taken.map((f) => f.decided.win))}::bigint[]) as u(id, status, paid)
          where b.id = u.id`);
      }
      const paidIds = [...balances.keys()];
      const memIds = new Map(paidIds.length === 0 ? [] : (await tx.select({ id: members.id, memId: members.memId }).from(members)
        .where(inArray(members.id, paidIds))).map((m) => [m.id, m.memId]));
      for (const { bet, decided } of taken) {
        const after = decided.win > 0 ? balances.get(bet.memberId) : undefined;
        settled.push({ betId: bet.id, revision: 1, paid: after ? { memberId: bet.memberId, memId: memIds.get(bet.memberId)!, balances: after } : null });
      }
    }
    for (const betId of oneByOne.sort((a, b) => a - b)) {
      const done = await settleBet(tx, betId);
      if (done) settled.push(done);
    }
    return settled;
  }

  /** Bets with a leg whose fixture has a result revision it was not judged at (or, with `fixtureIds`, on those fixtures). */
  async function pendingBets(fixtureIds?: string[]): Promise<number[]> {
    const rows = await db.selectDistinct({ betId: sportBetLegs.betId }).from(sportBetLegs)
      .innerJoin(sportFixtures, eq(sportFixtures.fixtureId, sportBetLegs.fixtureId))
      .where(and(gt(sportFixtures.resultRev, sportBetLegs.seenRev), fixtureIds ? inArray(sportBetLegs.fixtureId, fixtureIds) : undefined));
    return rows.map((r) => r.betId).sort((a, b) => a - b);
  }

  return {
    settleBet,
    pendingBets,
    /**
     * Settles every bet that has a result to see, SETTLE_CHUNK bets to a transaction (settleChunk), one chunk after
     * the other. Locks stay in one order (the bets by id, the winners' members by id, their accounts by id,
     * the exposure rows by selection), so they never wait on each other in a ring. Answers the bets settled, with the
     * members paid.
     */
    async settlePending(fixtureIds?: string[]): Promise<SettledBet[]> {
      const settled: SettledBet[] = [];
      const queue = await pendingBets(fixtureIds);
      for (let at = 0; at < queue.length; at += SETTLE_CHUNK) {
        settled.push(...await db.transaction((tx) => settleChunk(tx, queue.slice(at, at + SETTLE_CHUNK))));
      }
      return settled;
    },
  };
}

export type SportSettlement = ReturnType<typeof createSportSettlement>;
