/**
 * Settling sports bets, through the settlement every product shares (betting/settlement.ts
 * settleBetRevision): each bet in its own transaction, under its row lock, once per settlement revision
 * (sport_settlements, primary key bet and revision). A bet is judged again whenever one of its fixtures got
 * a new result revision (the feed's result or correction, the operator's entry or correction, a market
 * voided) since its legs were last judged; when its result (type and payout) changes, the revision posts the
 * new payout and the reversal of the previous one together, and a claw-back the member cannot cover is
 * recorded as their debt (sport_debts), never a negative balance.
 *
 * Legs: void (a whole line hit exactly, a cancelled or postponed match, a market the operator voided, a
 * market the result does not judge) counts 1.00. A combination pays stake × the product of its winning legs'
 * odds × the folder bonus of those legs, capped by the total odds cap and the level's payout cap it was
 * placed under; a lost leg loses the bet at once; every leg void gives the stake back.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { BetType } from '../../contract/betting';
import { folderBonusCents, type SelectionOutcome, type SlipRules, type SportBetOutcome } from '../../contract/sports';
import { type PaidMember, settleBetRevision } from '../betting/settlement';
import type { Db, Tx } from '../db/client';
import { members, sportBetLegs, sportBets, sportDebts, sportFixtures, sportLeagues, sportMarkets, sportResults, sportSettlements } from '../db/schema';
import type { MoneyDoor } from '../money/door';
import { type FixtureRow, latestResults, type MarketRow } from './book';
import { legView, payoutOf, productOdds, SPORT_HOUSE } from './placing';

type Terms = Pick<SlipRules, 'folderBonus' | 'folderBonusMinLegOddsCents' | 'maxTotalOddsCents'> & { maxPayout: number };
type LegRow = typeof sportBetLegs.$inferSelect;
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

export interface SettledBet {
  betId: number;
  revision: number;
  paid: PaidMember | null;
}

export function createSportSettlement({ db, money }: { db: Db; money: MoneyDoor }) {
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
    const outcome = await betOutcome(tx, bet, judged, fixtures, markets, revision);
    const posted = await settleBetRevision(move, {
      key: `sportSettle:${betId}:${revision}`, kind: 'sport.settle', house: SPORT_HOUSE, sourceRef: `sport:${betId}`, memberId: bet.memberId,
      type: decided.type, win: decided.win, previousWin: bet.paid, detail: { sport: outcome },
    });
    await tx.update(sportSettlements).set({ reversed: posted.reversed, owed: posted.owed, settledAt: move.now })
      .where(and(eq(sportSettlements.betId, betId), eq(sportSettlements.revision, revision)));
    if (posted.owed > 0) await tx.insert(sportDebts).values({ memberId: bet.memberId, betId, revision, amount: posted.owed, at: move.now });
    await tx.update(sportBets).set({ status: decided.type, paid: decided.win, revision, settledAt: move.now }).where(eq(sportBets.id, betId));
    const [member] = await tx.select({ memId: members.memId }).from(members).where(eq(members.id, bet.memberId));
    return { betId, revision, paid: posted.balances ? { memberId: bet.memberId, memId: member!.memId, balances: posted.balances } : null };
  }

  async function betOutcome(
    tx: Tx, bet: typeof sportBets.$inferSelect, judged: { leg: LegRow; fixture: FixtureRow; outcome: SelectionOutcome | null }[],
    fixtures: FixtureRow[], markets: MarketRow[], revision: number,
  ): Promise<SportBetOutcome> {
    const leagues = await tx.select().from(sportLeagues).where(inArray(sportLeagues.leagueId, fixtures.map((f) => f.leagueId)));
    const legs = judged.map(({ leg, fixture, outcome }) => {
      const market = markets.find((m) => m.marketId === leg.marketId)!;
      const league = leagues.find((l) => l.leagueId === fixture.leagueId)?.names as SportBetOutcome['legs'][number]['league'];
      return legView({ fixture, market, key: leg.key, oddsCents: leg.oddsCents, outcome }, league ?? { ko: '', en: '', vi: '' });
    });
    return { legs, oddsCents: bet.oddsCents, bonusCents: bet.bonusCents, potentialWin: bet.potentialWin, revision };
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
    /** Settles every bet that has a result to see (each in its own transaction); answers the members paid. */
    async settlePending(fixtureIds?: string[]): Promise<SettledBet[]> {
      const settled: SettledBet[] = [];
      for (const betId of await pendingBets(fixtureIds)) {
        const done = await db.transaction((tx) => settleBet(tx, betId));
        if (done) settled.push(done);
      }
      return settled;
    },
  };
}

export type SportSettlement = ReturnType<typeof createSportSettlement>;
