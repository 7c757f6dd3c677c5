import { formatNumber } from '../../i18n/format';

/** Digits a member typed into an amount box (separators, spaces and anything else dropped). */
export function amountDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
}

/** The typed amount as an integer, or null when nothing was typed. */
export function amountValue(digits: string): number | null {
  return digits === '' ? null : Number(digits);
}

/** What the amount box shows: the digits with thousands separators. */
export function amountDisplay(digits: string): string {
  return digits === '' ? '' : formatNumber(Number(digits));
}
