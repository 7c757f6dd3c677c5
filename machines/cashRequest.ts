/**
 * One money-request form (deposit, withdrawal, USDT deposit, USDT withdrawal), SPEC §2 Money:
 * editing -> confirming (the member says yes to the confirm modal) -> submitting -> done | failed.
 *
 * The idempotency key is made when a request is first confirmed and kept with the draft it was made
 * for: when no answer came (network failure) and the member sends the same draft again, the same key
 * goes out, so the server answers the first request instead of taking a second one. A server refusal
 * or a success ends that request and its key.
 *
 * While confirming or submitting, further submit/confirm events are not listened for, so a double click
 * sends one request.
 */
import { assign, setup } from 'xstate';
import type { PayloadOf } from '../contract/calls';
import { TRC20_ADDRESS_PATTERN, type Balances, type CashRequest, type CashType } from '../contract/wallet';
import { NETWORK_ERROR_ID, resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';
import { parseUsdt, parseWon } from './walletAmounts';

type WithoutKey<T> = Omit<T, 'idempotencyKey'>;

/**
 * What each kind of request sends, without its idempotency key: the call payloads of contract/calls.ts
 * with the amounts already read into integers (won, or USDT micro-units).
 */
export type CashDraft =
  | { cashType: 'in'; payload: { amount: number; bonusYn: 'Y' | 'N' } & WithoutKey<PayloadOf<'cashIn'>> }
  | { cashType: 'out'; payload: { amount: number; cashOutPass: string } & WithoutKey<PayloadOf<'cashOut'>> }
  | { cashType: 'coinIn'; payload: { usdtAmount: number; priceKrw: number } & WithoutKey<PayloadOf<'coinIn'>> }
  | {
      cashType: 'coinOut';
      payload: { amount: number; priceKrw: number; address: string; cashOutPass: string } & WithoutKey<PayloadOf<'coinOut'>>;
    };

export type SubmitInput = CashDraft & { idempotencyKey: string };
export interface SubmitAnswer {
  request: CashRequest;
  /** Withdrawals answer the balances after the amount was held. */
  balances?: Balances;
}

/** The form as typed. Amounts stay text until the draft is made. */
export interface CashForm {
  /** Won, typed or added by the preset buttons (deposits, withdrawals, USDT withdrawals). */
  amount: string;
  /** USDT typed as a decimal (USDT deposits). */
  usdt: string;
  bonusYn: 'Y' | 'N';
  cashOutPass: string;
  /** TRC-20 destination (USDT withdrawals). */
  address: string;
}
export type CashFormField = keyof Omit<CashForm, 'bonusYn'>;

export interface CashRequestContext {
  cashType: CashType;
  form: CashForm;
  /** The won price per USDT the member currently sees (USDT forms); locked into the draft on submit. */
  priceKrw: number | null;
  /** The request awaiting confirmation or being sent. */
  draft: CashDraft | null;
  /** The key of the last confirmed request whose answer never came, with the draft it belongs to. */
  pending: { draft: CashDraft; key: string } | null;
  /** The accepted request (done). */
  request: CashRequest | null;
  /** Message id to alert, never translated text. */
  errorId: string | null;
}

export type CashRequestEvent =
  | { type: 'cash.change'; field: CashFormField; value: string }
  | { type: 'cash.bonus'; bonusYn: 'Y' | 'N' }
  | { type: 'cash.add'; amount: number }
  | { type: 'cash.clear' }
  | { type: 'cash.price'; priceKrw: number }
  | { type: 'cash.submit' }
  | { type: 'cash.confirm' }
  | { type: 'cash.cancel' }
  | { type: 'cash.retry' }
  | { type: 'cash.dismiss' }
  | { type: 'cash.again' };

export const EMPTY_FORM: CashForm = { amount: '', usdt: '', bonusYn: 'Y', cashOutPass: '', address: '' };

/** The "enter an amount" code of each kind of request (SPEC §8). */
const AMOUNT_CODE: Record<CashType, string> = { in: 'C002', out: 'C206', coinIn: 'C002', coinOut: 'C206' };

export type DraftResult = { draft: CashDraft; errorId: null } | { draft: null; errorId: string };

const refuse = (code: string): DraftResult => ({ draft: null, errorId: `api.${code}` });

/**
 * The request the form describes, or the message id of the first thing wrong with it. Convenience
 * only: the server checks everything again (limits, units, held money, the password itself).
 */
export function draftFrom(cashType: CashType, form: CashForm, priceKrw: number | null): DraftResult {
  if (cashType === 'coinIn') {
    const usdtAmount = parseUsdt(form.usdt);
    if (usdtAmount === null) return refuse(AMOUNT_CODE.coinIn);
    if (priceKrw === null) return { draft: null, errorId: 'front.cash.noPrice' };
    return { draft: { cashType, payload: { usdtAmount, priceKrw } }, errorId: null };
  }
  const amount = parseWon(form.amount);
  if (amount === null) return refuse(AMOUNT_CODE[cashType]);
  if (cashType === 'in') return { draft: { cashType, payload: { amount, bonusYn: form.bonusYn } }, errorId: null };
  if (form.cashOutPass === '') return refuse('C205');
  if (cashType === 'out') return { draft: { cashType, payload: { amount, cashOutPass: form.cashOutPass } }, errorId: null };
  const address = form.address.trim();
  if (!TRC20_ADDRESS_PATTERN.test(address)) return refuse('C802');
  if (priceKrw === null) return { draft: null, errorId: 'front.cash.noPrice' };
  return { draft: { cashType, payload: { amount, priceKrw, address, cashOutPass: form.cashOutPass } }, errorId: null };
}

function sameDraft(a: CashDraft, b: CashDraft): boolean {
  return a.cashType === b.cashType && JSON.stringify(a.payload) === JSON.stringify(b.payload);
}

/** 24 random characters from the browser's cryptographic source (works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_');
}

/** The message for a failed request: the server's code, or "no answer" when none came. */
export function cashErrorId(error: unknown): string {
  const code = resultCodeOf(error);
  return code === null ? NETWORK_ERROR_ID : `api.${code}`;
}

/** The form's won amount plus a preset, starting from zero when nothing readable was typed. */
function addToAmount(text: string, add: number): string {
  return String((parseWon(text) ?? 0) + add);
}

export const cashRequestMachine = setup({
  types: {
    context: {} as CashRequestContext,
    events: {} as CashRequestEvent,
    input: {} as { cashType: CashType },
  },
  actors: {
    submitRequest: promiseNotProvided<SubmitAnswer, SubmitInput>('submitRequest'),
  },
  actions: {
    /** The request was accepted (the app refreshes the balances and the open request). */
    requestAccepted: (_, _answer: SubmitAnswer) => {},
    changeField: assign(({ context }, params: { field: CashFormField; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
    })),
    chooseBonus: assign(({ context }, params: { bonusYn: 'Y' | 'N' }) => ({ form: { ...context.form, bonusYn: params.bonusYn } })),
    addAmount: assign(({ context }, params: { amount: number }) => ({
      form: { ...context.form, amount: addToAmount(context.form.amount, params.amount) },
    })),
    clearAmount: assign(({ context }) => ({ form: { ...context.form, amount: '', usdt: '' } })),
    setPrice: assign((_, params: { priceKrw: number }) => ({ priceKrw: params.priceKrw })),
    makeDraft: assign(({ context }) => {
      const { draft, errorId } = draftFrom(context.cashType, context.form, context.priceKrw);
      return { draft, errorId };
    }),
    showError: assign((_, params: { errorId: string }) => ({ errorId: params.errorId })),
    dismissError: assign({ errorId: null }),
    /** A confirmed request keeps the key of the same draft whose answer never came; otherwise a new key. */
    keyRequest: assign(({ context }) => {
      const draft = context.draft!;
      if (context.pending && sameDraft(context.pending.draft, draft)) return {};
      return { pending: { draft, key: newIdempotencyKey() } };
    }),
    /** The server answered (accepted or refused): that request is over, and so is its key. */
    endRequest: assign({ pending: null }),
    dropDraft: assign({ draft: null }),
    keepRequest: assign((_, answer: SubmitAnswer) => ({ request: answer.request })),
    startOver: assign({ form: ({ context }) => ({ ...EMPTY_FORM, bonusYn: context.form.bonusYn }), request: null, draft: null }),
  },
  guards: {
    draftIsValid: ({ context }) => draftFrom(context.cashType, context.form, context.priceKrw).draft !== null,
    /** The server answered the failed call (as opposed to no answer at all). */
    isServerRefusal: (_, params: { error: unknown }) => resultCodeOf(params.error) !== null,
    /** A retry is only offered while the unanswered request's key is kept. */
    canRetry: ({ context }) => context.pending !== null && context.draft !== null,
  },
}).createMachine({
  id: 'cashRequest',
  context: ({ input }) => ({
    cashType: input.cashType,
    form: EMPTY_FORM,
    priceKrw: null,
    draft: null,
    pending: null,
    request: null,
    errorId: null,
  }),
  initial: 'editing',
  on: {
    // The shown price follows the source in every state; a confirmed draft keeps the price it was made with.
    'cash.price': { actions: { type: 'setPrice', params: ({ event }) => ({ priceKrw: event.priceKrw }) } },
  },
  states: {
    editing: {
      on: {
        'cash.change': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'cash.bonus': { actions: { type: 'chooseBonus', params: ({ event }) => ({ bonusYn: event.bonusYn }) } },
        'cash.add': { actions: { type: 'addAmount', params: ({ event }) => ({ amount: event.amount }) } },
        'cash.clear': { actions: 'clearAmount' },
        'cash.submit': [
          { guard: 'draftIsValid', target: 'confirming', actions: 'makeDraft' },
          { actions: 'makeDraft' },
        ],
        'cash.dismiss': { actions: 'dismissError' },
      },
    },
    confirming: {
      on: {
        'cash.confirm': { target: 'submitting', actions: 'keyRequest' },
        'cash.cancel': { target: 'editing', actions: 'dropDraft' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitRequest',
        src: 'submitRequest',
        input: ({ context }) => ({ ...context.draft!, idempotencyKey: context.pending!.key }) as SubmitInput,
        onDone: {
          target: 'done',
          actions: [
            'endRequest',
            { type: 'keepRequest', params: ({ event }) => event.output },
            { type: 'requestAccepted', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'isServerRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: ['endRequest', { type: 'showError', params: ({ event }) => ({ errorId: cashErrorId(event.error) }) }],
          },
          // No answer: the key stays with this draft for the retry.
          { target: 'failed', actions: { type: 'showError', params: { errorId: NETWORK_ERROR_ID } } },
        ],
      },
    },
    failed: {
      on: {
        'cash.retry': { guard: 'canRetry', target: 'submitting', actions: 'dismissError' },
        'cash.dismiss': { target: 'editing', actions: ['dismissError', 'dropDraft'] },
      },
    },
    done: {
      on: {
        'cash.again': { target: 'editing', actions: 'startOver' },
      },
    },
  },
});

export type CashRequestLogic = typeof cashRequestMachine;
