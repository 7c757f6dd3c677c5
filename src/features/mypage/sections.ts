/**
 * The my-page screens of this issue and where each lives on each tree: the desktop tree keeps them under
 * /mypage (SPEC §2 My page), the mobile tree at the top level like its other member pages (SPEC §2
 * Mobile routes: /point, /coupon, /give; the two histories as /chargeList and /exchangeList).
 */
export const MY_PAGE_SECTIONS = [
  { id: 'chargeList', desktop: '/mypage/chargeList', mobile: '/member/chargeList' },
  { id: 'exchangeList', desktop: '/mypage/exchangeList', mobile: '/member/exchangeList' },
  { id: 'point', desktop: '/mypage/point', mobile: '/member/point' },
  { id: 'coupon', desktop: '/mypage/coupon', mobile: '/member/coupon' },
  { id: 'give', desktop: '/mypage/give', mobile: '/member/give' },
] as const;

export type MyPageSection = (typeof MY_PAGE_SECTIONS)[number]['id'];

/** Menu labels, written out so the catalog check sees every id. */
export const SECTION_LABEL: Record<MyPageSection, string> = {
  chargeList: 'front.mypage.chargeList',
  exchangeList: 'front.mypage.exchangeList',
  point: 'front.mypage.point',
  coupon: 'front.mypage.coupon',
  give: 'front.mypage.give',
};

/** True on the desktop tree, whose my-page paths all start with /mypage. */
export function isDesktopPath(pathname: string): boolean {
  return pathname === '/mypage' || pathname.startsWith('/mypage/');
}
