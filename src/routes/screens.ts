/**
 * The screen map: every screen of the site once (SPEC §2). Both route trees (desktop.tsx, mobile.tsx) and
 * every menu (left menu, headers, my-page tabs, member hub, phone navigation) are generated from it, so a
 * new screen is one entry here plus its component.
 *
 * Three kinds of entry:
 * - a screen: its paths on each tree (a screen may live on one tree only), its lazily loaded component,
 *   who may open it, its layout, its title and the menus it appears in;
 * - a redirect: a path that only opens another screen of the same tree (/moneyMain -> /charge);
 * - a planned screen: a menu item whose screen is not built yet. Menus show it as "준비 중입니다." and
 *   never as a link; building it means giving it paths and a component.
 */
import type { RouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { loadAllMessages } from '../i18n';
import { lazyComponent } from './lazyComponent';

/** Which route tree a visit uses (SPEC §9: width <= 600 is the phone), chosen once in main.tsx. */
export type Tree = 'desktop' | 'phone';

/** Who may open a screen: anyone, guests only, signed-in members, partner members, anyone during maintenance. */
export type Access = 'public' | 'guest' | 'member' | 'partner' | 'maintenance';

/** The frame a screen is drawn in: the site's header and menus, nothing (/warning), the partner area's. */
export type Layout = 'site' | 'empty' | 'partner';

/** A tab frame shared by several screens (the won and USDT forms of one money direction). */
export type Frame = 'deposit' | 'withdrawal';

/** Menus a screen appears in. `siteMenu` is the desktop left menu and the phone navigation. */
export type Menu = 'siteMenu' | 'myPageTabs' | 'memberHub' | 'headerInbox' | 'headerPartner' | 'supportTabs' | 'partnerTabs';

/** The game categories of the menus, in order (SPEC §2: filled from the game codes). */
export const GAME_CATEGORIES = ['casino', 'hotelCasino', 'slot', 'hotelSlot', 'sport', 'esport', 'virtual', 'minigame', 'fishing'] as const;
export type GameCategoryId = (typeof GAME_CATEGORIES)[number];

/** The groups of the site menu, in order (games come from the game codes, see gameScreen). */
export const MENU_GROUPS = ['games', 'money', 'myPage', 'messages', 'support', 'partner'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

interface EntryBase {
  id: string;
  /** Message id of the screen's name: its heading, its menu label and its document title. */
  title: string;
  menus?: readonly Menu[];
  group?: Exclude<MenuGroup, 'games'>;
  /** Only in the phone navigation (the desktop reaches it through a tab frame). */
  phoneNavOnly?: boolean;
}

export interface ScreenEntry extends EntryBase {
  kind: 'screen';
  desktop?: string;
  phone?: string;
  component: RouteComponent;
  access: Access;
  layout: Layout;
  frame?: Frame;
  /**
   * A game screen: the category (and the vendor codes) whose menu items open it; a lobby has no codes, or
   * says `lobby` when it is also its one vendor's screen (/sport).
   */
  game?: { category: GameCategoryId; vendorCodes?: readonly string[]; lobby?: boolean };
  /** A screen no menu lists: it is opened from this screen (a post from the board's list). */
  via?: string;
}

export interface RedirectEntry {
  kind: 'redirect';
  id: string;
  desktop?: string;
  phone?: string;
  /** The screen it opens, on the same tree. */
  to: string;
  /** The search (query) it opens the screen with (/esport/onefolderbetting -> /gameway?type=onefolderbetting). */
  search?: LinkSearch;
  /** It opens the screen with the search it was reached with (the game window's /slot/game?url=... on a phone). */
  keepSearch?: true;
}

export interface PlannedEntry extends EntryBase {
  kind: 'planned';
}

export type Entry = ScreenEntry | RedirectEntry | PlannedEntry;

/**
 * A screen's lazily loaded component inside the query layer (data/QueryLayer.tsx: TanStack Query, which
 * comes with the screen's chunk), shown once the whole catalog is there (the first paint loads only its
 * own texts). Every screen but the main page, so a guest's first visit to / loads neither; the main page
 * and the shell read only site data (data/siteReads.ts).
 */
function dataScreen<M extends Record<N, ComponentType>, N extends keyof M & string>(load: () => Promise<M>, name: N): RouteComponent {
  return lazyComponent(async () => {
    const [module, { withQueryLayer }] = await Promise.all([load(), import('../data/QueryLayer'), loadAllMessages()]);
    return { default: withQueryLayer(module[name]) };
  });
}

const gameScreen = dataScreen(() => import('../features/games/GameScreen'), 'GameScreen');

/**
 * A game screen (SPEC §2 game routes and codes): a category's lobby, or the screen of the vendor codes its
 * menu items open; on the phone under /member. Guests may look (a game's button tells them to sign in first).
 */
function gameEntry<const Id extends string, const Path extends string>(
  id: Id, title: string, desktop: Path, category: GameCategoryId, vendorCodes?: readonly string[],
) {
  return {
    kind: 'screen', id, title, desktop, phone: `/member${desktop}` as const, component: gameScreen, access: 'public', layout: 'site',
    game: vendorCodes ? { category, vendorCodes } : { category },
  } as const;
}

type PartnerPages = typeof import('../features/partner/pages');

/**
 * A partner screen (SPEC §2 partner area): partner members only, in the partner layout, listed in the area's
 * tabs and, on a phone only, in the phone navigation's partner group (the desktop opens the area from its header).
 */
function partnerEntry<const Id extends string, const Desktop extends string, const Phone extends string>(
  id: Id, title: string, desktop: Desktop, phone: Phone, page: keyof PartnerPages, menus: readonly Menu[] = ['partnerTabs', 'siteMenu'],
) {
  return {
    kind: 'screen', id, title, desktop, phone, access: 'partner', layout: 'partner', menus, group: 'partner', phoneNavOnly: true,
    component: dataScreen(() => import('../features/partner/pages'), page),
  } as const;
}

export const SCREENS = [
  { kind: 'screen', id: 'main', title: 'front.site.title', desktop: '/', phone: '/', component: lazyComponent(() => import('../features/main/MainPage'), 'MainPage'), access: 'public', layout: 'site' },
  { kind: 'screen', id: 'warning', title: 'front.warning.title', desktop: '/warning', phone: '/warning', component: dataScreen(() => import('../features/main/WarningPage'), 'WarningPage'), access: 'maintenance', layout: 'empty' },
  { kind: 'screen', id: 'login', title: 'front.signin.title', phone: '/login', component: dataScreen(() => import('../features/auth/LoginPage'), 'LoginPage'), access: 'guest', layout: 'site' },
  { kind: 'screen', id: 'join', title: 'front.member.signupTitle', phone: '/join', component: dataScreen(() => import('../features/auth/JoinPage'), 'JoinPage'), access: 'guest', layout: 'site' },
  {
    kind: 'screen', id: 'memberHome', title: 'front.memberHome.title', desktop: '/member', phone: '/member',
    component: dataScreen(() => import('../features/main/MemberHomePage'), 'MemberHomePage'), access: 'member', layout: 'site', menus: ['siteMenu'], group: 'myPage',
  },

  // Money (SPEC §2): the won and USDT forms of each direction share a tab frame.
  {
    kind: 'screen', id: 'deposit', title: 'front.cash.depositTitle', desktop: '/charge', phone: '/member/chargeMain/charge',
    component: dataScreen(() => import('../features/wallet/DepositPage'), 'DepositPage'), access: 'member', layout: 'site', frame: 'deposit',
    menus: ['siteMenu', 'memberHub'], group: 'money',
  },
  {
    kind: 'screen', id: 'coinDeposit', title: 'front.cash.coinDepositTitle', desktop: '/coinCharge', phone: '/member/chargeMain/coinCharge',
    component: dataScreen(() => import('../features/wallet/CoinDepositPage'), 'CoinDepositPage'), access: 'member', layout: 'site', frame: 'deposit',
    menus: ['siteMenu'], group: 'money', phoneNavOnly: true,
  },
  {
    kind: 'screen', id: 'withdrawal', title: 'front.cash.withdrawalTitle', desktop: '/exchange', phone: '/member/exchangeMain/exchange',
    component: dataScreen(() => import('../features/wallet/WithdrawalPage'), 'WithdrawalPage'), access: 'member', layout: 'site', frame: 'withdrawal',
    menus: ['siteMenu', 'memberHub'], group: 'money',
  },
  {
    kind: 'screen', id: 'coinWithdrawal', title: 'front.cash.coinWithdrawalTitle', desktop: '/coinExchange', phone: '/member/exchangeMain/coinExchange',
    component: dataScreen(() => import('../features/wallet/CoinWithdrawalPage'), 'CoinWithdrawalPage'), access: 'member', layout: 'site', frame: 'withdrawal',
    menus: ['siteMenu'], group: 'money', phoneNavOnly: true,
  },
  { kind: 'redirect', id: 'moneyMain', desktop: '/moneyMain', to: 'deposit' },
  { kind: 'redirect', id: 'chargeMain', phone: '/member/chargeMain', to: 'deposit' },
  { kind: 'redirect', id: 'exchangeMain', phone: '/member/exchangeMain', to: 'withdrawal' },

  // Mini games (SPEC §2 /minigame and its four children, /result/mini; on a phone under /member).
  {
    kind: 'screen', id: 'miniLobby', title: 'mini.lobby.title', desktop: '/minigame', phone: '/member/minigame',
    component: dataScreen(() => import('../features/minigames/MiniLobbyPage'), 'MiniLobbyPage'), access: 'member', layout: 'site', game: { category: 'minigame' },
  },
  {
    kind: 'screen', id: 'miniPowerball', title: 'mini.game.powerball', desktop: '/minigame/powerball', phone: '/member/minigame/powerball',
    component: dataScreen(() => import('../features/minigames/MiniGamePage'), 'PowerballPage'), access: 'member', layout: 'site', game: { category: 'minigame', vendorCodes: ['301'] },
  },
  {
    kind: 'screen', id: 'miniPowerladder', title: 'mini.game.powerladder', desktop: '/minigame/powerladder', phone: '/member/minigame/powerladder',
    component: dataScreen(() => import('../features/minigames/MiniGamePage'), 'PowerladderPage'), access: 'member', layout: 'site', game: { category: 'minigame', vendorCodes: ['302'] },
  },
  {
    kind: 'screen', id: 'miniSpeedkino', title: 'mini.game.speedkino', desktop: '/minigame/speedkino', phone: '/member/minigame/speedkino',
    component: dataScreen(() => import('../features/minigames/MiniGamePage'), 'SpeedkinoPage'), access: 'member', layout: 'site', game: { category: 'minigame', vendorCodes: ['303'] },
  },
  {
    kind: 'screen', id: 'miniKinoladder', title: 'mini.game.kinoladder', desktop: '/minigame/kinoladder', phone: '/member/minigame/kinoladder',
    component: dataScreen(() => import('../features/minigames/MiniGamePage'), 'KinoladderPage'), access: 'member', layout: 'site', game: { category: 'minigame', vendorCodes: ['304'] },
  },
  {
    kind: 'screen', id: 'miniResults', title: 'mini.results.title', desktop: '/result/mini', phone: '/member/result/mini',
    component: dataScreen(() => import('../features/minigames/MiniResultsPage'), 'MiniResultsPage'), access: 'member', layout: 'site', menus: ['siteMenu'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'miniVerify', title: 'mini.verify.title', desktop: '/minigame/verify', phone: '/member/minigame/verify',
    component: dataScreen(() => import('../features/minigames/MiniVerifyPage'), 'MiniVerifyPage'), access: 'member', layout: 'site', menus: ['siteMenu'], group: 'myPage',
  },

  // The sportsbook (SPEC §2 /sport with /livebetting, /combinationbetting, /special; /esport; /result →
  // /result/sport): on a phone under /member. /sport is the category's lobby and the sport vendor's (100) screen.
  {
    kind: 'screen', id: 'sportPrematch', title: 'sport.title', desktop: '/sport', phone: '/member/sport',
    component: dataScreen(() => import('../features/sports/SportBookPage'), 'SportPrematchPage'), access: 'member', layout: 'site',
    game: { category: 'sport', vendorCodes: ['100'], lobby: true },
  },
  {
    kind: 'screen', id: 'sportLive', title: 'sport.view.live', desktop: '/sport/livebetting', phone: '/member/sport/livebetting',
    component: dataScreen(() => import('../features/sports/SportBookPage'), 'SportLivePage'), access: 'member', layout: 'site', via: 'sportPrematch',
  },
  {
    kind: 'screen', id: 'sportCombination', title: 'sport.view.combination', desktop: '/sport/combinationbetting', phone: '/member/sport/combinationbetting',
    component: dataScreen(() => import('../features/sports/SportBookPage'), 'SportCombinationPage'), access: 'member', layout: 'site', via: 'sportPrematch',
  },
  {
    kind: 'screen', id: 'sportSpecial', title: 'sport.view.special', desktop: '/sport/special', phone: '/member/sport/special',
    component: dataScreen(() => import('../features/sports/SportBookPage'), 'SportSpecialPage'), access: 'member', layout: 'site', via: 'sportPrematch',
  },
  {
    kind: 'screen', id: 'esport', title: 'sport.esport.title', desktop: '/esport', phone: '/member/esport',
    component: dataScreen(() => import('../features/sports/SportBookPage'), 'EsportPage'), access: 'member', layout: 'site', game: { category: 'esport' },
  },
  // SPEC §2 /esport/gamestart (101): the house vendor's e-sports arena, launched in the game window.
  gameEntry('esportGamestart', 'front.game.vendor.gamestart', '/esport/gamestart', 'esport', ['101']),
  // SPEC §2: the guide pages of /esport redirect to /gameway with their type.
  { kind: 'redirect', id: 'esportScreenDescription', desktop: '/esport/screendescription', phone: '/member/esport/screendescription', to: 'gameway', search: { type: 'screendescription' } },
  { kind: 'redirect', id: 'esportOneFolder', desktop: '/esport/onefolderbetting', phone: '/member/esport/onefolderbetting', to: 'gameway', search: { type: 'onefolderbetting' } },
  { kind: 'redirect', id: 'esportTwoFolder', desktop: '/esport/twofolderbetting', phone: '/member/esport/twofolderbetting', to: 'gameway', search: { type: 'twofolderbetting' } },
  // The category menu's virtual games (SPEC §2): the sportsbook's virtual matches, under the house's code 102.
  {
    kind: 'screen', id: 'virtualGame', title: 'sport.virtual.title', desktop: '/virtualgame', phone: '/member/virtualgame',
    component: dataScreen(() => import('../features/sports/VirtualGamePage'), 'VirtualGamePage'), access: 'member', layout: 'site',
    game: { category: 'virtual', vendorCodes: ['102'], lobby: true },
  },
  {
    kind: 'screen', id: 'sportResults', title: 'sport.result.title', desktop: '/result/sport', phone: '/member/result/sport',
    component: dataScreen(() => import('../features/sports/SportResultsPage'), 'SportResultsPage'), access: 'member', layout: 'site', menus: ['siteMenu'], group: 'myPage',
  },
  { kind: 'redirect', id: 'results', desktop: '/result', phone: '/member/result', to: 'sportResults' },

  // Games (SPEC §2 game routes and codes): a lobby per category, a screen per vendor; on the phone under
  // /member. Guests may look (a game's button tells them to sign in first, SPEC §5).
  gameEntry('casinoLobby', 'front.menu.casino', '/livecasino', 'casino'),
  gameEntry('casinoEvolution', 'front.game.vendor.evolution', '/livecasino/evolution', 'casino', ['1']),
  gameEntry('casinoAsiagaming', 'front.game.vendor.asiagaming', '/livecasino/asiagaming', 'casino', ['5']),
  gameEntry('casinoPragmatic', 'front.game.vendor.pragmatic', '/livecasino/pragmatic', 'casino', ['10']),
  gameEntry('casinoDreamcasino', 'front.game.vendor.dreamcasino', '/livecasino/dreamcasino', 'casino', ['6']),
  gameEntry('casinoSexygaming', 'front.game.vendor.sexygaming', '/livecasino/sexygaming', 'casino', ['9']),
  gameEntry('casinoBiggaming', 'front.game.vendor.biggaming', '/livecasino/biggaming', 'casino', ['2']),
  gameEntry('hotelCasinoLobby', 'front.menu.hotelCasino', '/hotelcasino', 'hotelCasino'),
  gameEntry('hotelCasinoMicro', 'front.game.vendor.microhotel', '/hotelcasino/microhotel', 'hotelCasino', ['11']),
  gameEntry('hotelCasinoDream', 'front.game.vendor.dreamhotel', '/hotelcasino/dreamhotel', 'hotelCasino', ['12']),
  gameEntry('slotLobby', 'front.menu.slot', '/slotgame', 'slot'),
  gameEntry('slotKplay', 'front.game.vendor.kplayslot', '/slotgame/kplayslot', 'slot', ['0']),
  gameEntry('slotPragmatic', 'front.game.vendor.pragslot', '/slotgame/pragslot', 'slot', ['200']),
  gameEntry('slotHabanero', 'front.game.vendor.habanero', '/slotgame/habanero', 'slot', ['201']),
  gameEntry('slotElle', 'front.game.vendor.elle', '/slotgame/slot_elle', 'slot', ['202']),
  gameEntry('slotQuick', 'front.game.vendor.quick', '/slotgame/slot_quick', 'slot', ['204']),
  gameEntry('slotSpade', 'front.game.vendor.spade', '/slotgame/slot_spade', 'slot', ['205']),
  gameEntry('slotPlayandgo', 'front.game.vendor.playandgo', '/slotgame/slot_playandgo', 'slot', ['207']),
  gameEntry('slotWorldmatch', 'front.game.vendor.worldmath', '/slotgame/slot_worldmath', 'slot', ['208']),
  gameEntry('slotMicrogaming', 'front.game.vendor.microgaming', '/slotgame/slot_microgaming', 'slot', ['209']),
  gameEntry('slotYlgaming', 'front.game.vendor.ylgaming', '/slotgame/slot_ylgaming', 'slot', ['212', '213', '214', '215', '216', '217', '218', '219', '220', '221']),
  gameEntry('hotelSlotLobby', 'front.menu.hotelSlot', '/hotelslot', 'hotelSlot'),
  gameEntry('hotelSlotHabanero', 'front.game.vendor.habanerohotel', '/hotelslot/habanerohotel', 'hotelSlot', ['230']),
  gameEntry('hotelSlotPragmatic', 'front.game.vendor.pragmatichotel', '/hotelslot/pragmatichotel', 'hotelSlot', ['231']),
  gameEntry('fishingLobby', 'front.menu.fishing', '/phishinggame', 'fishing'),
  gameEntry('fishingKplay', 'front.game.vendor.kplayfishing', '/phishinggame/kplayfishing', 'fishing', ['1000']),
  // SPEC §2 /slot/game: every game, in a frame of its own window (so member protection's reminder shows over it).
  {
    kind: 'screen', id: 'gameFrame', title: 'front.game.frameTitle', desktop: '/slot/game', phone: '/member/slot/game',
    component: dataScreen(() => import('../features/games/GameFramePage'), 'GameFramePage'), access: 'member', layout: 'empty',
  },
  // The game window opens /slot/game whatever its width: a phone, or a portrait vendor's narrow window, has the phone tree.
  { kind: 'redirect', id: 'gameFrameWindow', phone: '/slot/game', to: 'gameFrame', keepSearch: true },

  // My page (SPEC §2: desktop under /mypage, phone under /member). /mypage opens betting/list.
  {
    kind: 'screen', id: 'bettingList', title: 'front.menu.bettingList', desktop: '/mypage/betting/list', phone: '/member/betList',
    component: dataScreen(() => import('../features/mypage/BettingListPage'), 'BettingListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'winLose', title: 'front.mypage.winLose', desktop: '/mypage/winlose', phone: '/member/winlose',
    component: dataScreen(() => import('../features/mypage/WinLosePage'), 'WinLosePage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  { kind: 'redirect', id: 'myPage', desktop: '/mypage', to: 'bettingList' },
  {
    kind: 'screen', id: 'chargeList', title: 'front.mypage.chargeList', desktop: '/mypage/chargeList', phone: '/member/chargeList',
    component: dataScreen(() => import('../features/mypage/CashHistoryPage'), 'ChargeListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'exchangeList', title: 'front.mypage.exchangeList', desktop: '/mypage/exchangeList', phone: '/member/exchangeList',
    component: dataScreen(() => import('../features/mypage/CashHistoryPage'), 'ExchangeListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'point', title: 'front.mypage.point', desktop: '/mypage/point', phone: '/member/point',
    component: dataScreen(() => import('../features/mypage/PointPage'), 'PointPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'coupon', title: 'front.mypage.coupon', desktop: '/mypage/coupon', phone: '/member/coupon',
    component: dataScreen(() => import('../features/mypage/CouponPage'), 'CouponPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'give', title: 'front.mypage.give', desktop: '/mypage/give', phone: '/member/give',
    component: dataScreen(() => import('../features/mypage/GivePage'), 'GivePage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'memberInfo', title: 'front.menu.memberInfo', desktop: '/mypage/info', phone: '/member/info',
    component: dataScreen(() => import('../features/mypage/MemberInfoPage'), 'MemberInfoPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },
  { kind: 'redirect', id: 'myInfo', phone: '/member/myinfo', to: 'memberInfo' },
  // Member protection (issue 23): limits, the reality check, breaks, history.
  {
    kind: 'screen', id: 'protection', title: 'front.protection.title', desktop: '/mypage/protection', phone: '/member/protection',
    component: dataScreen(() => import('../features/mypage/ProtectionPage'), 'ProtectionPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'myPageTabs', 'memberHub'], group: 'myPage',
  },

  // Messages (SPEC §2 my page message; phone /member/msg).
  {
    kind: 'screen', id: 'message', title: 'front.menu.message', desktop: '/mypage/message/list', phone: '/member/msg',
    component: dataScreen(() => import('../features/messages/MessagesPage'), 'MessagesPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'headerInbox', 'memberHub'], group: 'messages',
  },
  {
    kind: 'screen', id: 'messageRead', title: 'front.msg.readTitle', desktop: '/mypage/message/read/$msgIdx', phone: '/member/msgRead/$msgIdx',
    component: dataScreen(() => import('../features/messages/MessageReadPage'), 'MessageReadPage'), access: 'member', layout: 'site',
  },

  // The support centre (SPEC §2: /cscenter opens the Q&A). Its pages share the 'supportTabs' menu.
  {
    kind: 'screen', id: 'notice', title: 'front.menu.notice', desktop: '/notice/list', phone: '/member/noticeList',
    component: dataScreen(() => import('../features/support/NoticePages'), 'NoticeListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  {
    kind: 'screen', id: 'noticeRead', title: 'front.menu.notice', desktop: '/notice/read/$boardIdx', phone: '/member/notice/read/$boardIdx',
    component: dataScreen(() => import('../features/support/NoticePages'), 'NoticeReadPage'), access: 'member', layout: 'site',
  },
  {
    kind: 'screen', id: 'cscenter', title: 'front.menu.cscenter', desktop: '/qna/list', phone: '/member/qnaList',
    component: dataScreen(() => import('../features/support/QnaPages'), 'QnaListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  { kind: 'redirect', id: 'cscenterHome', desktop: '/cscenter', to: 'cscenter' },
  { kind: 'redirect', id: 'qnaHome', desktop: '/qna', to: 'cscenter' },
  {
    kind: 'screen', id: 'qnaWrite', title: 'front.qna.writeTitle', desktop: '/qna/write', phone: '/member/qnaWrite',
    component: dataScreen(() => import('../features/support/QnaPages'), 'QnaWritePage'), access: 'member', layout: 'site',
  },
  {
    kind: 'screen', id: 'qnaRead', title: 'front.menu.cscenter', desktop: '/qna/read/$boardIdx', phone: '/member/qna/read/$boardIdx',
    component: dataScreen(() => import('../features/support/QnaPages'), 'QnaReadPage'), access: 'member', layout: 'site',
  },
  {
    kind: 'screen', id: 'faq', title: 'front.menu.faq', desktop: '/faq/list', phone: '/member/faq',
    component: dataScreen(() => import('../features/support/FaqPage'), 'FaqPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  {
    kind: 'screen', id: 'accountQna', title: 'front.menu.accountQna', desktop: '/accountqna', phone: '/member/accountqna',
    component: dataScreen(() => import('../features/wallet/AccountQnaPage'), 'AccountQnaPage'), access: 'member', layout: 'site', menus: ['supportTabs'], group: 'support',
  },
  {
    kind: 'screen', id: 'bettingGuide', title: 'front.menu.bettingGuide', desktop: '/bettingguide/sport', phone: '/member/rule',
    component: dataScreen(() => import('../features/support/GuidePages'), 'BettingGuidePage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  {
    kind: 'screen', id: 'gameway', title: 'front.menu.gameway', desktop: '/gameway', phone: '/member/gameway',
    component: dataScreen(() => import('../features/support/GamewayPage'), 'GamewayPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  {
    kind: 'screen', id: 'gameGuide', title: 'front.menu.gameGuide', desktop: '/gameguide', phone: '/member/gameguide',
    component: dataScreen(() => import('../features/support/GuidePages'), 'GameGuidePage'), access: 'member', layout: 'site', menus: ['siteMenu', 'supportTabs'], group: 'support',
  },
  // Community (SPEC §2): the member board, attendance and the prize wheel.
  {
    kind: 'screen', id: 'boardList', title: 'front.board.listTitle', desktop: '/board/list', phone: '/member/board/list',
    component: dataScreen(() => import('../features/memberBoard/BoardListPage'), 'BoardListPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'memberHub'], group: 'support',
  },
  {
    kind: 'screen', id: 'boardRead', title: 'front.board.readTitle', desktop: '/board/read/$boardIdx', phone: '/member/board/read/$boardIdx',
    component: dataScreen(() => import('../features/memberBoard/BoardReadPage'), 'BoardReadPage'), access: 'member', layout: 'site', via: 'boardList',
  },
  {
    kind: 'screen', id: 'boardWrite', title: 'front.board.writeTitle', desktop: '/board/write', phone: '/member/board/write',
    component: dataScreen(() => import('../features/memberBoard/BoardWritePage'), 'BoardWritePage'), access: 'member', layout: 'site', via: 'boardList',
  },
  {
    kind: 'screen', id: 'attendance', title: 'front.attendance.title', desktop: '/attendendance', phone: '/member/attendance',
    component: dataScreen(() => import('../features/rewards/AttendancePage'), 'AttendancePage'), access: 'member', layout: 'site', menus: ['siteMenu', 'memberHub'], group: 'myPage',
  },
  {
    kind: 'screen', id: 'rotary', title: 'front.rotary.title', desktop: '/rotary', phone: '/member/rotary',
    component: dataScreen(() => import('../features/rewards/RotaryPage'), 'RotaryPage'), access: 'member', layout: 'site', menus: ['siteMenu', 'memberHub'], group: 'myPage',
  },
  // The house vendor's live table, large (SPEC §2 "Others: /live"), opened from the main page's live area.
  {
    kind: 'screen', id: 'live', title: 'front.live.title', desktop: '/live', phone: '/member/live',
    component: dataScreen(() => import('../features/main/LivePage'), 'LivePage'), access: 'public', layout: 'site', via: 'main',
  },

  // The partner area (SPEC §2 /partner and its pages, /stributor, /striNew; phone /member/stributor, /member/striNew
  // and the partner pages), partner members only. On the desktop its screens are drawn in the partner layout (no main
  // header) and opened from the header's partner link in a new tab; on a phone they sit under /member in the site's
  // frame and the phone navigation lists them. Each carries the area's own tabs ('partnerTabs').
  partnerEntry('partnerHome', 'front.partner.home.title', '/partner', '/member/stributor', 'PartnerHomePage', ['headerPartner', 'partnerTabs', 'siteMenu']),
  partnerEntry('partnerList', 'front.partner.partnerList.title', '/partner/partnerList', '/member/partner/partnerList', 'PartnerListPage'),
  partnerEntry('partnerMemberList', 'front.partner.memberList.title', '/partner/partnerMemberList', '/member/partner/partnerMemberList', 'PartnerMemberListPage'),
  partnerEntry('partnerCashList', 'front.partner.cashList.title', '/partner/cashList', '/member/partner/cashList', 'PartnerCashListPage'),
  partnerEntry('partnerBettingList', 'front.partner.bettingList.title', '/partner/bettingList', '/member/partner/bettingList', 'PartnerBettingListPage'),
  partnerEntry('partnerCalculationList', 'front.partner.calculationList.title', '/partner/partnerCalculationList', '/member/partner/partnerCalculationList', 'PartnerCalculationListPage'),
  partnerEntry('partnerCalculationUserList', 'front.partner.calculationUserList.title', '/partner/partnerCalculationUserList', '/member/partner/partnerCalculationUserList', 'PartnerCalculationUserListPage'),
  partnerEntry('partnerMoneyMoveList', 'front.partner.moneyMoveList.title', '/partner/partnerMoneyMoveList', '/member/partner/partnerMoneyMoveList', 'PartnerMoneyMoveListPage'),
  partnerEntry('striNew', 'front.partner.striNew.title', '/striNew', '/member/striNew', 'StriNewPage'),
  { kind: 'redirect', id: 'stributor', desktop: '/stributor', to: 'partnerHome' },
  // My page's own view of the partner's summary (SPEC §2 stributor_mypage); a phone has it at /member/stributor.
  {
    kind: 'screen', id: 'stributorMypage', title: 'front.partner.mypage.title', desktop: '/mypage/stributor_mypage',
    component: dataScreen(() => import('../features/partner/pages'), 'StributorMypagePage'), access: 'partner', layout: 'site', menus: ['myPageTabs'],
  },
] as const satisfies readonly Entry[];

type Screens = (typeof SCREENS)[number];
type Built = Extract<Screens, { kind: 'screen' }>;

export type ScreenId = Built['id'];
export type MenuItemId = Extract<Screens, { kind: 'screen' | 'planned' }>['id'];

/** The ids of the screens a tree has; for `Tree` itself ('desktop' | 'phone'), of the screens both trees have. */
export type ScreenIdOn<T extends Tree> = Extract<Built, Record<T, string>>['id'];

/** The paths of one tree's screens and redirects, as literal types (what the route trees are built from). */
export type TreePath<T extends Tree> = Extract<Screens, Record<T, string>>[T];

/** The paths of the entries `E` on the trees `T` (each tree in `T` that the entry has). */
type PathsOn<E, T extends Tree> = E extends unknown ? (T extends keyof E ? E[T] : never) : never;

/** A screen's path on a tree ('/notice/read/$boardIdx'), or, for both trees, either of its two paths. */
export type ScreenPath<Id extends ScreenId, T extends Tree = Tree> = PathsOn<Extract<Built, { id: Id }>, T> & string;

/** The parameter names of a path template: '/notice/read/$boardIdx' -> 'boardIdx'. */
export type PathParamNames<P extends string> = P extends `${string}$${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}$${infer Name}` ? Name : never;

/** What a link to a screen fills its path's parameters with (a screen's parameters are the same on both trees). */
export type ScreenParams<Id extends ScreenId> = { [Name in PathParamNames<ScreenPath<Id>>]: string | number };

/** A link's search (query) values: TanStack Router writes them into the address and the screen reads them back. */
export type LinkSearch = Record<string, string | number | boolean>;

/**
 * TanStack Router's link options for one screen: spread on `<Link>`, or passed to `navigate` and `redirect`.
 * `to` is the path template of the registered route, `params` fill it (the router encodes them).
 */
export interface ScreenLink<P extends string = string> {
  to: P;
  params: { [Name in PathParamNames<P>]: string };
  search?: LinkSearch;
}

type LinkArgs<Id extends ScreenId> = [PathParamNames<ScreenPath<Id>>] extends [never]
  ? [params?: Record<string, never>, search?: LinkSearch]
  : [params: ScreenParams<Id>, search?: LinkSearch];

const byId = new Map<string, Entry>((SCREENS as readonly Entry[]).map((entry) => [entry.id, entry]));

export function screen(id: ScreenId): ScreenEntry {
  return byId.get(id) as ScreenEntry;
}

/**
 * The one way to link to a screen: `screenLink(tree, 'boardRead', { boardIdx: 7 })` gives
 * `{ to: '/board/read/$boardIdx', params: { boardIdx: '7' } }` on the desktop and the phone path on a phone.
 * The parameters are those of the screen's path (a missing or unknown one fails `tsc`). With the tree of a
 * component both trees draw (`useTree()`), only screens of both trees are accepted; a tree's own code
 * passes its tree ('phone'), so a screen of the other tree only fails `tsc` (tests/unit/screenLink.types.tsx).
 */
export function screenLink<T extends Tree, Id extends ScreenIdOn<T>>(tree: T, id: Id, ...[params, search]: LinkArgs<Id>): ScreenLink<ScreenPath<Id, T>> {
  const to = pathOn(id, tree);
  if (to === undefined) throw new Error(`the screen ${id} is not on the ${tree} tree`);
  const filled: Record<string, string> = {};
  for (const [, name] of to.matchAll(/\$(\w+)/g)) {
    const value = (params as Record<string, string | number> | undefined)?.[name!];
    if (value === undefined) throw new Error(`the link to ${id} needs its ${name}`);
    filled[name!] = String(value);
  }
  return { to, params: filled, ...(search && { search }) } as ScreenLink<ScreenPath<Id, T>>;
}

/** The screens and redirects that exist on a tree. */
export function treeEntries(tree: Tree): (ScreenEntry | RedirectEntry)[] {
  return (SCREENS as readonly Entry[]).filter((entry): entry is ScreenEntry | RedirectEntry => entry.kind !== 'planned' && entry[tree] !== undefined);
}

/** The path of a screen or redirect on a tree, or undefined when it does not exist there (yet). For the route trees; links use screenLink. */
export function pathOn(id: string, tree: Tree): string | undefined {
  const entry = byId.get(id);
  return entry && entry.kind !== 'planned' ? entry[tree] : undefined;
}

/** The screens whose paths have no parameters: menus, tabs and operator links lead only to these. */
export type PlainScreenId = { [Id in ScreenId]: [PathParamNames<ScreenPath<Id>>] extends [never] ? Id : never }[ScreenId];

/** A link to a screen without parameters that may or may not exist on the tree of the moment (a menu's item, a game's screen). */
export type AnyScreenLink = ScreenLink<ScreenPath<PlainScreenId>>;

/** The screen's link when it exists on `tree`, else undefined (a menu shows it as "준비 중입니다."). */
export function linkIfOn(id: PlainScreenId, tree: Tree): AnyScreenLink | undefined {
  return pathOn(id, tree) === undefined ? undefined : (screenLink(tree, id as ScreenIdOn<Tree> & PlainScreenId) as AnyScreenLink);
}

/** The screens of one tab frame on a tree, in map order (the won and USDT forms of a money direction). */
export function frameScreens(frame: Frame, tree: Tree): { id: ScreenId; link: AnyScreenLink }[] {
  return treeEntries(tree)
    .filter((entry): entry is ScreenEntry => entry.kind === 'screen' && entry.frame === frame)
    .map((entry) => ({ id: entry.id as ScreenId, link: linkIfOn(entry.id as PlainScreenId, tree)! }));
}

/** The visitor a menu is drawn for: menus leave out screens the visitor may not open. */
export interface Visitor {
  signedIn: boolean;
  partner: boolean;
}

export function mayOpen(access: Access, visitor: Visitor): boolean {
  if (access === 'guest') return !visitor.signedIn;
  if (access === 'member') return visitor.signedIn;
  if (access === 'partner') return visitor.partner;
  return access === 'public';
}

/** One item of a generated menu: a link when the screen exists on the tree, else "준비 중입니다.". */
export interface MenuItem {
  id: string;
  title: string;
  group?: MenuGroup;
  /** The screen's link options; undefined while the screen is not built on this tree. */
  link?: AnyScreenLink;
}

/**
 * A menu's items on a tree for a visitor, in map order: built screens the visitor may open (as links) and
 * planned screens (as "준비 중입니다."). Screens the visitor may not open are left out.
 */
export function menuItems(menu: Menu, tree: Tree, visitor: Visitor): MenuItem[] {
  const items: MenuItem[] = [];
  for (const entry of SCREENS as readonly Entry[]) {
    if (entry.kind === 'redirect' || !entry.menus?.includes(menu)) continue;
    if (entry.kind === 'planned') {
      items.push({ id: entry.id, title: entry.title, group: entry.group });
      continue;
    }
    const link = linkIfOn(entry.id as PlainScreenId, tree);
    if (!link || !mayOpen(entry.access, visitor)) continue;
    if (entry.phoneNavOnly && tree === 'desktop' && menu === 'siteMenu') continue;
    items.push({ id: entry.id, title: entry.title, group: entry.group, link });
  }
  return items;
}

/** The game screens (both trees have each): every category's lobby and the screens of its vendor codes. */
type GameScreenId = Extract<Built, { game: object }>['id'];

/** The link to a game category's screen (its lobby, or the screen of one vendor code in it), undefined while none is built. */
export function gameLink(tree: Tree, category: GameCategoryId, vendorCode?: string): AnyScreenLink | undefined {
  const entry = (SCREENS as readonly Entry[]).find((candidate) => {
    if (candidate.kind !== 'screen' || candidate.game?.category !== category) return false;
    const codes = candidate.game.vendorCodes;
    return vendorCode === undefined ? codes === undefined || candidate.game.lobby === true : codes?.includes(vendorCode) === true;
  });
  return entry && screenLink(tree, entry.id as GameScreenId);
}
