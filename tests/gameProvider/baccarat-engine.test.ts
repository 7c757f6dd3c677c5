import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bankerDraws, type Card, type Coup, dealCoup, type Draw, playerDraws, SHOE_SIZE, shoe, spotReturn, settleBets, describeCoup,
} from '../../gameProvider/games/baccarat/engine';

/**
 * The banker's tableau as casinos print it: row = banker's two-card total 0-7, column = the point of
 * the player's third card 0-9 ('D' draws, 'S' stands).
 */
const TABLEAU: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

/** A card of point v (0 played by a ten) and a suit; ranks chosen so pairs are visible when wanted. */
function card(point: number, suit: Card['suit'] = 'S'): Card {
  return { rank: point === 0 ? 10 : point, suit };
}

function dealPoints(points: number[]): { coup: Coup; used: number } {
  let used = 0;
  const coup = dealCoup(() => card(points[used++]));
  return { coup, used };
}

describe('baccarat drawing rules', () => {
  it('the player draws on 0-5 and stands on 6-9', () => {
    for (let total = 0; total <= 9; total += 1) expect(playerDraws(total)).toBe(total <= 5);
  });

  it('the banker follows the printed tableau for every total and player third card', () => {
    for (let banker = 0; banker <= 9; banker += 1) {
      expect(bankerDraws(banker, null)).toBe(banker <= 5);
      for (let third = 0; third <= 9; third += 1) {
        const expected = banker <= 7 ? TABLEAU[banker][third] === 'D' : false;
        expect(bankerDraws(banker, third), `banker ${banker}, player third ${third}`).toBe(expected);
      }
    }
  });

  it('deals every combination of six card points by the rules (10^6 coups)', () => {
    const points = [0, 0, 0, 0, 0, 0];
    let checked = 0;
    for (let code = 0; code < 1_000_000; code += 1) {
      let rest = code;
      for (let i = 0; i < 6; i += 1) { points[i] = rest % 10; rest = Math.floor(rest / 10); }
      const [p1, b1, p2, b2, c5, c6] = points;
      const player2 = (p1 + p2) % 10;
      const banker2 = (b1 + b2) % 10;
      const { coup, used } = dealPoints(points);
      const natural = player2 >= 8 || banker2 >= 8;
      let expectedPlayer = [p1, p2];
      let expectedBanker = [b1, b2];
      if (!natural) {
        if (player2 <= 5) {
          expectedPlayer = [p1, p2, c5];
          if (TABLEAU[banker2][c5] === 'D') expectedBanker = [b1, b2, c6];
        } else if (banker2 <= 5) {
          expectedBanker = [b1, b2, c5];
        }
      }
      const pointsOf = (cards: Card[]) => cards.map((c) => (c.rank >= 10 ? 0 : c.rank));
      if (pointsOf(coup.player).join() !== expectedPlayer.join() || pointsOf(coup.banker).join() !== expectedBanker.join()) {
        throw new Error(`coup ${points.join()} dealt P ${pointsOf(coup.player)} B ${pointsOf(coup.banker)}`);
      }
      if (used !== expectedPlayer.length + expectedBanker.length) throw new Error(`cards used by ${points.join()}`);
      const pt = expectedPlayer.reduce((a, b) => a + b, 0) % 10;
      const bt = expectedBanker.reduce((a, b) => a + b, 0) % 10;
      if (coup.playerTotal !== pt || coup.bankerTotal !== bt) throw new Error(`totals of ${points.join()}`);
      if (coup.winner !== (pt > bt ? 'player' : bt > pt ? 'banker' : 'tie')) throw new Error(`winner of ${points.join()}`);
      checked += 1;
    }
    expect(checked).toBe(1_000_000);
  });

  it('a pair is two first cards of the same rank, whatever their suits', () => {
    const cards: Card[] = [{ rank: 12, suit: 'S' }, { rank: 3, suit: 'H' }, { rank: 12, suit: 'D' }, { rank: 13, suit: 'H' }, card(1), card(1)];
    let i = 0;
    const coup = dealCoup(() => cards[i++]);
    expect(coup.playerPair).toBe(true); // Q and Q
    expect(coup.bankerPair).toBe(false); // 3 and K
    expect(describeCoup(coup)).toContain('player pair');
  });
});

describe('baccarat payouts', () => {
  const coup = (winner: Coup['winner'], playerPair = false, bankerPair = false): Coup => ({
    player: [], banker: [], playerTotal: 0, bankerTotal: 0, winner, playerPair, bankerPair,
  });

  it('pays player 1:1, banker 1:1 less 5%, tie 8:1, pairs 11:1, and pushes player and banker on a tie', () => {
    expect(spotReturn('player', 10_000, coup('player'))).toBe(20_000);
    expect(spotReturn('player', 10_000, coup('banker'))).toBe(0);
    expect(spotReturn('player', 10_000, coup('tie'))).toBe(10_000);
    expect(spotReturn('banker', 10_000, coup('banker'))).toBe(19_500);
    expect(spotReturn('banker', 10_000, coup('player'))).toBe(0);
    expect(spotReturn('banker', 10_000, coup('tie'))).toBe(10_000);
    expect(spotReturn('tie', 10_000, coup('tie'))).toBe(90_000);
    expect(spotReturn('tie', 10_000, coup('banker'))).toBe(0);
    expect(spotReturn('playerPair', 10_000, coup('banker', true))).toBe(120_000);
    expect(spotReturn('bankerPair', 10_000, coup('banker', true))).toBe(0);
    expect(spotReturn('bankerPair', 10_000, coup('player', false, true))).toBe(120_000);
  });

  it('rounds the banker commission down to whole won', () => {
    expect(spotReturn('banker', 1_010, coup('banker'))).toBe(1_010 + 1_010 - 50); // 50.5 -> 50
    expect(spotReturn('banker', 19, coup('banker'))).toBe(38); // 0.95 -> 0
  });

  it('settles several spots of one player together', () => {
    expect(settleBets({ player: 5_000, tie: 1_000, playerPair: 1_000 }, coup('tie', true))).toEqual({ stake: 7_000, win: 5_000 + 9_000 + 12_000 });
  });
});

/** Exact probabilities of every coup over card points with an 8-deck shoe, drawn without replacement. */
function enumerateCoups(visit: (coup: Coup, probability: number) => void): void {
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const points = [0, 0, 0, 0, 0, 0];
  const recurse = (depth: number, probability: number, remaining: number) => {
    if (depth === 6) {
      let i = 0;
      visit(dealCoup(() => card(points[i++], i % 2 ? 'S' : 'H')), probability);
      return;
    }
    for (let point = 0; point <= 9; point += 1) {
      if (counts[point] === 0) continue;
      points[depth] = point;
      const p = probability * (counts[point] / remaining);
      counts[point] -= 1;
      recurse(depth + 1, p, remaining - 1);
      counts[point] += 1;
    }
  };
  recurse(0, 1, SHOE_SIZE);
}

describe('baccarat house edge (exact enumeration, 8 decks)', () => {
  it('banker 1.06%, player 1.24%, tie 14.36% at 8:1, pairs 10.36% at 11:1', () => {
    const ev = { player: 0, banker: 0, tie: 0 };
    let total = 0;
    const stake = 1_000;
    enumerateCoups((coup, probability) => {
      total += probability;
      for (const spot of ['player', 'banker', 'tie'] as const) ev[spot] += probability * (spotReturn(spot, stake, coup) - stake) / stake;
    });
    expect(total).toBeCloseTo(1, 9);
    expect(-ev.banker * 100).toBeCloseTo(1.0579, 4);
    expect(-ev.player * 100).toBeCloseTo(1.2351, 4);
    expect(-ev.tie * 100).toBeCloseTo(14.3596, 4);
    // Pairs: the second card matches the first's rank with 31 of the 415 cards left.
    const pairReturn = (31 / 415) * 12;
    expect((1 - pairReturn) * 100).toBeCloseTo(10.3614, 4);
  });
});

/** A deterministic uniform draw from sha256 counters (test stand-in for the round's stream). */
function testDraw(seed: string): Draw {
  let counter = 0;
  return (n) => {
    for (;;) {
      const word = createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0);
      const limit = 2 ** 32 - (2 ** 32 % n);
      if (word < limit) return word % n;
    }
  };
}

describe('baccarat shoe', () => {
  it('is a permutation of eight full decks', () => {
    const next = shoe(testDraw('perm'));
    const seen = new Map<string, number>();
    for (let i = 0; i < SHOE_SIZE; i += 1) {
      const c = next();
      seen.set(`${c.rank}${c.suit}`, (seen.get(`${c.rank}${c.suit}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(52);
    expect([...seen.values()].every((n) => n === 8)).toBe(true);
    expect(() => next()).toThrow();
  });

  it('deals the same coup for the same seed and pair rates near 31/415 over many shoes', () => {
    expect(dealCoup(shoe(testDraw('same')))).toEqual(dealCoup(shoe(testDraw('same'))));
    let pairs = 0;
    const shoes = 20_000;
    for (let i = 0; i < shoes; i += 1) if (dealCoup(shoe(testDraw(`pair${i}`))).playerPair) pairs += 1;
    const p = 31 / 415;
    expect(Math.abs(pairs / shoes - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / shoes));
  });
});
