import { Outlet } from '@tanstack/react-router';
import { ProtectionLayer } from '../app/memberShell';

/** The empty layout (the game window's frame page, the warning page): the page, and member protection's reminder over a game. */
export function EmptyShell() {
  return (
    <>
      <Outlet />
      <ProtectionLayer inGameFrame />
    </>
  );
}
