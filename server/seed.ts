/**
 * Demo and reference data for development and tests (never run with NODE_ENV=production): banks,
 * site options, common and game codes, partner01 / partner1234 and demo01 / demo1234 with cash and
 * points granted through the ledger. Running it again changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Clock, systemClock } from './clock';
import type { Db } from './db/client';
import { banks, commonCodes, rotaryPrizes, rotarySettings, siteSettings, supportPosts, walletSettings } from './db/schema';
import { moneyDoor } from './money/door';
import { hashCashOutPass } from './member/cashOutPass';
import { hashSecret } from './member/passwords';
import { findMemberByMemId, insertMember, type NewMember } from './member/queries';

const BANKS: [code: string, nameKr: string][] = [
  ['004', 'KB국민은행'], ['088', '신한은행'], ['020', '우리은행'], ['081', '하나은행'], ['011', 'NH농협은행'],
  ['003', 'IBK기업은행'], ['002', 'KDB산업은행'], ['090', '카카오뱅크'], ['089', '케이뱅크'], ['092', '토스뱅크'],
  ['023', 'SC제일은행'], ['032', '부산은행'], ['031', 'iM뱅크(대구)'], ['071', '우체국'], ['045', '새마을금고'],
];

/** The master code of game vendors; /api/common/gameCodes and gameGroupCodes read it. */
export const GAME_MASTER_CODE = 'GAME';
/** The master code of sport filter values. */
export const SPORT_MASTER_CODE = 'SPORT';

const GROUP_NAMES_EN: Record<string, string> = {
  casino: 'Casino', slot: 'Slot', sport: 'Sport', esport: 'E-Sports', virtual: 'Virtual Game', minigame: 'Mini Game', fishing: 'Fishing',
};

/** [code, Korean name, English name (the vendor's route name), group]. "HC-" hotel casino, "H-" hotel slot. */
const GAME_CODES: [string, string, string, string][] = [
  ['1', '에볼루션', 'evolution', 'casino'],
  ['5', '아시아게이밍', 'asiagaming', 'casino'],
  ['10', '프라그마틱 카지노', 'pragmatic', 'casino'],
  ['6', '드림카지노', 'dreamcasino', 'casino'],
  ['9', '섹시게이밍', 'sexygaming', 'casino'],
  ['2', '빅게이밍', 'biggaming', 'casino'],
  ['11', 'HC-마이크로 호텔카지노', 'HC-microhotel', 'casino'],
  ['12', 'HC-드림 호텔카지노', 'HC-dreamhotel', 'casino'],
  ['0', '케이플레이 슬롯', 'kplayslot', 'slot'],
  ['200', '프라그마틱 슬롯', 'pragslot', 'slot'],
  ['201', '하바네로', 'habanero', 'slot'],
  ['202', '엘리시움', 'slot_elle', 'slot'],
  ['204', '퀵스핀', 'slot_quick', 'slot'],
  ['205', '스페이드게이밍', 'slot_spade', 'slot'],
  ['207', '플레이앤고', 'slot_playandgo', 'slot'],
  ['208', '월드매치', 'slot_worldmath', 'slot'],
  ['209', '마이크로게이밍', 'slot_microgaming', 'slot'],
  ['212', 'YL게이밍', 'slot_ylgaming', 'slot'],
  ['230', 'H-하바네로 호텔슬롯', 'H-habanerohotel', 'slot'],
  ['231', 'H-프라그마틱 호텔슬롯', 'H-pragmatichotel', 'slot'],
  ['100', '스포츠', 'sport', 'sport'],
  ['101', '게임스타트', 'gamestart', 'esport'],
  // The sportsbook's virtual matches (the feed's virtual league), the category menu's virtual games.
  ['102', '가상축구', 'virtualsoccer', 'virtual'],
  ['301', '파워볼', 'powerball', 'minigame'],
  ['302', '파워사다리', 'powerladder', 'minigame'],
  ['303', '스피드키노', 'speedkino', 'minigame'],
  ['304', '키노사다리', 'kinoladder', 'minigame'],
  ['1000', '케이플레이 피싱', 'kplayfishing', 'fishing'],
];

const SPORT_CODES: [string, string][] = [
  ['soccer', '축구'], ['basketball', '농구'], ['baseball', '야구'], ['volleyball', '배구'], ['badminton', '배드민턴'],
  ['hockey', '하키'], ['combat', '격투기'], ['tennis', '테니스'], ['handball', '핸드볼'], ['football', '미식축구'], ['esport', 'e스포츠'],
];

export interface DemoMember extends Omit<NewMember, 'passHash' | 'cashOutPassHash' | 'recommenderId'> {
  password: string;
  cashOutPassword: string;
  recommender?: string;
}

export const DEMO_PARTNER: DemoMember = {
  memId: 'partner01', password: 'partner1234', cashOutPassword: '1234', memNick: '파트너01', memName: '김파트너',
  memPhone: '01087654321', bankCode: '088', bankacc: '110987654321', isPartner: true, partnerType: 'PTN_4', status: 'active',
};

export const DEMO_MEMBER: DemoMember = {
  memId: 'demo01', password: 'demo1234', cashOutPassword: '1234', memNick: '데모회원', memName: '홍길동',
  memPhone: '01012345678', bankCode: '004', bankacc: '12345678901234', status: 'active', recommender: 'partner01',
};

/** The demo site's USDT (TRC-20) deposit address, shown on the coin deposit page. */
export const DEMO_USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export const DEMO_CASH = 1_000_000;
export const DEMO_POINTS = 50_000;

async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(banks).values(BANKS.map(([code, nameKr], ord) => ({ code, nameKr, ord })))
    .onConflictDoUpdate({ target: banks.code, set: { nameKr: sql`excluded.name_kr`, ord: sql`excluded.ord` } });

  const codes = [
    ...GAME_CODES.map(([code, codeName, codeNameEn, groupCode], ord) => ({
      masterCode: GAME_MASTER_CODE, code, codeName, codeNameEn, groupCode, groupCodeNameEn: GROUP_NAMES_EN[groupCode]!, ord,
    })),
    ...SPORT_CODES.map(([code, codeName], ord) => ({
      masterCode: SPORT_MASTER_CODE, code, codeName, codeNameEn: code, groupCode: 'sport', groupCodeNameEn: 'Sport', ord,
    })),
  ];
  await db.insert(commonCodes).values(codes).onConflictDoUpdate({
    target: [commonCodes.masterCode, commonCodes.code],
    set: {
      codeName: sql`excluded.code_name`, codeNameEn: sql`excluded.code_name_en`, groupCode: sql`excluded.group_code`,
      groupCodeNameEn: sql`excluded.group_code_name_en`, ord: sql`excluded.ord`,
    },
  });

  // Options are the operator's once written: seeding only fills in a missing row.
  await db.insert(siteSettings).values({ id: 1, signupOpen: true, joinRecommanderId: null, sns2Link: 'https://t.me/hanbit_support' })
    .onConflictDoNothing();
  // Wallet settings likewise; only a missing deposit address is filled in.
  await db.insert(walletSettings).values({ id: 1, usdtDepositAddress: DEMO_USDT_ADDRESS }).onConflictDoNothing();
  await db.update(walletSettings).set({ usdtDepositAddress: DEMO_USDT_ADDRESS })
    .where(and(eq(walletSettings.id, 1), eq(walletSettings.usdtDepositAddress, '')));
  // The prize wheel's first prizes, once: after that they are the operator's (PUT /admin/api/rotary).
  const wheel = await db.insert(rotarySettings).values({ id: 1, enabled: true }).onConflictDoNothing().returning({ id: rotarySettings.id });
  if (wheel.length > 0) await db.insert(rotaryPrizes).values(ROTARY_PRIZES.map(([label, points, weight], ord) => ({ label, points, weight, ord })));
}

/** label, points, weight */
const ROTARY_PRIZES: [string, number, number][] = [
  ['100P', 100, 40], ['300P', 300, 25], ['500P', 500, 15], ['1,000P', 1_000, 10], ['3,000P', 3_000, 6], ['10,000P', 10_000, 1], ['꽝', 0, 3],
];

export async function seedMember(db: Db, demo: DemoMember, now: Date): Promise<number> {
  const existing = await findMemberByMemId(db, demo.memId);
  if (existing) return existing.id;
  const { password, cashOutPassword, recommender, ...fields } = demo;
  const recommenderId = recommender ? (await findMemberByMemId(db, recommender))?.id ?? null : null;
  const created = await insertMember(db, {
    ...fields,
    passHash: await hashSecret(password),
    cashOutPassHash: hashCashOutPass(cashOutPassword),
    recommenderId,
    approvedAt: now,
  });
  return created.id;
}

/** Grants the demo member's starting cash and points from the house's promotion accounts (once). */
async function grantDemoMoney(db: Db, clock: Clock, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const move = moneyDoor(db, clock).within(tx);
    for (const [currency, amount] of [['KRW', DEMO_CASH], ['POINT', DEMO_POINTS]] as const) {
      await move.post({
        key: `seed:${DEMO_MEMBER.memId}:${currency}`,
        kind: 'seed.grant',
        entries: [{ account: { house: 'promotion', currency }, amount: -amount }, { account: { memberId, currency }, amount }],
      });
    }
  });
}

/** A few notices and FAQ entries, written once (only when the boards are empty). */
async function seedSupport(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: supportPosts.id }).from(supportPosts).where(sql`${supportPosts.boardType} in ('nt', 'faq')`).limit(1);
  if (existing) return;
  const posts: [type: 'nt' | 'faq', title: string, content: string][] = [
    ['nt', '[필독] 은행 점검 시간 출금 안내', '매일 23:30부터 00:30까지는 은행 점검으로 출금 신청을 받지 않습니다.\n점검 시간 전후로 신청해주세요.'],
    ['nt', '첫 충전 20% 보너스 이벤트', '가입 후 첫 충전 시 20%, 매일 첫 충전 시 10% 보너스가 지급됩니다.\n충전 신청 화면에서 보너스를 선택해주세요.'],
    ['faq', '입금 계좌는 어디서 확인하나요?', '충전 화면 또는 고객센터의 계좌문의에서 계좌문의를 남기면 상담원이 입금 계좌를 안내해드립니다.'],
    ['faq', '출금은 얼마나 걸리나요?', '출금 신청 후 보통 5~10분 안에 처리됩니다. 은행 점검 시간(23:30~00:30)에는 신청할 수 없습니다.'],
    ['faq', '비밀번호를 바꾸고 싶어요.', '마이페이지의 회원정보에서 현재 비밀번호를 확인한 뒤 새 비밀번호(영문과 숫자 포함 6자 이상)로 변경할 수 있습니다.'],
  ];
  await db.insert(supportPosts).values(posts.map(([boardType, title, content], i) => ({
    boardType, memberId: null, title, content, createdAt: new Date(now.getTime() - (posts.length - i) * 60_000),
  })));
}

export async function seed(db: Db, clock: Clock = systemClock): Promise<void> {
  await seedReferenceData(db);
  await seedSupport(db, clock.now());
  await seedMember(db, DEMO_PARTNER, clock.now());
  await grantDemoMoney(db, clock, await seedMember(db, DEMO_MEMBER, clock.now()));
}
