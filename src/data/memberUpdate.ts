import { useMutation } from '@tanstack/react-query';
import type { PayloadOf } from '../../contract/calls';
import { useApi } from './api';

/** Changing the password or the cash-out password (/api/member/update); the server checks the current one. */
export function useMemberUpdate() {
  const api = useApi();
  return useMutation({ mutationFn: (change: PayloadOf<'memberUpdate'>) => api.call('memberUpdate', change) });
}
