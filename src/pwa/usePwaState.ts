import { useSyncExternalStore } from 'react';
import { pwaStore, type PwaState } from './register';

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.getSnapshot, pwaStore.getSnapshot);
}
