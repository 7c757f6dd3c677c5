/**
 * The signed-in operator (GET /console/me), read once and kept by TanStack Query; 401 OP003 means no
 * session, and the console shows the sign-in. What a role may do comes from contract/console.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_CALLS, roleMayCall, type ConsoleAnswers, type ConsoleMe } from '../../contract/console';
import { ConsoleCallError, consoleCall } from './api';

export const meKey = ['console', 'me'] as const;

async function readMe(): Promise<ConsoleMe | null> {
  try {
    return await consoleCall<ConsoleMe>('GET', CONSOLE_CALLS.me.path);
  } catch (error) {
    if (error instanceof ConsoleCallError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: readMe, staleTime: 60_000, retry: false });
}

/** After sign-in, enrolment or sign-out: the session as the server now sees it. */
export function useSetMe() {
  const queryClient = useQueryClient();
  return (me: ConsoleMe | null) => {
    if (me === null) queryClient.clear();
    queryClient.setQueryData(meKey, me);
  };
}

/** Whether the signed-in operator may use an operator call (`METHOD /path` as in OPERATOR_CALLS). */
export function useMay(): (call: string) => boolean {
  const me = useMe().data;
  return (call) => me != null && roleMayCall(me.operator.role, call);
}

export function useIsOwner(): boolean {
  return useMe().data?.operator.role === 'owner';
}

export type { ConsoleAnswers };
