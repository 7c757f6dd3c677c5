/**
 * The main markets a list shows (server/sports/book.ts mainMarkets), which the list answer and the list topic
 * both pick: once a fixture is in play, its live winner, handicap and total, never the closed pre-match ones,
 * whatever order the rows came in (the topic's rows come unsorted; a pre-match winner picked there left the
 * list's live price standing still).
 */
import { describe, expect, it } from 'vitest';
import { mainMarkets, type MarketRow } from '../../server/sports/book';

function row(marketId: string, kind: string, live: boolean, odds: number[], line: number | null = null): MarketRow {
  return {
    marketId, fixtureId: 'f', kind, period: 'match', line, live, feedStatus: live ? 'open' : 'closed', feedVersion: 1, scoreSeq: 0,
    selections: odds.map((oddsCents, i) => ({ selectionId: `${marketId}.${i}`, key: String(i), oddsCents, fairPpm: 0 })),
    override: null, siteBump: 0, voided: false,
  };
}
const PRE = [row('f.p.winner3.match', 'winner3', false, [210, 320, 330]), row('f.p.total.match.250', 'total', false, [190, 190], 250)];
const LIVE = [row('f.l.winner3.match', 'winner3', true, [250, 300, 280]), row('f.l.total.match.350', 'total', true, [185, 195], 350), row('f.l.total.match.250', 'total', true, [140, 280], 250)];

describe('mainMarkets', () => {
  it('takes the live markets of a fixture in play, in any row order', () => {
    for (const rows of [[...PRE, ...LIVE], [...LIVE, ...PRE], [...LIVE].reverse().concat(PRE.reverse())]) {
      expect(mainMarkets(rows).map((m) => m.marketId)).toEqual(['f.l.winner3.match', 'f.l.total.match.350']);
    }
  });

  it('takes the pre-match markets before kick-off', () => {
    expect(mainMarkets([...PRE].reverse()).map((m) => m.marketId)).toEqual(['f.p.winner3.match', 'f.p.total.match.250']);
  });
});
