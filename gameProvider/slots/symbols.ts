/**
 * A spin as the operator's detail view shows it (VendorRoundDetail of a slot): the reel stops, the window's symbols
 * by key with their names in the launch languages, the paying lines and scatters in won.
 */
import type { VendorLang, VendorRoundDetail } from '../../contract/gameProvider';
import { themeSymbols } from './art';
import { LINES, type SpinResult } from './engine';
import type { ThemeId } from './titles';

const NAMES: Record<string, Record<VendorLang, string>> = {
  seven: { ko: '세븐', en: 'Seven', vi: 'Số 7' },
  cherry: { ko: '체리', en: 'Cherry', vi: 'Anh đào' },
  grapes: { ko: '포도', en: 'Grapes', vi: 'Nho' },
  lemon: { ko: '레몬', en: 'Lemon', vi: 'Chanh' },
  crown: { ko: '왕관', en: 'Crown', vi: 'Vương miện' },
  diamond: { ko: '다이아몬드', en: 'Diamond', vi: 'Kim cương' },
  emerald: { ko: '에메랄드', en: 'Emerald', vi: 'Ngọc lục bảo' },
  ring: { ko: '반지', en: 'Ring', vi: 'Nhẫn' },
  jade: { ko: '옥', en: 'Jade', vi: 'Ngọc bích' },
  lantern: { ko: '등불', en: 'Lantern', vi: 'Đèn lồng' },
  coin: { ko: '금화', en: 'Gold coin', vi: 'Đồng xu vàng' },
  fan: { ko: '부채', en: 'Fan', vi: 'Quạt' },
  pearl: { ko: '진주', en: 'Pearl', vi: 'Ngọc trai' },
  fish: { ko: '물고기', en: 'Fish', vi: 'Cá' },
  shell: { ko: '조개', en: 'Shell', vi: 'Vỏ sò' },
  starfish: { ko: '불가사리', en: 'Starfish', vi: 'Sao biển' },
  eye: { ko: '호루스의 눈', en: 'Eye of Horus', vi: 'Mắt Horus' },
  ankh: { ko: '앙크', en: 'Ankh', vi: 'Chữ thập Ankh' },
  scarab: { ko: '스카라베', en: 'Scarab', vi: 'Bọ hung' },
  pyramid: { ko: '피라미드', en: 'Pyramid', vi: 'Kim tự tháp' },
  rocket: { ko: '로켓', en: 'Rocket', vi: 'Tên lửa' },
  planet: { ko: '행성', en: 'Planet', vi: 'Hành tinh' },
  moon: { ko: '달', en: 'Moon', vi: 'Mặt trăng' },
  comet: { ko: '혜성', en: 'Comet', vi: 'Sao chổi' },
  goldbar: { ko: '금괴', en: 'Gold bar', vi: 'Thỏi vàng' },
  paw: { ko: '발자국', en: 'Paw', vi: 'Dấu chân' },
  claw: { ko: '발톱', en: 'Claw', vi: 'Móng vuốt' },
  lollipop: { ko: '막대사탕', en: 'Lollipop', vi: 'Kẹo mút' },
  heart: { ko: '하트', en: 'Heart', vi: 'Trái tim' },
  wrapped: { ko: '포장 사탕', en: 'Wrapped candy', vi: 'Kẹo gói' },
  donut: { ko: '도넛', en: 'Donut', vi: 'Bánh donut' },
  A: { ko: 'A', en: 'A', vi: 'A' },
  K: { ko: 'K', en: 'K', vi: 'K' },
  Q: { ko: 'Q', en: 'Q', vi: 'Q' },
  J: { ko: 'J', en: 'J', vi: 'J' },
  wild: { ko: '와일드', en: 'Wild', vi: 'Wild' },
  scatter: { ko: '스캐터', en: 'Scatter', vi: 'Scatter' },
};

/** The spin of a theme's title at a line bet (won), pays in won. */
export function spinReport(result: SpinResult, theme: ThemeId, lineBet: number): VendorRoundDetail {
  const keys = themeSymbols(theme);
  const grid = result.grid.map((column) => column.map((symbol) => keys[symbol]!));
  const shown = new Set(grid.flat());
  return {
    game: 'slot',
    stops: result.stops,
    grid,
    symbols: Object.fromEntries([...shown].map((key) => [key, NAMES[key]!])),
    lines: result.lineWins.map((w) => ({ line: w.line + 1, symbol: keys[w.symbol]!, count: w.count, pay: w.pay * lineBet })),
    scatter: result.scatterPay > 0 ? { count: result.scatters, pay: result.scatterPay * lineBet * LINES } : null,
  };
}
