/**
 * What the partner area's writes send (their drafts, amounts and rates already read into integers, or null
 * when unreadable) and their client-side checks, answering the message id of the first mistake. Convenience
 * only: the server checks everything again (the line, the caps, once a day, the money).
 */
import { parseWon } from '../contract/amounts';
import { PARTNER_PRODUCTS, RATE_BP_MAX, RATE_KINDS, type PartnerProduct, type RateKind, type RateTable } from '../contract/partner';
import { checkSignup, type SignupFields } from '../contract/rules';

/** One rate cell of a table: a product and a kind. */
export interface RateCell {
  product: PartnerProduct;
  kind: RateKind;
}

/** Every cell of a rate table, products first (the order of the tables and of the recheck message). */
export const RATE_CELLS: readonly RateCell[] = PARTNER_PRODUCTS.flatMap((product) => RATE_KINDS.map((kind) => ({ product, kind })));

export const cellKey = ({ product, kind }: RateCell): string => `${product}.${kind}`;

/** A rate as the partner types it: percent with up to two decimals ('1.25' is 125 bp). */
export function ratePercentText(bp: number): string {
  return (bp / 100).toFixed(2);
}

/** Typed percent into basis points: null when it is not a number with at most two decimals, or above 100 %. */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= RATE_BP_MAX ? bp : null;
}

/** The typed texts of a rate table, by cellKey. */
export type RateTexts = Record<string, string>;

export function rateTexts(table: RateTable): RateTexts {
  return Object.fromEntries(RATE_CELLS.map((cell) => [cellKey(cell), ratePercentText(table[cell.product][cell.kind])]));
}

/** One rate the partner changes: from what, to what (null: unreadable), and the most it may be. */
export interface RateChange extends RateCell {
  from: number;
  to: number | null;
  cap: number;
}

/** A rate change for a lower partner: only the cells whose typed value differs from the rate in force. */
export interface RateDraft {
  memId: string;
  changes: RateChange[];
}

export function rateDraft(memId: string, current: RateTable, cap: RateTable, texts: RateTexts): RateDraft {
  const changes = RATE_CELLS.flatMap((cell): RateChange[] => {
    const from = current[cell.product][cell.kind];
    const to = parseRatePercent(texts[cellKey(cell)] ?? '');
    return to === from ? [] : [{ ...cell, from, to, cap: cap[cell.product][cell.kind] }];
  });
  return { memId, changes };
}

export const RATE_NO_CHANGE_ID = 'front.partner.rate.noChange';
export const RATE_INVALID_ID = 'front.partner.rate.invalid';
export const RATE_ABOVE_CAP_ID = 'front.partner.rate.aboveCap';

/** The first rate that cannot be sent, with the message saying why (SPEC §5: each rate is checked). */
export function rateProblem(changes: readonly RateChange[]): { messageId: string; change: RateChange } | null {
  for (const change of changes) {
    if (change.to === null) return { messageId: RATE_INVALID_ID, change };
    if (change.to > change.cap) return { messageId: RATE_ABOVE_CAP_ID, change };
  }
  return null;
}

export function checkRates(draft: RateDraft): string | null {
  if (draft.changes.length === 0) return RATE_NO_CHANGE_ID;
  return rateProblem(draft.changes)?.messageId ?? null;
}

/** Giving cash to a lower member or partner, or taking it back (SPEC §3 money give/take). */
export interface MoveDraft {
  direction: 'give' | 'take';
  memId: string;
  amount: number | null;
  note: string;
}

export function moveDraft(direction: MoveDraft['direction'], memId: string, amountText: string, note: string): MoveDraft {
  return { direction, memId, amount: parseWon(amountText), note: note.trim() };
}

/** SPEC §8: C303 a wrong amount to give, C403 a wrong amount to take back. */
export function checkMove(draft: MoveDraft): string | null {
  if (draft.amount === null || draft.amount <= 0) return draft.direction === 'give' ? 'api.C303' : 'api.C403';
  return null;
}

/** /striNew: the sign-up model's fields of the new lower partner, and their starting rates. */
export type NewPartnerFields = Omit<SignupFields, 'recommenderId'>;

export interface NewPartnerDraft {
  fields: NewPartnerFields;
  /** Every cell typed (from 0), capped by the creating partner's own rates. */
  rates: RateChange[];
}

export function newPartnerDraft(fields: NewPartnerFields, own: RateTable, texts: RateTexts): NewPartnerDraft {
  const rates = RATE_CELLS.map((cell) => ({
    ...cell, from: 0, to: parseRatePercent(texts[cellKey(cell)] ?? ''), cap: own[cell.product][cell.kind],
  }));
  return { fields, rates };
}

/** The sign-up rules in SPEC §5's order (the creating partner is the recommender), then each rate. */
export function checkNewPartner(draft: NewPartnerDraft): string | null {
  const failure = checkSignup({ ...draft.fields, recommenderId: '' }, true);
  if (failure) return failure.messageId;
  return rateProblem(draft.rates)?.messageId ?? null;
}
