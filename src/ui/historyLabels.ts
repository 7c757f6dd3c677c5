/** The labels of bets and cash requests, shared by my page and the partner area's lists of the line. */
import { BET_GROUPS, type BetGroup, type BetNames, type BetResult } from '../../contract/betting';
import type { CashType } from '../../contract/wallet';
import './history.css';

/** The product filter of the bet list ('' for all). */
export const BET_GROUP_FILTER: readonly (BetGroup | '')[] = ['', ...BET_GROUPS];
export const BET_GROUP_LABEL: Record<BetGroup | '', string> = {
  '': 'front.bet.group.all',
  casino: 'front.menu.casino',
  slot: 'front.menu.slot',
  fishing: 'front.menu.fishing',
  minigame: 'front.menu.minigame',
  sport: 'front.menu.sport',
};

export const BET_RESULT_LABEL: Record<BetResult, string> = {
  PASS: 'front.bet.result.PASS',
  FAIL: 'front.bet.result.FAIL',
  TIE: 'front.bet.result.TIE',
  WAIT: 'front.bet.result.WAIT',
  CANCEL: 'front.bet.result.CANCEL',
  PARTIAL: 'front.bet.result.PARTIAL',
};

export const namesIn = (names: BetNames, locale: string): string => names[locale as keyof BetNames] || names.ko;

/** The cash request types (deposit, withdrawal, each in won or USDT). */
export const CASH_TYPE_LABEL: Record<CashType, string> = {
  in: 'front.mypage.cashType.in',
  coinIn: 'front.mypage.cashType.coinIn',
  out: 'front.mypage.cashType.out',
  coinOut: 'front.mypage.cashType.coinOut',
};
