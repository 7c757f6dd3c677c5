/**
 * Links the operator puts on banners and popups name a screen of the screen map (src/routes/screens.ts),
 * not a path: each tree opens its own path for it (/attendendance on a desktop, /member/attendance on a
 * phone). A link is '' (none), one of these screen ids, or an https address. The site checks at build
 * time that each id is a screen of the map (src/routes/operatorLink.ts).
 */
export const LINK_SCREENS = [
  'main', 'memberHome', 'deposit', 'coinDeposit', 'withdrawal', 'coinWithdrawal',
  'miniLobby', 'miniPowerball', 'miniPowerladder', 'miniSpeedkino', 'miniKinoladder', 'miniResults',
  'bettingList', 'winLose', 'chargeList', 'exchangeList', 'point', 'coupon', 'give', 'memberInfo', 'message',
  'notice', 'cscenter', 'qnaWrite', 'faq', 'accountQna', 'bettingGuide', 'gameGuide', 'boardList', 'boardWrite',
  'attendance', 'rotary', 'live',
] as const;

export type LinkScreen = (typeof LINK_SCREENS)[number];

const linkScreens: ReadonlySet<string> = new Set(LINK_SCREENS);

export function isLinkScreen(link: string): link is LinkScreen {
  return linkScreens.has(link);
}
