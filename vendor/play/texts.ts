/** The game pages' words in the launch languages. */
import type { VendorLang } from '../protocol';

const TEXTS = {
  balance: { ko: '게임머니', en: 'Game money', vi: 'Tiền trò chơi' },
  bet: { ko: '베팅', en: 'Bet', vi: 'Cược' },
  spin: { ko: '스핀', en: 'Spin', vi: 'Quay' },
  win: { ko: '당첨', en: 'Win', vi: 'Thắng' },
  lines: { ko: '20라인', en: '20 lines', vi: '20 dòng' },
  paytable: { ko: '배당표', en: 'Paytable', vi: 'Bảng trả thưởng' },
  close: { ko: '닫기', en: 'Close', vi: 'Đóng' },
  rtp: { ko: '이론 환수율', en: 'Return to player', vi: 'Tỷ lệ hoàn trả' },
  wild: { ko: '와일드: 스캐터를 제외한 모든 심볼을 대신합니다 (2~5번 릴).', en: 'Wild: stands for every symbol but the scatter (reels 2-5).', vi: 'Wild: thay thế mọi biểu tượng trừ scatter (cuộn 2-5).' },
  scatter: { ko: '스캐터: 어디서나 3개 이상이면 총 베팅의 배수를 지급합니다.', en: 'Scatter: 3 or more anywhere pay a multiple of the total bet.', vi: 'Scatter: từ 3 biểu tượng ở bất kỳ đâu trả bội số của tổng cược.' },
  linePays: { ko: '라인 배당은 라인 베팅(총 베팅 ÷ 20)의 배수이며 왼쪽부터 연속된 심볼에 지급됩니다.', en: 'Line pays are multiples of the line bet (total bet ÷ 20), for symbols in a row from the left.', vi: 'Thưởng theo dòng là bội số của cược dòng (tổng cược ÷ 20), cho các biểu tượng liên tiếp từ trái.' },
  fairness: { ko: '공정성 검증', en: 'Fairness proof', vi: 'Bằng chứng công bằng' },
  fairnessHow: {
    ko: '라운드 전에 서버 시드의 SHA-256 해시가 고정되고, 라운드 후 시드가 공개됩니다. HMAC-SHA256(서버 시드, "클라이언트 시드:논스:블록")으로 릴 정지 위치를 다시 계산할 수 있습니다.',
    en: 'The server seed\'s SHA-256 hash is fixed before the round and the seed is shown after it. HMAC-SHA256(server seed, "client seed:nonce:block") recomputes the reel stops.',
    vi: 'Mã băm SHA-256 của hạt giống máy chủ được cố định trước ván và hạt giống được công bố sau ván. HMAC-SHA256(hạt giống máy chủ, "hạt giống khách:nonce:khối") tính lại vị trí dừng của cuộn.',
  },
  hash: { ko: '해시', en: 'Hash', vi: 'Mã băm' },
  seed: { ko: '서버 시드', en: 'Server seed', vi: 'Hạt giống máy chủ' },
  clientSeed: { ko: '클라이언트 시드', en: 'Client seed', vi: 'Hạt giống khách' },
  noMoney: { ko: '게임머니가 부족합니다. 통합머니를 게임으로 이동해 주세요.', en: 'Not enough game money. Move integrated money into the game.', vi: 'Không đủ tiền trò chơi. Hãy chuyển tiền tích hợp vào trò chơi.' },
  expired: { ko: '게임 세션이 만료되었습니다. 사이트에서 게임을 다시 실행해 주세요.', en: 'The game session has ended. Open the game again from the site.', vi: 'Phiên trò chơi đã hết hạn. Hãy mở lại trò chơi từ trang web.' },
  failed: { ko: '잠시 후 다시 시도해 주세요.', en: 'Please try again in a moment.', vi: 'Vui lòng thử lại sau giây lát.' },
  loading: { ko: '불러오는 중...', en: 'Loading...', vi: 'Đang tải...' },
} satisfies Record<string, Record<VendorLang, string>>;

export type TextId = keyof typeof TEXTS;

export function textsFor(lang: VendorLang): Record<TextId, string> {
  return Object.fromEntries(Object.entries(TEXTS).map(([id, t]) => [id, t[lang]])) as Record<TextId, string>;
}
