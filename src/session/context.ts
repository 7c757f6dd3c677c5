import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SessionSnapshot } from '../../machines/session';
import type { AppActors, SessionActor, SiteCheckActor } from './actors';

/** The root actors for React; tests provide actors of their own. */
export const AppActorsContext = createContext<AppActors | null>(null);

function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsContext is not provided');
  return actors;
}

export function useSession(): SessionActor {
  return useAppActors().session;
}

export function useSiteCheck(): SiteCheckActor {
  return useAppActors().siteCheck;
}

/** A narrow view of the session: components re-render only when the selected value changes. */
export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSession(), selector);
}
