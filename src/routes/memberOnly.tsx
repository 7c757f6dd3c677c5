import { Suspense, lazy, type ComponentType } from 'react';
import { selectIsSignedIn } from '../../machines/session';
import { useSessionSelector } from '../app/appContext';

/**
 * A part of the shell only a signed-in member sees (the header's facts, the game window, the new-message
 * alert): nothing for a guest, and its code is fetched with the member's first render, so a guest's
 * first visit does not carry it.
 */
export function memberOnly<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function MemberOnly(props: P) {
    const signedIn = useSessionSelector(selectIsSignedIn);
    if (!signedIn) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
