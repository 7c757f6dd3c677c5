import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api';
import { queries } from './queries';

/** "계좌문의": ask the operator for the account to pay into (getAcc), then read the inquiry again. */
export function useAskAccount() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('getAcc', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queries.accountInquiry(api).queryKey }),
  });
}
