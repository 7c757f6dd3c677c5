/** The partner area's screens, one chunk (routes/screens.ts loads them lazily by name). */
export { PartnerHomePage, StributorMypagePage } from './PartnerHomePage';
export { PartnerListPage } from './PartnerListPage';
export { PartnerMemberListPage } from './PartnerMemberListPage';
export { PartnerCashListPage } from './PartnerCashListPage';
export { PartnerBettingListPage } from './PartnerBettingListPage';
export { PartnerCalculationListPage, PartnerCalculationUserListPage } from './PartnerCalculationPages';
export { PartnerMoneyMoveListPage } from './PartnerMoneyMoveListPage';
export { StriNewPage } from './StriNewPage';
