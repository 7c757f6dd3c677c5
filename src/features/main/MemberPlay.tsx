/** The main page's play buttons for a signed-in member: the site's game launcher (with TanStack Query, loaded only for members). */
import { type ReactNode } from 'react';
import { useGameLauncher } from '../../data/games';
import { QueryLayer } from '../../data/QueryLayer';
import { launchRequestOf, PlayContext } from './playContext';

function Launcher({ children }: { children: ReactNode }) {
  const launch = useGameLauncher();
  return <PlayContext.Provider value={(game) => launch(launchRequestOf(game))}>{children}</PlayContext.Provider>;
}

export function MemberPlay({ children }: { children: ReactNode }) {
  return (
    <QueryLayer>
      <Launcher>{children}</Launcher>
    </QueryLayer>
  );
}
