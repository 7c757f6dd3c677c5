import { Suspense, lazy } from 'react';
import { selectIsSignedIn } from '../../machines/session';
import { useSessionSelector } from '../app/appContext';

// Games above the page (the game window's overlay and notices, the merge modal) exist only for a member,
// so a guest's first page does not carry them.
const GameHost = lazy(() => import('../features/games/GameHost').then((m) => ({ default: m.GameHost })));

export function SignedInGameHost() {
  const signedIn = useSessionSelector(selectIsSignedIn);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <GameHost />
    </Suspense>
  );
}
