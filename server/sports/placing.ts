/**
 * Placing a sports bet (betProc's sports kind): one keyed money call through the money door, done whole by
 * the database function sport_bet_many (migration 0036; money/door.ts `batchInDatabase`), which places a batch
 * of slips of distinct members set-based, in one statement, one round trip, one transaction; each slip keeps its key
 * and its own refusal. Under the member's lock, in this order: member locked (B1002) or banned from betting (B1001);
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
 * first send checks it up to its prices and answers its hold), then taken only if its market's version and the
 * fixture's score sequence are those it was sent against (B6106 otherwise). A selection whose liability passes the
 * operator's limit suspends its market, once the batch that passed it has committed (sports/service.ts; migration 0036
 * says why). A batch's slips are placed as concurrent slips are, each seeing the markets as the batch locked them.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { sportBetPayload } from '../../contract/sportsPayloads';
import { DEFAULT_SLIP_RULES, type MarketKind, type SportBetLeg, type SportBetPlaced, type SportNames } from '../../contract/sports';
import type { Balances } from '../../contract/wallet';
import { Failure } from '../failure';
import { wholeAmount } from '../money/amounts';
import type { BatchDatabaseCall, Called, MoneyDoor } from '../money/door';
import type { MemberRef } from '../money/memberLock';
import { DEFAULT_LEVEL_LIMITS, type FixtureRow, type MarketRow } from './book';

export type SportBetPayload = z.output<typeof sportBetPayload>;
export type SportBetAnswer = { bet: SportBetPlaced; balances: Balances };

/** The house account on the other side of every sports stake and payout. */
export const SPORT_HOUSE = 'sport';
/** The same legs and stake again within this window, while the first still waits: B6005. */
export const DUPLICATE_WINDOW_MS = 60_000;
const COMPANY: SportNames = { ko: '한빛 스포츠', en: 'Hanbit Sports', vi: 'Hanbit Sports' };
/** sport_bet_many's constant arguments (the rules' and level limits' defaults, the company's names), as JSON once. */
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


/** The legs' product of odds, each step floored to 0.01 (sport_bet_many computes a slip's the same way). */
export function productOdds(odds: readonly number[]): number {
  return odds.reduce((product, leg) => Math.floor((product * leg) / 100), 100);
}

/** stake × odds (hundredths), floored to the won. */
export const payoutOf = (stake: number, oddsCents: number): number => Number((BigInt(stake) * BigInt(oddsCents)) / 100n);

function slipHash(legs: { selectionId: string }[], stake: number): string {
  return createHash('sha256').update(JSON.stringify([legs.map((l) => l.selectionId).sort(), stake])).digest('hex');
}

/** Slips are placed a batch at a time (sport_bet_many, migration 0036): up to 32 slips of distinct members, two batches at once. */
const SPORT_BET_MANY: BatchDatabaseCall = {
  call: 'betProc',
  name: 'sport_bet_many',
  text: `select sport_bet_many($1::bigint[], $2::text[], $3::text[], $4::timestamptz, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb, $9::bigint) as result`,
  maxBatch: 32,
  inFlight: 2,
};

/** sport_bet_many's live hold: what the market's version and the fixture's score seq were, and the sport's delay. */
interface Hold {
  version: number;
  scoreSeq: number;
  delaySeconds: number;
}

/** sport_bet_many's answer for a slip: placed (or a replay's first answer), or held first when it is live. */
type SlipAnswer = (Called<SportBetAnswer> & { overLimit?: Placed['overLimit'] }) | { hold: Hold };

export interface Placed {
  called: Called<SportBetAnswer>;
  /** Markets whose exposure the bet's batch took past the operator's limit (to suspend now that it committed). */
  overLimit: { fixtureId: string; marketId: string }[];
}

export function createPlacing({ money, sleep }: { money: MoneyDoor; sleep: (ms: number) => Promise<void> }) {
  const sendSlip = money.batchInDatabase<SlipAnswer>(SPORT_BET_MANY, [...CONSTANT_ARGS, DUPLICATE_WINDOW_MS]);
  return {
    /**
     * One send for a pre-match slip; a live one is sent twice: the first stops at its hold (nothing kept), the second,
     * after the sport's delay, must find the market's version and the score seq unchanged.
     */
    async place(member: MemberRef, payload: SportBetPayload): Promise<Placed> {
      const amount = wholeAmount(payload.amount, { missing: 'B6001', bad: 'R003' });
      if (new Set(payload.legs.map((l) => l.selectionId)).size !== payload.legs.length) throw new Failure('B6103');
      const legs = payload.legs.map(({ selectionId, oddsCents, version }) => ({ selectionId, oddsCents, version }));
      const send = (held: Hold | null) => sendSlip({ memberId: member.memberId, payload }, {
        legs, amount, acceptBetterOdds: payload.acceptBetterOdds, slipHash: slipHash(payload.legs, amount), held,
      });
      let answer = await send(null);
      if ('hold' in answer) {
        await sleep(answer.hold.delaySeconds * 1_000);
        answer = await send(answer.hold);
        if ('hold' in answer) throw new Error('sport_bet_many held a slip sent after its hold');
      }
      const { overLimit = [], ...called } = answer;
      return { called, overLimit };
    },
  };
}
