/** A playing card as text (A♠, 10♥, K♦): rank 1 (ace) to 13 (king), suit S, H, D or C. */
const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export const cardText = (card: { rank: number; suit: string }): string => `${RANKS[card.rank] ?? '?'}${SUIT_GLYPH[card.suit] ?? ''}`;
export const isRedCard = (card: { suit: string }): boolean => card.suit === 'H' || card.suit === 'D';
