/**
 * Placing a sports bet (betProc's sports kind): one keyed money call through the money door, done whole by
 * the database function sport_bet (migration 0023, last redefined in 0029; money/door.ts `callInDatabase`): one
 * statement, one round trip, one transaction. Under the member's lock, in this order: member locked (B1002) or banned from betting (B1001);
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
 * A live bet is a single, held for its sport's delay before the transaction (nothing is taken meanwhile: the
 * first statement checks it up to its prices and stops, HB003), then taken only if its market's version and the fixture's score sequence are those it was sent against
 * (B6106 otherwise). A selection whose liability passes the operator's limit suspends its market.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { sportBetPayload } from '../../contract/sportsPayloads';
import { DEFAULT_SLIP_RULES, type MarketKind, type SportBetLeg, type SportBetPlaced, type SportNames } from '../../contract/sports';
import type { Balances } from '../../contract/wallet';
import { Failure } from '../failure';
import { wholeAmount } from '../money/amounts';
import type { Called, DatabaseCall, MoneyDoor } from '../money/door';
import type { MemberRef } from '../money/memberLock';
import { DEFAULT_LEVEL_LIMITS, type FixtureRow, type MarketRow } from './book';

export type SportBetPayload = z.output<typeof sportBetPayload>;
export type SportBetAnswer = { bet: SportBetPlaced; balances: Balances };

/** The house account on the other side of every sports stake and payout. */
export const SPORT_HOUSE = 'sport';
/** The same legs and stake again within this window, while the first still waits: B6005. */
export const DUPLICATE_WINDOW_MS = 60_000;
const COMPANY: SportNames = { ko: '한빛 스포츠', en: 'Hanbit Sports', vi: 'Hanbit Sports' };
/** sport_bet's constant arguments (the rules' and level limits' defaults, the company's names), as JSON once. */
const CONSTANT_ARGS = [JSON.stringify(DEFAULT_SLIP_RULES), JSON.stringify(DEFAULT_LEVEL_LIMITS), JSON.stringify(COMPANY)];

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


/** The legs' product of odds, each step floored to 0.01 (sport_bet computes a slip's the same way). */
export function productOdds(odds: readonly number[]): number {
  return odds.reduce((product, leg) => Math.floor((product * leg) / 100), 100);
}

/** stake × odds (hundredths), floored to the won. */
export const payoutOf = (stake: number, oddsCents: number): number => Number((BigInt(stake) * BigInt(oddsCents)) / 100n);

function slipHash(legs: { selectionId: string }[], stake: number): string {
  return createHash('sha256').update(JSON.stringify([legs.map((l) => l.selectionId).sort(), stake])).digest('hex');
}

const SPORT_BET: DatabaseCall = {
  call: 'betProc',
  name: 'sport_bet',
  text: `select sport_bet($1::bigint, $2::text, $3::text, $4::timestamptz, $5::jsonb, $6::bigint, $7::boolean, $8::text, $9::jsonb,
    $10::jsonb, $11::jsonb, $12::jsonb, $13::bigint) as result`,
};

/** sport_bet's answer: the call's, and the markets the bet's exposure suspended (to publish once committed). */
type SportBetCalled = Called<SportBetAnswer> & { suspended?: Placed['suspended'] };

/** sport_bet's live hold (SQLSTATE HB003): what the market's version and the fixture's score seq were, and the sport's delay. */
interface Hold {
  version: number;
  scoreSeq: number;
  delaySeconds: number;
}

function holdOf(error: unknown): Hold | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  return code === 'HB003' && typeof detail === 'string' ? JSON.parse(detail) as Hold : null;
}

export interface Placed {
  called: Called<SportBetAnswer>;
  /** Markets the bet's exposure suspended (to publish once committed). */
  suspended: { fixtureId: string; marketId: string }[];
}

export function createPlacing({ money, sleep }: { money: MoneyDoor; sleep: (ms: number) => Promise<void> }) {
  return {
    /**
     * One statement (sport_bet) for a pre-match slip; a live one is sent twice: the first stops at its hold (HB003,
     * nothing kept), the second, after the sport's delay, must find the market's version and the score seq unchanged.
     */
    async place(member: MemberRef, payload: SportBetPayload): Promise<Placed> {
      const amount = wholeAmount(payload.amount, { missing: 'B6001', bad: 'R003' });
      if (new Set(payload.legs.map((l) => l.selectionId)).size !== payload.legs.length) throw new Failure('B6103');
      const legs = JSON.stringify(payload.legs.map(({ selectionId, oddsCents, version }) => ({ selectionId, oddsCents, version })));
      const send = (held: Hold | null) => money.callInDatabase<SportBetAnswer>(SPORT_BET, { memberId: member.memberId, payload }, [
        legs, amount, payload.acceptBetterOdds, slipHash(payload.legs, amount), held ? JSON.stringify(held) : null, ...CONSTANT_ARGS, DUPLICATE_WINDOW_MS,
      ]) as Promise<SportBetCalled>;
      let called: SportBetCalled;
      try {
        called = await send(null);
      } catch (error) {
        const held = holdOf(error);
        if (!held) throw error;
        await sleep(held.delaySeconds * 1_000);
        called = await send(held);
      }
      const { suspended = [], ...rest } = called;
      return { called: rest, suspended };
    },
  };
}
