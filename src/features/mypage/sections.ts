/**
 * The my-page screens that carry the my-page tabs. Which tabs exist, their paths on each tree and their
 * labels come from the screen map (src/routes/screens.ts, menu 'myPageTabs').
 */
import type { ScreenId } from '../../routes/screens';

export type MyPageSection = Extract<ScreenId, 'bettingList' | 'winLose' | 'chargeList' | 'exchangeList' | 'point' | 'coupon' | 'give' | 'memberInfo' | 'protection'>;
