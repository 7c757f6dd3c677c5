/** The game pages' words in the launch languages. */
import type { VendorLang } from '../../contract/gameProvider';

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
    ko: '첫 스핀 전에 서버 시드가 SHA-256 해시로 고정되어 화면에 표시됩니다. 각 스핀의 릴 정지 위치는 HMAC-SHA256(서버 시드, "클라이언트 시드:논스:블록")으로 정해지며 논스는 스핀마다 1씩 늘어납니다. 시드를 교체하면 서버 시드가 공개되어, 그 시드로 한 모든 스핀을 사이트의 베팅 상세에서 다시 계산할 수 있습니다.',
    en: 'Before your first spin the server seed is fixed by its SHA-256 hash, shown on screen. Each spin\'s reel stops come from HMAC-SHA256(server seed, "client seed:nonce:block"), the nonce growing by one a spin. Rotating the seed reveals it, so every spin made with it can be recomputed in the site\'s bet detail.',
    vi: 'Trước lượt quay đầu tiên, hạt giống máy chủ được cố định bằng mã băm SHA-256 hiển thị trên màn hình. Vị trí dừng của cuộn mỗi lượt đến từ HMAC-SHA256(hạt giống máy chủ, "hạt giống khách:nonce:khối"), nonce tăng một mỗi lượt. Khi đổi hạt giống, hạt giống cũ được công bố để mọi lượt quay với nó có thể được tính lại trong chi tiết cược của trang.',
  },
  seeds: { ko: '시드 설정', en: 'Seeds', vi: 'Hạt giống' },
  committed: { ko: '서버 시드 해시 (스핀 전 고정)', en: 'Server seed hash (fixed before the spin)', vi: 'Mã băm hạt giống máy chủ (cố định trước lượt quay)' },
  active: { ko: '사용 중인 시드', en: 'Seeds in use', vi: 'Hạt giống đang dùng' },
  lastSpin: { ko: '마지막 스핀', en: 'Last spin', vi: 'Lượt quay gần nhất' },
  revealed: { ko: '공개된 이전 서버 시드', en: 'Revealed previous server seed', vi: 'Hạt giống máy chủ trước đã công bố' },
  nonce: { ko: '논스', en: 'Nonce', vi: 'Nonce' },
  nextNonce: { ko: '다음 논스', en: 'Next nonce', vi: 'Nonce tiếp theo' },
  usedNonces: { ko: '사용한 논스', en: 'Nonces used', vi: 'Các nonce đã dùng' },
  rotate: { ko: '시드 교체', en: 'Rotate seed', vi: 'Đổi hạt giống' },
  rotateHelp: {
    ko: '시드를 교체하면 지금의 서버 시드가 공개되고 새 서버 시드가 해시로 고정됩니다. 클라이언트 시드는 직접 정할 수 있습니다 (영문, 숫자, -, _ 1~64자).',
    en: 'Rotating reveals the current server seed and fixes a new one by its hash. You choose the client seed (1-64 letters, digits, - or _).',
    vi: 'Đổi hạt giống sẽ công bố hạt giống máy chủ hiện tại và cố định một hạt giống mới bằng mã băm. Bạn tự chọn hạt giống khách (1-64 chữ cái, chữ số, - hoặc _).',
  },
  badSeed: { ko: '클라이언트 시드는 영문, 숫자, -, _ 로 1~64자입니다.', en: 'A client seed is 1-64 letters, digits, - or _.', vi: 'Hạt giống khách gồm 1-64 chữ cái, chữ số, - hoặc _.' },
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
