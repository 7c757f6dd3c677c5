/**
 * What members type into the money forms, read without floating point: won as whole numbers (thousands
 * separators allowed), USDT as a decimal string turned into integer micro-units (1 USDT = 1,000,000).
 * Anything unreadable is null; the form then shows the rule's "enter amount" code.
 */
import { USDT_MICRO } from '../contract/wallet';

const WON = /^[0-9]{1,16}$/;
const USDT = /^([0-9]{1,12})(?:\.([0-9]{0,6}))?$/;
const MICRO_DIGITS = String(USDT_MICRO).length - 1;

/** '1,250,000' -> 1250000; null for empty, negative, fractional, non-numeric or unsafe amounts. */
export function parseWon(text: string): number | null {
  const digits = text.trim().replaceAll(',', '');
  if (!WON.test(digits)) return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** '12.5' -> 12500000 micro-units; at most 6 decimals; null for anything else or zero. */
export function parseUsdt(text: string): number | null {
  const match = USDT.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const micro = Number(whole) * USDT_MICRO + Number(fraction.padEnd(MICRO_DIGITS, '0'));
  return Number.isSafeInteger(micro) && micro > 0 ? micro : null;
}

/** 12500000 -> '12.5' (no trailing zeros), for showing micro-units back to the member. */
export function formatUsdt(micro: number): string {
  const whole = Math.trunc(micro / USDT_MICRO);
  const fraction = String(micro % USDT_MICRO).padStart(MICRO_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole.toLocaleString('en-US')}.${fraction}` : whole.toLocaleString('en-US');
}

/** Won for `micro` USDT at `priceKrw` won per USDT, rounded down (exact: computed in BigInt). */
export function wonForUsdt(micro: number, priceKrw: number): number {
  return Number((BigInt(micro) * BigInt(priceKrw)) / BigInt(USDT_MICRO));
}

/** Micro-units of USDT that `won` buys at `priceKrw` won per USDT, rounded down. */
export function usdtForWon(won: number, priceKrw: number): number {
  if (priceKrw <= 0) return 0;
  return Number((BigInt(won) * BigInt(USDT_MICRO)) / BigInt(priceKrw));
}
