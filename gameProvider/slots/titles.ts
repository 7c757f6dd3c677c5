/**
 * Slot titles: every slot brand of the site (its route name) offers three titles, each a theme (symbol
 * set and colours, drawn by gameProvider/slots/art.ts) over the one reel engine (gameProvider/slots/engine.ts).
 */
import type { VendorGame, VendorLang } from '../../contract/gameProvider';

export type ThemeId = 'fruits' | 'gems' | 'dragon' | 'ocean' | 'pharaoh' | 'space' | 'tiger' | 'candy';

/** [route name, game slug, theme, English, Korean, Vietnamese] */
const TITLES: [string, string, ThemeId, string, string, string][] = [
  ['kplayslot', 'lucky-fruits', 'fruits', 'Lucky Fruits', '럭키 프루츠', 'Trái Cây May Mắn'],
  ['kplayslot', 'seoul-nights', 'gems', 'Seoul Nights', '서울의 밤', 'Đêm Seoul'],
  ['kplayslot', 'tiger-gold', 'tiger', 'Tiger Gold', '호랑이 골드', 'Hổ Vàng'],
  ['pragslot', 'sweet-sugar', 'candy', 'Sweet Sugar Rush', '스위트 슈가 러시', 'Cơn Sốt Đường Ngọt'],
  ['pragslot', 'pharaoh-gold', 'pharaoh', 'Pharaoh of Gold', '황금의 파라오', 'Pharaoh Vàng'],
  ['pragslot', 'great-dragon', 'dragon', 'Great Dragon', '그레이트 드래곤', 'Rồng Vĩ Đại'],
  ['habanero', 'ocean-pearls', 'ocean', 'Ocean Pearls', '오션 펄', 'Ngọc Trai Đại Dương'],
  ['habanero', 'hot-fruits', 'fruits', 'Hot Hot Fruits', '핫핫 프루츠', 'Trái Cây Nóng Bỏng'],
  ['habanero', 'star-voyage', 'space', 'Star Voyage', '스타 보야지', 'Hành Trình Sao'],
  ['slot_elle', 'elysium-gems', 'gems', 'Elysium Gems', '엘리시움 보석', 'Đá Quý Elysium'],
  ['slot_elle', 'jade-dragon', 'dragon', 'Jade Dragon', '비취 드래곤', 'Rồng Ngọc Bích'],
  ['slot_elle', 'candy-castle', 'candy', 'Candy Castle', '캔디 캐슬', 'Lâu Đài Kẹo'],
  ['slot_quick', 'quick-sevens', 'fruits', 'Quick Sevens', '퀵 세븐', 'Số Bảy Nhanh'],
  ['slot_quick', 'nile-treasure', 'pharaoh', 'Nile Treasure', '나일의 보물', 'Kho Báu Sông Nile'],
  ['slot_quick', 'deep-blue', 'ocean', 'Deep Blue', '딥 블루', 'Biển Xanh Thẳm'],
  ['slot_spade', 'spade-tiger', 'tiger', 'Spade Tiger', '스페이드 타이거', 'Hổ Bích'],
  ['slot_spade', 'moon-rocket', 'space', 'Moon Rocket', '문 로켓', 'Tên Lửa Mặt Trăng'],
  ['slot_spade', 'royal-gems', 'gems', 'Royal Gems', '로열 젬', 'Đá Quý Hoàng Gia'],
  ['slot_playandgo', 'book-of-sun', 'pharaoh', 'Book of Sun', '태양의 서', 'Sách Mặt Trời'],
  ['slot_playandgo', 'reef-riches', 'ocean', 'Reef Riches', '산호초의 부', 'Kho Báu Rạn San Hô'],
  ['slot_playandgo', 'sugar-pop', 'candy', 'Sugar Pop', '슈가 팝', 'Kẹo Nổ'],
  ['slot_worldmath', 'world-fruits', 'fruits', 'World Fruits', '월드 프루츠', 'Trái Cây Thế Giới'],
  ['slot_worldmath', 'golden-tiger', 'tiger', 'Golden Tiger', '골든 타이거', 'Hổ Hoàng Kim'],
  ['slot_worldmath', 'galaxy-gems', 'space', 'Galaxy Gems', '갤럭시 젬', 'Đá Quý Thiên Hà'],
  ['slot_microgaming', 'dragon-empire', 'dragon', 'Dragon Empire', '드래곤 제국', 'Đế Chế Rồng'],
  ['slot_microgaming', 'mega-gems', 'gems', 'Mega Gems', '메가 젬', 'Đá Quý Khổng Lồ'],
  ['slot_microgaming', 'sphinx-wild', 'pharaoh', 'Sphinx Wild', '스핑크스 와일드', 'Nhân Sư Hoang Dã'],
  ['slot_ylgaming', 'yl-fortune', 'dragon', 'YL Fortune', 'YL 포춘', 'Vận May YL'],
  ['slot_ylgaming', 'yl-candy', 'candy', 'YL Candy', 'YL 캔디', 'Kẹo YL'],
  ['slot_ylgaming', 'yl-tiger', 'tiger', 'YL Tiger', 'YL 타이거', 'Hổ YL'],
  ['H-habanerohotel', 'hotel-ocean', 'ocean', 'Hotel Ocean', '호텔 오션', 'Khách Sạn Đại Dương'],
  ['H-habanerohotel', 'hotel-fruits', 'fruits', 'Hotel Fruits', '호텔 프루츠', 'Trái Cây Khách Sạn'],
  ['H-habanerohotel', 'hotel-stars', 'space', 'Hotel Stars', '호텔 스타', 'Ngôi Sao Khách Sạn'],
  ['H-pragmatichotel', 'hotel-dragon', 'dragon', 'Hotel Dragon', '호텔 드래곤', 'Rồng Khách Sạn'],
  ['H-pragmatichotel', 'hotel-pharaoh', 'pharaoh', 'Hotel Pharaoh', '호텔 파라오', 'Pharaoh Khách Sạn'],
  ['H-pragmatichotel', 'hotel-jewels', 'gems', 'Hotel Jewels', '호텔 주얼', 'Trang Sức Khách Sạn'],
];

export interface SlotTitle extends VendorGame {
  theme: ThemeId;
}

/** Game keys are `slot-<brand>-<slug>` in lower case (the hotel brands' "H-" becomes "h-"). */
export const SLOT_TITLES: SlotTitle[] = TITLES.map(([brand, slug, theme, en, ko, vi]) => {
  const gameKey = `slot-${brand.toLowerCase()}-${slug}`;
  const names: Record<VendorLang, string> = { ko, en, vi };
  return { gameKey, brand, kind: 'slot', names, image: `/art/${gameKey}.svg`, enabled: true, theme };
});
