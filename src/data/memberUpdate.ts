import type { SendInput } from '../../machines/sendTail';
import type { Api } from './api';
import { useSender } from './sending';

/** A secret the member changes: which one, the current one, the new one and its confirmation, as typed. */
export interface SecretUpdate {
  kind: 'password' | 'cashOutPass';
  current: string;
  next: string;
  check: string;
}

const updateMember = (api: Api, { request: { kind, current, next, check } }: SendInput<SecretUpdate>) =>
  api.call('memberUpdate', kind === 'password'
    ? { kind, memPass: current, newMemPass: next, newMemPassCheck: check }
    : { kind, cashOutPass: current, newCashOutPass: next });

/**
 * Changing the password or the cash-out password (/api/member/update), sent at once; the server checks
 * the current one. `check` is the form's own (the current one typed, the new one's rule, the two alike).
 */
export function useMemberUpdate(check: (change: SecretUpdate) => string | null) {
  return useSender(updateMember, { confirm: false, check });
}
