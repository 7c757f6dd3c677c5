/**
 * The outbox: writes a member makes without a connection (questions and board posts)
 * are kept in IndexedDB with their idempotency key and sent when the connection returns. Each item is
 * sent with the one key it was given when written, so however often it is sent (a lost answer, two
 * open tabs) the server makes it once; tabs also take turns (a Web Lock) and re-read the item before
 * sending, so normally only one sends it at all. Any answer ends an item (done or refused); no answer
 * keeps it for the next try. Nothing that moves money is ever put here.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { useCallback, useEffect, useState } from 'react';
import type { CallName, PayloadOf } from '../../contract/calls';
import { resultCodeOf } from '../../machines/errors';
import type { Api } from './api';

/** The calls an item may be (a write keyed by `idempotencyKey`). */
export type OutboxCall = Extract<CallName, 'qnaSave' | 'boardSave'>;

export interface OutboxItem<C extends OutboxCall = OutboxCall> {
  /** The idempotency key, written once when the member saved the item. */
  key: string;
  memId: string;
  call: C;
  payload: Omit<PayloadOf<C>, 'idempotencyKey'>;
  savedAt: number;
}

export type OutboxResult =
  | { kind: 'sent'; item: OutboxItem; answer: unknown }
  | { kind: 'refused'; item: OutboxItem; code: string }
  | { kind: 'unanswered'; item: OutboxItem };

const LOCK = 'hanbit-outbox';
const CHANGED = 'hanbit-outbox-changed';

let store: UseStore | null = null;
function outboxStore(): UseStore {
  store ??= createStore('hanbit-outbox', 'items');
  return store;
}

type Change = 'changed' | 'sent';

/** Tells this tab and the others that the outbox changed ('sent': items reached the server). */
function announce(change: Change): void {
  window.dispatchEvent(new CustomEvent<Change>(CHANGED, { detail: change }));
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANGED);
    channel.postMessage(change);
    channel.close();
  }
}

/** Follows the outbox's changes in this tab and the others; answers the unsubscribe. */
function onOutboxChange(listener: (change: Change) => void): () => void {
  const local = (event: Event) => listener((event as CustomEvent<Change>).detail);
  const remote = (event: MessageEvent<Change>) => listener(event.data);
  window.addEventListener(CHANGED, local);
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANGED) : null;
  channel?.addEventListener('message', remote);
  return () => {
    window.removeEventListener(CHANGED, local);
    channel?.close();
  };
}

/** Calls back whenever any tab's outbox sent items (so every tab's lists can be read afresh). */
export function onOutboxSent(listener: () => void): () => void {
  return onOutboxChange((change) => { if (change === 'sent') listener(); });
}

export async function outboxItems(memId: string, call?: OutboxCall): Promise<OutboxItem[]> {
  const all = await entries<string, OutboxItem>(outboxStore());
  return all.map(([, item]) => item).filter((item) => item.memId === memId && (!call || item.call === call)).sort((a, b) => a.savedAt - b.savedAt);
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK, work) as Promise<T>;
  return work();
}

/** Sends the member's waiting items, oldest first, until one gets no answer; the caller holds the lock. */
async function sendWaiting(api: Api, memId: string): Promise<OutboxResult[]> {
  const results: OutboxResult[] = [];
  for (const listed of await outboxItems(memId)) {
    // Another tab may have sent it while this one waited for the lock.
    const item = await get<OutboxItem>(listed.key, outboxStore());
    if (!item) continue;
    try {
      const answer = await api.call(item.call, { ...item.payload, idempotencyKey: item.key } as PayloadOf<typeof item.call>);
      await del(item.key, outboxStore());
      results.push({ kind: 'sent', item, answer });
    } catch (error) {
      const code = resultCodeOf(error);
      if (code === null) {
        results.push({ kind: 'unanswered', item });
        break;
      }
      await del(item.key, outboxStore());
      results.push({ kind: 'refused', item, code });
    }
  }
  if (results.some((result) => result.kind === 'sent')) announce('sent');
  else if (results.some((result) => result.kind === 'refused')) announce('changed');
  return results;
}

/**
 * Sends the member's waiting items, oldest first, one tab at a time; stops at the first item that gets
 * no answer (the connection is still gone). Answers what happened to each item it tried.
 */
export function flushOutbox(api: Api, memId: string): Promise<OutboxResult[]> {
  return withLock(() => sendWaiting(api, memId));
}

/**
 * What the member writes now: kept with its idempotency key (the confirmed-send tail's, so a second send
 * of the same request is the same item) and sent at once, after any older items,
 * under one hold of the lock, so that no other flush (this tab's on reconnecting, another tab's) can send
 * it first and leave this caller unable to say what became of it. Answers its fate: sent, refused, or
 * kept to be sent when the connection returns.
 */
export function sendThroughOutbox<C extends OutboxCall>(api: Api, memId: string, call: C, payload: OutboxItem<C>['payload'], key: string): Promise<OutboxResult> {
  return withLock(async () => {
    const item: OutboxItem<C> = { key, memId, call, payload, savedAt: Date.now() };
    await set(item.key, item, outboxStore());
    announce('changed');
    const results = await sendWaiting(api, memId);
    return results.find((result) => result.item.key === item.key) ?? { kind: 'unanswered', item };
  });
}

/** The member's waiting items of one call, following changes made by this tab and others. */
export function useOutboxItems(memId: string | null, call: OutboxCall): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const reload = useCallback(() => {
    if (!memId) return setItems([]);
    void outboxItems(memId, call).then(setItems, () => setItems([]));
  }, [memId, call]);
  useEffect(() => {
    reload();
    return onOutboxChange(reload);
  }, [reload]);
  return items;
}
