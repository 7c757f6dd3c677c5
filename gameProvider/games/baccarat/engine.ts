/**
 * Punto banco, pure: an 8-deck shoe dealt from a round's seeded draws, the standard third-card rules
 * (the player draws on 0-5; the banker follows the tableau), and the payouts of the five bets in
 * integer won. Nothing here knows of time, tables or money storage.
 */

/** A uniform integer in [0, n), from the round's provably fair stream (gameProvider/fair.ts). */
export type Draw = (n: number) => number;

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
/** rank 1 (ace) .. 13 (king). */
export interface Card {
  rank: number;
  suit: Suit;
}

export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;

/** Baccarat points of a card: ace 1, two to nine their face, ten and faces 0. */
export function cardPoint(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardPoint(card.rank), 0) % 10;
}

/** The player draws a third card on 0-5 and stands on 6-7 (naturals are decided before this). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's tableau. With no player third card the banker draws on 0-5 like the player; otherwise
 * by the banker's total and the point of the player's third card: 0-2 always, 3 unless it is 8,
 * 4 on 2-7, 5 on 4-7, 6 on 6-7, 7 never.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0: case 1: case 2: return true;
    case 3: return playerThird !== 8;
    case 4: return playerThird >= 2 && playerThird <= 7;
    case 5: return playerThird >= 4 && playerThird <= 7;
    case 6: return playerThird === 6 || playerThird === 7;
    default: return false;
  }
}

export type Winner = 'player' | 'banker' | 'tie';

export interface Coup {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: Winner;
  /** The first two cards of the hand have the same rank. */
  playerPair: boolean;
  bankerPair: boolean;
}

/**
 * Deals one coup from `next` in the casino's order: player, banker, player, banker, then the player's
 * third card if drawn, then the banker's. A natural (8 or 9 on either side's two cards) stops the deal.
 */
export function dealCoup(next: () => Card): Coup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(handTotal(player))) {
      const card = next();
      player.push(card);
      playerThird = cardPoint(card.rank);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(next());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: player[0].rank === player[1].rank,
    bankerPair: banker[0].rank === banker[1].rank,
  };
}

/** Card i of a fresh, ordered shoe: deck by deck, suit by suit, ace to king. */
function orderedCard(index: number): Card {
  const inDeck = index % 52;
  return { rank: (inDeck % 13) + 1, suit: SUITS[Math.floor(inDeck / 13)] };
}

/**
 * A freshly shuffled 8-deck shoe, dealt lazily: the k-th card dealt is position k of a Fisher-Yates
 * shuffle (position k swapped with a uniform position k..415), so only the cards dealt cost a draw.
 */
export function shoe(draw: Draw, decks = DECKS): () => Card {
  const size = decks * 52;
  const swapped = new Map<number, number>();
  let position = 0;
  return () => {
    if (position >= size) throw new Error('shoe exhausted');
    const pick = position + draw(size - position);
    const card = swapped.get(pick) ?? pick;
    swapped.set(pick, swapped.get(position) ?? position);
    position += 1;
    return orderedCard(card);
  };
}

/** The coup of a round: a fresh 8-deck shoe shuffled from the round's seeded draws. */
export function coupFromDraws(draw: Draw): Coup {
  return dealCoup(shoe(draw));
}

export const BET_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BetSpot = (typeof BET_SPOTS)[number];

/** Winnings per won staked when a spot wins (the stake comes back on top): N to 1. */
export const PAYOUT_TO_ONE: Record<BetSpot, number> = { player: 1, banker: 1, tie: 8, playerPair: 11, bankerPair: 11 };
/** The banker bet's commission on its winnings, in percent. */
export const BANKER_COMMISSION_PERCENT = 5;

/**
 * What a stake on `spot` returns after `coup` (stake included; 0 on a loss). A tie pushes player and
 * banker bets (the stake comes back). The banker's 5% commission is rounded down to whole won, in the
 * player's favour (on the table's 1,000-won stake unit it is always exact).
 */
export function spotReturn(spot: BetSpot, stake: number, coup: Coup): number {
  switch (spot) {
    case 'player':
      return coup.winner === 'player' ? stake * 2 : coup.winner === 'tie' ? stake : 0;
    case 'banker':
      return coup.winner === 'banker'
        ? stake * 2 - Math.floor((stake * BANKER_COMMISSION_PERCENT) / 100)
        : coup.winner === 'tie' ? stake : 0;
    case 'tie':
      return coup.winner === 'tie' ? stake * (PAYOUT_TO_ONE.tie + 1) : 0;
    case 'playerPair':
      return coup.playerPair ? stake * (PAYOUT_TO_ONE.playerPair + 1) : 0;
    case 'bankerPair':
      return coup.bankerPair ? stake * (PAYOUT_TO_ONE.bankerPair + 1) : 0;
  }
}

export type Bets = Partial<Record<BetSpot, number>>;

/** The total staked and the total returned of one player's bets on a coup. */
export function settleBets(bets: Bets, coup: Coup): { stake: number; win: number } {
  let stake = 0;
  let win = 0;
  for (const spot of BET_SPOTS) {
    const amount = bets[spot] ?? 0;
    stake += amount;
    if (amount > 0) win += spotReturn(spot, amount, coup);
  }
  return { stake, win };
}

const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
export function cardName(card: Card): string {
  return `${RANK_NAMES[card.rank]}${card.suit}`;
}

/** The coup in a line of English for the betting history: "P 9S 5H (4) B KD 7C (7): banker". */
export function describeCoup(coup: Coup): string {
  const pairs = [coup.playerPair ? 'player pair' : '', coup.bankerPair ? 'banker pair' : ''].filter(Boolean);
  return `P ${coup.player.map(cardName).join(' ')} (${coup.playerTotal}) B ${coup.banker.map(cardName).join(' ')} (${coup.bankerTotal}): ${coup.winner}`
    + (pairs.length ? `, ${pairs.join(', ')}` : '');
}
