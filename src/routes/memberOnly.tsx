import { Suspense, createElement, lazy, type ComponentType } from 'react';
import { selectIsSignedIn } from '../../machines/session';
import { useSessionSelector } from '../session/context';

/** A member-only part, and how to fetch its code ahead of its first render. */
export type MemberPart<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A part of the shell only a signed-in member sees (the header's facts, the game window, the new-message
 * alert): nothing for a guest, and its code is fetched with the member's first render (or before it,
 * through `preload`), so a guest's first visit does not carry it. Once fetched it renders at once, with no
 * Suspense step (React holds a revealed boundary back up to 300 ms).
 */
export function memberOnly<P extends object>(load: () => Promise<ComponentType<P>>): MemberPart<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
  };
  const Part = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function MemberOnly(props: P) {
    const signedIn = useSessionSelector(selectIsSignedIn);
    if (!signedIn) return null;
    if (loaded) return createElement(loaded, props);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(MemberOnly, { preload });
}
