import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SendInput } from '../../machines/sendTail';
import type { Api } from './api';
import { ACCOUNT_INQUIRY_KEY } from './queries';
import { useSender } from './sending';

/** "계좌문의": ask the operator for the account to pay into (getAcc, after the question), then read the inquiry again whatever the answer. */
export function useAskAccount() {
  const queryClient = useQueryClient();
  const call = useCallback(async (api: Api, _: SendInput<null>) => {
    try {
      return await api.call('getAcc', {});
    } finally {
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_INQUIRY_KEY });
    }
  }, [queryClient]);
  return useSender(call);
}
