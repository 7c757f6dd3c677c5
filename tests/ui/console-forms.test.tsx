// @vitest-environment jsdom
/**
 * The console's forms that turn what an operator types into the contract's body: a partner's rates typed in
 * percent become basis points (only the changed ones; none changed, nothing sent), and a fixture's result form
 * becomes sportResultBody (markets without an outcome left out). Both end in the contract's own schema.
 */
import { describe, expect, it } from 'vitest';
import { PARTNER_PRODUCTS, RATE_KINDS, type RateTable } from '../../contract/partner';
import type { OperatorFixtureDetail } from '../../contract/sportsAdmin';
import { ratesSchema } from '../../src/console/screens/Partners';
import { resultSchema } from '../../src/console/screens/SportsResults';

const t = (id: string) => id;
const zero = () => Object.fromEntries(PARTNER_PRODUCTS.map((p) => [p, Object.fromEntries(RATE_KINDS.map((k) => [k, 0]))])) as RateTable;

describe('the rate form', () => {
  it('sends the changed rates in basis points', () => {
    const current = zero();
    current.slot.rolling = 150;
    const parsed = ratesSchema(current, t).safeParse({ slot_rolling: 1.5, casino_losing: 20, miniGame_rolling: 0.25 });
    expect(parsed.success && parsed.data).toEqual({ rates: [{ product: 'casino', kind: 'losing', rateBp: 2_000 }, { product: 'miniGame', kind: 'rolling', rateBp: 25 }] });
  });

  it('refuses nothing changed, more than two decimals and more than 100 %', () => {
    const schema = ratesSchema(zero(), t);
    expect(schema.safeParse({ slot_rolling: 0 }).error?.issues[0]?.message).toBe('console.rates.unchanged');
    expect(schema.safeParse({ slot_rolling: 1.234 }).error?.issues[0]?.path).toEqual(['slot_rolling']);
    expect(schema.safeParse({ slot_rolling: 100.01 }).success).toBe(false);
    expect(schema.safeParse({ slot_rolling: 100 }).success).toBe(true);
  });
});

describe('the result form', () => {
  const markets: OperatorFixtureDetail['markets'] = [
    { marketId: 'f.winner3', kind: 'winner3', period: 'match', line: null, live: false, feedStatus: 'open', override: null, voided: false,
      selections: [{ selectionId: 'f.winner3.home', key: 'home', oddsCents: 210 }, { selectionId: 'f.winner3.draw', key: 'draw', oddsCents: 330 }, { selectionId: 'f.winner3.away', key: 'away', oddsCents: 350 }] },
    { marketId: 'f.total', kind: 'total', period: 'match', line: 250, live: false, feedStatus: 'open', override: null, voided: false,
      selections: [{ selectionId: 'f.total.over', key: 'over', oddsCents: 185 }, { selectionId: 'f.total.under', key: 'under', oddsCents: 195 }] },
  ];

  it('becomes the contract body, markets without an outcome left out', () => {
    const parsed = resultSchema(markets).safeParse({ status: 'final', home: 2, away: 1, o0_0: 'win', o0_1: 'lose', o0_2: 'lose' });
    expect(parsed.success && parsed.data).toEqual({ status: 'final', home: 2, away: 1, markets: [{ marketId: 'f.winner3', outcomes: { home: 'win', draw: 'lose', away: 'lose' } }] });
  });

  it('refuses a score that is not a whole number and an unknown status', () => {
    expect(resultSchema(markets).safeParse({ status: 'final', home: 1.5, away: 0 }).error?.issues[0]?.path).toEqual(['home']);
    expect(resultSchema(markets).safeParse({ status: 'over', home: 1, away: 0 }).success).toBe(false);
  });
});
