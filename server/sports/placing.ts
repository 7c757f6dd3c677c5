/**
 * Placing a sports bet (betProc's sports kind): one keyed money call through the money door, one
 * transaction. Under the member's lock, in this order: member locked (B1002) or banned from betting (B1001);
 * more legs than the rules allow (B6105); the legs' markets, locked in id order so that a price change
 * (ingest) waits for the bet or the bet sees the new price: each open and before its close (pre-match: the
 * kick-off less prematchCloseSeconds; live: in play), else B6102 with every leg's state; each at the version
 * and price the member saw, or a better price when they accept better odds (never a worse one), else B6101
 * with every leg's current price and version; two legs of one market, or a same-fixture pair the rules
 * forbid (B6103); a single below the minimum odds (B6104); the level's minimum and maximum stake (B6001,
 * B6002); the payout over the level's cap, counting the member's waiting bets on the same fixtures (B6003);
 * the same legs and stake already waiting from the last minute (B6005); then the stake (B6000 when short),
 * the bet, its legs, its betting-history row (`bets`, group 'sport') and the exposure of each selection.
 *
 * A live bet is a single, held for its sport's delay before the transaction (nothing is taken meanwhile),
 * then taken only if its market's version and the fixture's score sequence are those it was sent against
 * (B6106 otherwise). A selection whose liability passes the operator's limit suspends its market.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { sportBetPayload } from '../../contract/sportsPayloads';
import {
  folderBonusCents, type MarketKind, type SportBetLeg, type SportBetOutcome, type SportBetPlaced, type SportLegState, type SportNames,
} from '../../contract/sports';
import type { Balances } from '../../contract/wallet';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import {
  bets, idempotencyKeys, miniBetBans, sportBetLegs, sportBets, sportExposure, sportFixtures, sportLeagues, sportMarkets, sportSelections,
} from '../db/schema';
import { Failure } from '../failure';
import { wholeAmount } from '../money/amounts';
import type { Called, MoneyDoor } from '../money/door';
import { lockMember, type MemberRef } from '../money/memberLock';
import {
  type FixtureRow, levelLimitsOf, type MarketRow, marketStatus, marketVersion, readSettings, slipRules, type StoredSelection,
} from './book';

export type SportBetPayload = z.output<typeof sportBetPayload>;
export type SportBetAnswer = { bet: SportBetPlaced; balances: Balances };

/** The house account on the other side of every sports stake and payout. */
export const SPORT_HOUSE = 'sport';
/** The same legs and stake again within this window, while the first still waits: B6005. */
export const DUPLICATE_WINDOW_MS = 60_000;
const COMPANY: SportNames = { ko: '한빛 스포츠', en: 'Hanbit Sports', vi: 'Hanbit Sports' };

interface Leg {
  selectionId: string;
  sentOdds: number;
  sentVersion: number;
  market: MarketRow;
  fixture: FixtureRow;
  selection: StoredSelection;
}

/** A live bet's hold: what its market's version and fixture's score sequence were when it came in. */
interface Held {
  version: number;
  scoreSeq: number;
}

/** The legs' product of odds, each step floored to 0.01. */
export function productOdds(odds: readonly number[]): number {
  return odds.reduce((product, leg) => Math.floor((product * leg) / 100), 100);
}

/** stake × odds (hundredths), floored to the won. */
export const payoutOf = (stake: number, oddsCents: number): number => Number((BigInt(stake) * BigInt(oddsCents)) / 100n);

function slipHash(legs: { selectionId: string }[], stake: number): string {
  return createHash('sha256').update(JSON.stringify([legs.map((l) => l.selectionId).sort(), stake])).digest('hex');
}

/** Whether a leg may be bet now: its market open, its fixture and league on, before the close (pre-match) or in play (live). */
function isBettable(leg: Leg, enabledLeagues: Set<string>, closeSeconds: number, now: Date): boolean {
  const { market, fixture } = leg;
  if (marketStatus(market) !== 'open' || market.voided || !fixture.enabled || !enabledLeagues.has(fixture.leagueId)) return false;
  if (market.live) return fixture.status === 'live';
  return fixture.status === 'scheduled' && now.getTime() < fixture.startsAt.getTime() - closeSeconds * 1_000;
}

function legState(leg: Leg, bettable: boolean): SportLegState {
  const status = marketStatus(leg.market);
  return {
    selectionId: leg.selectionId, oddsCents: leg.selection.oddsCents, version: marketVersion(leg.market),
    status: bettable ? 'open' : status === 'open' ? 'closed' : status,
  };
}

/** Reads the legs' selections, markets (locked for update in id order inside a transaction) and fixtures; B0201 for an unknown one. */
async function readLegs(executor: Db | Tx, payload: SportBetPayload, lock: boolean): Promise<Leg[]> {
  const ids = payload.legs.map((l) => l.selectionId);
  const found = await executor.select().from(sportSelections).where(inArray(sportSelections.selectionId, ids));
  if (found.length !== ids.length) throw new Failure('B0201');
  const marketIds = [...new Set(found.map((s) => s.marketId))].sort();
  const query = executor.select().from(sportMarkets).where(inArray(sportMarkets.marketId, marketIds)).orderBy(sportMarkets.marketId);
  const markets = lock ? await query.for('update') : await query;
  const fixtures = await executor.select().from(sportFixtures).where(inArray(sportFixtures.fixtureId, [...new Set(found.map((s) => s.fixtureId))]));
  return payload.legs.map((sent) => {
    const marketId = found.find((s) => s.selectionId === sent.selectionId)!.marketId;
    const market = markets.find((m) => m.marketId === marketId);
    const selection = (market?.selections as StoredSelection[] | undefined)?.find((s) => s.selectionId === sent.selectionId);
    const fixture = fixtures.find((f) => f.fixtureId === market?.fixtureId);
    if (!market || !selection || !fixture) throw new Failure('B0201');
    return { selectionId: sent.selectionId, sentOdds: sent.oddsCents, sentVersion: sent.version, market, fixture, selection };
  });
}

/** The price check: the version and price seen, or a better price when the member accepts one; B6101 with every leg's state. */
function checkPrices(legs: Leg[], acceptBetterOdds: boolean): void {
  const changed = legs.some((leg) => {
    const same = marketVersion(leg.market) === leg.sentVersion && leg.selection.oddsCents === leg.sentOdds;
    return !same && !(acceptBetterOdds && leg.selection.oddsCents >= leg.sentOdds);
  });
  if (changed) throw new Failure('B6101', undefined, { legs: legs.map((leg) => legState(leg, true)) });
}

/** Two legs of one market, or a same-fixture pair the sport's rules forbid: B6103. */
function checkCombination(legs: Leg[], forbidden: Partial<Record<string, [MarketKind[], MarketKind[]][]>>): void {
  const markets = new Set(legs.map((l) => l.market.marketId));
  if (markets.size !== legs.length) throw new Failure('B6103');
  const byFixture = new Map<string, Leg[]>();
  for (const leg of legs) byFixture.set(leg.fixture.fixtureId, [...(byFixture.get(leg.fixture.fixtureId) ?? []), leg]);
  for (const group of byFixture.values()) {
    if (group.length < 2) continue;
    const kinds = new Set(group.map((l) => l.market.kind as MarketKind));
    for (const [left, right] of forbidden[group[0]!.fixture.sport] ?? []) {
      if (left.some((k) => kinds.has(k)) && right.some((k) => kinds.has(k))) throw new Failure('B6103');
    }
  }
}

export function legView(leg: { fixture: FixtureRow; market: MarketRow; key: string; oddsCents: number; outcome: SportBetLeg['outcome'] }, league: SportNames): SportBetLeg {
  const { fixture, market } = leg;
  return {
    fixtureId: fixture.fixtureId, sport: fixture.sport as SportBetLeg['sport'], league,
    home: (fixture.home as { names: SportNames }).names, away: (fixture.away as { names: SportNames }).names,
    startsAt: fixture.startsAt.toISOString(), marketId: market.marketId, kind: market.kind as MarketKind,
    period: market.period as SportBetLeg['period'], line: market.line, key: leg.key, live: market.live, oddsCents: leg.oddsCents,
    outcome: leg.outcome, score: (fixture.score ?? null) as SportBetLeg['score'],
  };
}

/** The history's game name: the match of a single, the fold count of a combination. */
function gameNameOf(legs: Leg[]): SportNames {
  if (legs.length > 1) return { ko: `${legs.length}폴더`, en: `${legs.length}-fold`, vi: `Xiên ${legs.length}` };
  const home = (legs[0]!.fixture.home as { names: SportNames }).names;
  const away = (legs[0]!.fixture.away as { names: SportNames }).names;
  return { ko: `${home.ko} vs ${away.ko}`, en: `${home.en} vs ${away.en}`, vi: `${home.vi} vs ${away.vi}` };
}

export interface Placed {
  called: Called<SportBetAnswer>;
  /** Markets the bet's exposure suspended (to publish once committed). */
  suspended: { fixtureId: string; marketId: string }[];
}

export function createPlacing({ db, clock, money, sleep }: { db: Db; clock: Clock; money: MoneyDoor; sleep: (ms: number) => Promise<void> }) {
  async function replayed(memberId: number, key: string): Promise<boolean> {
    const [row] = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
    return row !== undefined;
  }

  /** The live hold: checks the legs as they are now, waits the sport's delay, answers what the transaction must still find. */
  async function hold(payload: SportBetPayload): Promise<Held | null> {
    const legs = await readLegs(db, payload, false);
    if (!legs.some((l) => l.market.live)) return null;
    if (legs.length > 1) throw new Failure('B6107');
    const settings = await readSettings(db);
    const rules = slipRules(settings);
    const leg = legs[0]!;
    const leagues = await enabledLeagues(db, legs);
    if (!isBettable(leg, leagues, rules.prematchCloseSeconds, clock.now())) throw new Failure('B6102', undefined, { legs: [legState(leg, false)] });
    checkPrices(legs, payload.acceptBetterOdds);
    const held = { version: marketVersion(leg.market), scoreSeq: leg.fixture.scoreSeq };
    await sleep((rules.liveDelaySeconds[leg.fixture.sport as keyof typeof rules.liveDelaySeconds] ?? 5) * 1_000);
    return held;
  }

  async function enabledLeagues(executor: Db | Tx, legs: Leg[]): Promise<Set<string>> {
    const rows = await executor.select({ leagueId: sportLeagues.leagueId }).from(sportLeagues)
      .where(and(inArray(sportLeagues.leagueId, [...new Set(legs.map((l) => l.fixture.leagueId))]), eq(sportLeagues.enabled, true)));
    return new Set(rows.map((r) => r.leagueId));
  }

  async function take(tx: Tx, now: Date, member: MemberRef, payload: SportBetPayload, amount: number, held: Held | null, post: (stake: number) => Promise<{ balances: Balances; transactionId: number }>) {
    const row = await lockMember(tx, member.memberId);
    if (!row || row.status !== 'active') throw new Failure('B1002');
    const [banned] = await tx.select({ memberId: miniBetBans.memberId }).from(miniBetBans).where(eq(miniBetBans.memberId, member.memberId));
    if (banned) throw new Failure('B1001');
    const settings = await readSettings(tx);
    const rules = slipRules(settings);
    const limits = levelLimitsOf(settings, row.memLevel);
    if (payload.legs.length > rules.maxLegs) throw new Failure('B6105');
    const legs = await readLegs(tx, payload, true);
    if (legs.some((l) => l.market.live) && legs.length > 1) throw new Failure('B6107');
    const leagues = await enabledLeagues(tx, legs);
    const bettable = legs.map((leg) => isBettable(leg, leagues, rules.prematchCloseSeconds, now));
    if (bettable.includes(false)) throw new Failure('B6102', undefined, { legs: legs.map((leg, i) => legState(leg, bettable[i]!)) });
    if (held) {
      const leg = legs[0]!;
      if (marketVersion(leg.market) !== held.version || leg.fixture.scoreSeq !== held.scoreSeq) throw new Failure('B6106');
    }
    checkPrices(legs, payload.acceptBetterOdds);
    checkCombination(legs, rules.sameFixtureForbidden);
    const legOdds = legs.map((l) => l.selection.oddsCents);
    if (legs.length === 1 && legOdds[0]! < rules.minSingleOddsCents) throw new Failure('B6104');
    const oddsCents = productOdds(legOdds);
    const bonusCents = legs.length > 1 ? folderBonusCents(rules, legOdds) : 100;
    const totalOdds = Math.min(Math.floor((oddsCents * bonusCents) / 100), rules.maxTotalOddsCents);
    if (amount < limits.minStake) throw new Failure('B6001');
    if (amount > limits.maxStake) throw new Failure('B6002');
    const potentialWin = payoutOf(amount, totalOdds);
    const fixtureIds = [...new Set(legs.map((l) => l.fixture.fixtureId))];
    const [open] = await tx.select({ total: sql<string>`coalesce(sum(${sportBets.potentialWin}), 0)::text` }).from(sportBets)
      .where(and(eq(sportBets.memberId, member.memberId), eq(sportBets.status, 'wait'), sql`exists (select 1 from ${sportBetLegs} l
        where l.bet_id = ${sportBets.id} and l.fixture_id in (${sql.join(fixtureIds.map((id) => sql`${id}`), sql`, `)}))`));
    if (potentialWin + Number(open?.total ?? 0) > limits.maxPayout) throw new Failure('B6003');
    const hash = slipHash(payload.legs, amount);
    const [duplicate] = await tx.select({ id: sportBets.id }).from(sportBets).where(and(
      eq(sportBets.memberId, member.memberId), eq(sportBets.slipHash, hash), eq(sportBets.status, 'wait'),
      gt(sportBets.placedAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS)),
    )).limit(1);
    if (duplicate) throw new Failure('B6005');

    const { balances, transactionId } = await post(amount);
    const live = legs[0]!.market.live;
    const terms = {
      folderBonus: rules.folderBonus, folderBonusMinLegOddsCents: rules.folderBonusMinLegOddsCents,
      maxTotalOddsCents: rules.maxTotalOddsCents, maxPayout: limits.maxPayout,
    };
    const [bet] = await tx.insert(sportBets).values({
      memberId: member.memberId, stake: amount, oddsCents, bonusCents, potentialWin, terms, live, slipHash: hash,
      stakeTransactionId: transactionId, placedAt: now,
    }).returning({ id: sportBets.id });
    const betId = bet!.id;
    await tx.insert(sportBetLegs).values(legs.map((leg, i) => ({
      betId, legNo: i + 1, selectionId: leg.selectionId, marketId: leg.market.marketId, fixtureId: leg.fixture.fixtureId, key: leg.selection.key,
      oddsCents: leg.selection.oddsCents, version: marketVersion(leg.market), scoreSeq: leg.fixture.scoreSeq, live: leg.market.live,
    })));
    const leagueRows = await tx.select().from(sportLeagues).where(inArray(sportLeagues.leagueId, [...new Set(legs.map((l) => l.fixture.leagueId))]));
    const names = (leagueId: string) => (leagueRows.find((l) => l.leagueId === leagueId)?.names ?? { ko: '', en: '', vi: '' }) as SportNames;
    const legViews = legs.map((leg) => legView({ ...leg, key: leg.selection.key, oddsCents: leg.selection.oddsCents, outcome: null }, names(leg.fixture.leagueId)));
    const sports = [...new Set(legs.map((l) => l.fixture.sport))];
    const sport = sports.length === 1 ? sports[0]! : 'mix';
    const outcome: SportBetOutcome = { legs: legViews, oddsCents, bonusCents, potentialWin, revision: 0 };
    const [history] = await tx.insert(bets).values({
      memberId: member.memberId, groupKey: 'sport', vendorCode: sport, gameKey: sport, company: COMPANY, gameName: gameNameOf(legs),
      gameType: legs.length > 1 ? 'combo' : legs[0]!.market.kind, sourceRef: `sport:${betId}`,
      roundId: legs.length > 1 ? `combo-${betId}` : legs[0]!.fixture.fixtureId, stake: amount, type: 'wait', placedAt: now,
      detail: { sport: outcome },
    }).returning({ id: bets.id });
    await tx.update(sportBets).set({ historyId: history!.id }).where(eq(sportBets.id, betId));

    const suspended: Placed['suspended'] = [];
    for (const leg of legs) {
      const [exposure] = await tx.insert(sportExposure).values({
        selectionId: leg.selectionId, marketId: leg.market.marketId, fixtureId: leg.fixture.fixtureId, stakes: amount, liability: potentialWin, bets: 1,
      }).onConflictDoUpdate({
        target: sportExposure.selectionId,
        set: { stakes: sql`${sportExposure.stakes} + ${amount}`, liability: sql`${sportExposure.liability} + ${potentialWin}`, bets: sql`${sportExposure.bets} + 1` },
      }).returning({ liability: sportExposure.liability });
      if (settings.exposureLimit > 0 && exposure!.liability > settings.exposureLimit && leg.market.override === null) {
        await tx.update(sportMarkets).set({ override: 'suspended', siteBump: sql`${sportMarkets.siteBump} + 1` })
          .where(eq(sportMarkets.marketId, leg.market.marketId));
        leg.market.override = 'suspended';
        suspended.push({ fixtureId: leg.fixture.fixtureId, marketId: leg.market.marketId });
      }
    }
    const answer: SportBetAnswer = {
      bet: { betId: String(history!.id), legs: legViews, oddsCents, bonusCents, stake: amount, potentialWin },
      balances,
    };
    return { answer, suspended };
  }

  return {
    async place(member: MemberRef, payload: SportBetPayload): Promise<Placed> {
      const amount = wholeAmount(payload.amount, { missing: 'B6001', bad: 'R003' });
      if (new Set(payload.legs.map((l) => l.selectionId)).size !== payload.legs.length) throw new Failure('B6103');
      const held = await replayed(member.memberId, payload.idempotencyKey) ? null : await hold(payload);
      let suspended: Placed['suspended'] = [];
      const called = await money.call({ memberId: member.memberId, call: 'betProc', payload }, async (move) => {
        const result = await take(move.tx, move.now, member, payload, amount, held, async (stake) => {
          const posted = await move.post({
            key: `sportStake:${member.memberId}:${payload.idempotencyKey}`, kind: 'sport.stake',
            entries: [{ account: { memberId: member.memberId, currency: 'KRW' }, amount: -stake }, { account: { house: SPORT_HOUSE, currency: 'KRW' }, amount: stake }],
          });
          return { balances: posted.balances[member.memberId]!, transactionId: posted.transactionId };
        });
        suspended = result.suspended;
        return result.answer;
      });
      return { called, suspended };
    },
  };
}
