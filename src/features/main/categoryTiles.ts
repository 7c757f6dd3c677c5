import type { GameCategoryId } from '../../routes/screens';

/** The game categories the main page presents (SPEC §1), each with its card art and blurb. */
export const CATEGORY_TILES: readonly { id: GameCategoryId; symbol: string; tone: string; text: string }[] = [
  { id: 'casino', symbol: '♠', tone: 'gold', text: 'front.main.tileCasino' },
  { id: 'hotelCasino', symbol: '♦', tone: 'ruby', text: 'front.main.tileHotelCasino' },
  { id: 'slot', symbol: '7', tone: 'violet', text: 'front.main.tileSlot' },
  { id: 'hotelSlot', symbol: '♣', tone: 'emerald', text: 'front.main.tileHotelSlot' },
  { id: 'sport', symbol: '⚽', tone: 'blue', text: 'front.main.tileSport' },
  { id: 'esport', symbol: '⌘', tone: 'violet', text: 'front.main.tileEsport' },
  { id: 'minigame', symbol: '◎', tone: 'amber', text: 'front.main.tileMinigame' },
  { id: 'fishing', symbol: '≋', tone: 'blue', text: 'front.main.tileFishing' },
];
