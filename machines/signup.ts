/**
 * The sign-up form (SPEC §4, §5): per-field checks in §5's order, the sign-up call, server errors by
 * code, the success alert, the pending-approval complete modal, then the login modal.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_MEM_LEVEL, DEFAULT_PART_SEND_YN } from '../contract/constants';
import type { PayloadOf } from '../contract/calls';
import type { ResultCode } from '../contract/codes';
import { checkSignup, normalizePhone, type RuleFailure, type SignupField, type SignupFields } from '../contract/rules';
import { failureMessageId, resultCodeOf } from './errors';
import { promiseNotProvided } from './notProvided';

export interface SignupInput {
  /** True when the site configures a default recommender: the field is fixed text, not typed. */
  recommenderFixed: boolean;
  recommenderId?: string;
}

export interface SignupContext {
  fields: SignupFields;
  /** The first failing rule, or the field a server error points at. */
  failure: RuleFailure | null;
  /** Message id of a server or network error. */
  errorId: string | null;
  recommenderFixed: boolean;
}

export type SignupPayload = PayloadOf<'signup'>;

export type SignupEvent =
  | { type: 'signup.change'; field: SignupField; value: string }
  | { type: 'signup.submit' }
  /** Closes the success alert, then the complete modal. */
  | { type: 'signup.ack' }
  | { type: 'signup.dismissError' };

export const SIGNUP_COMPLETE_MESSAGE = 'front.member.completeSignup';

const EMPTY_FIELDS: SignupFields = {
  memId: '', memPass: '', memPassCheck: '', cashOutPass: '', memNick: '',
  memPhone: '', recommenderId: '', bank: '', memName: '', bankacc: '',
};

/** The field each server rule or duplicate code is about, so the form can point at it. */
const FIELD_OF_CODE: Partial<Record<ResultCode, SignupField>> = {
  U101: 'memId', U116: 'memId',
  U102: 'memPass',
  U103: 'cashOutPass',
  U105: 'memNick', U117: 'memNick', BD005: 'memNick',
  U104: 'memPhone', U118: 'memPhone',
  U106: 'bankacc', U119: 'bankacc',
  U112: 'recommenderId', U113: 'recommenderId', U114: 'recommenderId',
};

/** What a failed sign-up call means for the form: 'api.<code>' (pointing at its field), or a network error. */
export function signupServerError(error: unknown): Pick<SignupContext, 'errorId' | 'failure'> {
  const code = resultCodeOf(error);
  const errorId = failureMessageId(error);
  const field = code === null ? undefined : FIELD_OF_CODE[code];
  return { errorId, failure: field ? { field, messageId: errorId } : null };
}

/** The SPEC §3 signup model; the server decides level and status and re-checks everything. */
export function toSignupPayload(fields: SignupFields): SignupPayload {
  return {
    memId: fields.memId,
    memPass: fields.memPass,
    memPassCheck: fields.memPassCheck,
    memPhone: normalizePhone(fields.memPhone),
    memPhoneVendor: '',
    bank: fields.bank,
    memName: fields.memName.trim(),
    memNick: fields.memNick.trim(),
    bankacc: fields.bankacc,
    cashOutPass: fields.cashOutPass,
    nationCode: 'KR',
    partSendYn: DEFAULT_PART_SEND_YN,
    memLevel: DEFAULT_MEM_LEVEL,
    memStatus: 0,
    recommenderId: fields.recommenderId.trim(),
  };
}

export const signupMachine = setup({
  types: {
    input: {} as SignupInput,
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    submitSignup: promiseNotProvided<unknown, SignupPayload>('submitSignup'),
  },
  actions: {
    changeField: assign(({ context }, params: { field: SignupField; value: string }) => ({
      fields: { ...context.fields, [params.field]: params.value },
      failure: null,
      errorId: null,
    })),
    showRuleFailure: assign(({ context }) => ({ failure: checkSignup(context.fields, context.recommenderFixed) })),
    showServerError: assign((_, params: { error: unknown }) => signupServerError(params.error)),
    clearErrors: assign({ failure: null, errorId: null }),
    forgetSecrets: assign(({ context }) => ({
      fields: { ...context.fields, memPass: '', memPassCheck: '', cashOutPass: '' },
    })),
  },
  guards: {
    canChangeField: ({ context }, params: { field: SignupField }) =>
      !(context.recommenderFixed && params.field === 'recommenderId'),
    hasRuleFailure: ({ context }) => checkSignup(context.fields, context.recommenderFixed) !== null,
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    fields: { ...EMPTY_FIELDS, recommenderId: input.recommenderFixed ? input.recommenderId ?? '' : '' },
    failure: null,
    errorId: null,
    recommenderFixed: input.recommenderFixed,
  }),
  initial: 'editing',
  on: {
    'signup.dismissError': { actions: 'clearErrors' },
  },
  states: {
    editing: {
      on: {
        'signup.change': {
          guard: { type: 'canChangeField', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'signup.submit': [
          { guard: 'hasRuleFailure', actions: 'showRuleFailure' },
          { target: 'submitting', actions: 'clearErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitSignup',
        src: 'submitSignup',
        input: ({ context }) => toSignupPayload(context.fields),
        onDone: { target: 'succeeded' },
        onError: { target: 'editing', actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The success alert. */
    succeeded: {
      entry: 'forgetSecrets',
      meta: { messageId: SIGNUP_COMPLETE_MESSAGE },
      on: { 'signup.ack': { target: 'complete' } },
    },
    /** The complete modal: the account waits for the operator's approval. */
    complete: {
      on: { 'signup.ack': { target: 'openLogin' } },
    },
    /** Done: the app opens the login modal. */
    openLogin: { type: 'final' },
  },
});

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

/** The one message the form should alert now, if any. */
export function selectSignupAlert(snapshot: SignupSnapshot): string | null {
  if (snapshot.matches('succeeded')) return SIGNUP_COMPLETE_MESSAGE;
  return snapshot.context.errorId ?? snapshot.context.failure?.messageId ?? null;
}
