import { useCallback } from 'react';
import type { LoginAnswer } from '../../../contract/types';
import { useSession } from '../../session/context';

/** Hands a successful login to the session (stores the token, shows the member) and then runs `after`. */
export function useSignIn(after: () => void): (answer: LoginAnswer) => void {
  const session = useSession();
  return useCallback(
    (answer: LoginAnswer) => {
      session.send({ type: 'session.login', answer });
      after();
    },
    [session, after],
  );
}
