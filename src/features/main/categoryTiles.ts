/** The game categories the main page presents (SPEC §1), each with its landing path and card art. */
export const CATEGORY_TILES = [
  { id: 'casino', path: '/livecasino', symbol: '♠', tone: 'gold' },
  { id: 'hotelCasino', path: '/livecasino', symbol: '♦', tone: 'ruby' },
  { id: 'slot', path: '/slotgame', symbol: '7', tone: 'violet' },
  { id: 'hotelSlot', path: '/slotgame', symbol: '♣', tone: 'emerald' },
  { id: 'sport', path: '/sport', symbol: '⚽', tone: 'blue' },
  { id: 'minigame', path: '/minigame', symbol: '◎', tone: 'amber' },
] as const;

const TILE_TEXT: Record<(typeof CATEGORY_TILES)[number]['id'], string> = {
  casino: 'front.main.tileCasino',
  hotelCasino: 'front.main.tileHotelCasino',
  slot: 'front.main.tileSlot',
  hotelSlot: 'front.main.tileHotelSlot',
  sport: 'front.main.tileSport',
  minigame: 'front.main.tileMinigame',
};

export function tileTextId(id: keyof typeof TILE_TEXT): string {
  return TILE_TEXT[id];
}
