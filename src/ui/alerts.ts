/**
 * The alert service: any module may ask for an alert (check) or a confirm (yes/no) at level warningart or
 * agreeart (SPEC §4) and await the member's answer; <AlertHost> shows them one at a time.
 */
import { useSyncExternalStore } from 'react';

export type AlertLevel = 'warningart' | 'agreeart';

export interface AlertContent {
  /** A message id to translate; `text` is shown when the catalog has none (e.g. a server message). */
  messageId?: string;
  values?: Record<string, unknown>;
  text?: string;
  level?: AlertLevel;
}

export interface AlertRequest extends AlertContent {
  key: number;
  kind: 'alert' | 'confirm';
  level: AlertLevel;
  answer(ok: boolean): void;
}

let queue: readonly AlertRequest[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(next: readonly AlertRequest[]): void {
  queue = next;
  listeners.forEach((listener) => listener());
}

function enqueue(kind: AlertRequest['kind'], content: AlertContent): Promise<boolean> {
  return new Promise((resolve) => {
    const key = nextKey++;
    const request: AlertRequest = {
      ...content,
      key,
      kind,
      level: content.level ?? 'warningart',
      answer(ok) {
        publish(queue.filter((item) => item.key !== key));
        resolve(ok);
      },
    };
    publish([...queue, request]);
  });
}

/** Shows an alert with one OK button; resolves when it is closed. */
export async function showAlert(content: AlertContent): Promise<void> {
  await enqueue('alert', content);
}

/** Shows a yes/no question; resolves true for yes. */
export function showConfirm(content: AlertContent): Promise<boolean> {
  return enqueue('confirm', { level: 'agreeart', ...content });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alert to show now (the oldest waiting one), or null. */
export function useCurrentAlert(): AlertRequest | null {
  return useSyncExternalStore(subscribe, () => queue[0] ?? null, () => null);
}
