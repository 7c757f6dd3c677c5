/**
 * Every money action's call, and what its accepted answer changes: the provided `send` actor and
 * `accepted` action of the one confirmed-action machine (machines/moneyAction.ts). Balances a call
 * answers go to the session as 'balances.answered', so the header follows at once; the data it changed
 * is invalidated, so every list and form showing it reads it again.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useActor } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Balances } from '../../contract/wallet';
import { moneyActionMachine, type SendInput } from '../../machines/moneyAction';
import type { CashDraft, CouponDraft, GiveDraft, PointDraft, RemovalDraft } from '../../machines/moneyDrafts';
import { useSession } from '../session/context';
import { inspectOption } from '../inspector';
import { useApi, type Api } from './api';
import { invalidate, keys } from './keys';

/** Null amounts never reach a call (the machine's check refuses them first); undefined lets the server say so all the same. */
const amount = (value: number | null) => value ?? undefined;

function sendCash(api: Api, { draft, idempotencyKey }: SendInput<CashDraft>) {
  switch (draft.cashType) {
    case 'in':
      return api.call('cashIn', { idempotencyKey, amount: amount(draft.amount), bonusYn: draft.bonusYn });
    case 'out':
      return api.call('cashOut', { idempotencyKey, amount: amount(draft.amount), cashOutPass: draft.cashOutPass });
    case 'coinIn':
      return api.call('coinIn', { idempotencyKey, usdtAmount: amount(draft.usdtAmount), priceKrw: amount(draft.priceKrw) });
    case 'coinOut':
      return api.call('coinOut', {
        idempotencyKey, amount: amount(draft.amount), priceKrw: amount(draft.priceKrw), address: draft.address, cashOutPass: draft.cashOutPass,
      });
  }
}

/** Each action: its call, and the kinds of data its success changes. */
const ACTIONS = {
  cash: { send: sendCash, changes: [keys.requests, keys.balances] },
  // cash/del takes no key: cancelling or hiding twice answers the same.
  cashDel: { send: (api: Api, { draft }: SendInput<RemovalDraft>) => api.call('cashDel', { requestId: draft.requestId }), changes: [keys.requests, keys.balances] },
  pointConvert: {
    send: (api: Api, { draft, idempotencyKey }: SendInput<PointDraft>) => api.call('pointConvert', { idempotencyKey, amount: amount(draft.amount) }),
    changes: [keys.balances, keys.history],
  },
  couponUse: {
    send: (api: Api, { draft, idempotencyKey }: SendInput<CouponDraft>) => api.call('couponUse', { idempotencyKey, couponId: draft.couponId }),
    changes: [keys.balances, keys.history],
  },
  couponGift: {
    send: (api: Api, { draft, idempotencyKey }: SendInput<CouponDraft>) =>
      api.call('couponGift', { idempotencyKey, couponId: draft.couponId, toMemId: draft.toMemId ?? '' }),
    changes: [keys.history],
  },
  give: {
    send: (api: Api, { draft, idempotencyKey }: SendInput<GiveDraft>) =>
      api.call('give', { idempotencyKey, toMemId: draft.toMemId, amount: amount(draft.amount), cashOutPass: draft.cashOutPass }),
    changes: [keys.balances, keys.history],
  },
} satisfies Record<string, { send(api: Api, input: SendInput<never>): Promise<unknown>; changes: readonly QueryKey[] }>;

export type MoneyActionKind = keyof typeof ACTIONS;

function balancesOf(answer: unknown): Balances | null {
  const balances = (answer as { balances?: Balances } | null)?.balances;
  return balances && typeof balances.cashAmt === 'number' && typeof balances.pointAmt === 'number' ? balances : null;
}

/** The machine with this action's call and effects; `check` is the action's client-side check (machines/moneyDrafts.ts). */
export function useMoneyActor<TDraft>(kind: MoneyActionKind, check?: (draft: TDraft) => string | null) {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  // The check reads what the form knows now (held points, the language), not what it knew at mount.
  const latestCheck = useRef(check);
  latestCheck.current = check;
  const logic = useMemo(() => {
    const action = ACTIONS[kind];
    return moneyActionMachine.provide({
      actors: { send: fromPromise(({ input }) => (action.send as (api: Api, input: SendInput) => Promise<unknown>)(api, input)) },
      actions: {
        accepted: (_, answer) => {
          const balances = balancesOf(answer);
          if (balances) session.send({ type: 'balances.answered', ...balances });
          invalidate(queryClient, action.changes);
        },
      },
    });
  }, [kind, api, session, queryClient]);
  const input = useMemo(() => ({ check: (draft: unknown) => latestCheck.current?.(draft as TDraft) ?? null }), []);
  return useActor(logic, { input, ...inspectOption() });
}
