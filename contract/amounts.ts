/**
 * Amounts as client and server read them, without floating point: won and points are whole numbers,
 * USDT is integer micro-units (1 USDT = USDT_MICRO). Pure integer maths; every reader answers null for
 * anything that is not a safe positive amount, and the caller chooses the rule's own code for it.
 */
import { USDT_MICRO } from './wallet';

const DIGITS = /^[0-9]{1,16}$/;
const USDT_TEXT = /^([0-9]{1,12})(?:\.([0-9]{0,6}))?$/;
const MICRO_DIGITS = String(USDT_MICRO).length - 1;

/** A payload amount: a JSON number or a string of digits that is a safe positive integer, else null. */
export function readAmount(value: unknown): number | null {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string' && DIGITS.test(value)) amount = Number(value);
  else return null;
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/** Won or points as a member typed them: '1,250,000' -> 1250000; null for empty, negative, fractional or unsafe. */
export function parseWon(text: string): number | null {
  return readAmount(text.trim().replaceAll(',', ''));
}

/** Points are typed and read exactly like won. */
export const parsePoints = parseWon;

/** What an amount box keeps of what was typed: digits only, no leading zeros, at most 15 of them. */
export function typedDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
}

/** USDT typed as a decimal: '12.5' -> 12500000 micro-units; at most 6 decimals; null for anything else or zero. */
export function parseUsdt(text: string): number | null {
  const match = USDT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const micro = Number(whole) * USDT_MICRO + Number(fraction.padEnd(MICRO_DIGITS, '0'));
  return Number.isSafeInteger(micro) && micro > 0 ? micro : null;
}

/** 12500000 micro-units -> '12.5' (thousands separated, no trailing zeros). */
export function formatUsdt(micro: number): string {
  const whole = Math.trunc(micro / USDT_MICRO);
  const fraction = String(micro % USDT_MICRO).padStart(MICRO_DIGITS, '0').replace(/0+$/, '');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Won for `micro` USDT at `priceKrw` won per USDT, rounded down; null when beyond a safe integer. */
export function wonForUsdt(micro: number, priceKrw: number): number | null {
  const won = (BigInt(micro) * BigInt(priceKrw)) / BigInt(USDT_MICRO);
  return won <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(won) : null;
}

/** USDT micro-units that `won` buys at `priceKrw` won per USDT, rounded down; 0 without a price. */
export function usdtForWon(won: number, priceKrw: number): number {
  if (priceKrw <= 0) return 0;
  return Number((BigInt(won) * BigInt(USDT_MICRO)) / BigInt(priceKrw));
}
