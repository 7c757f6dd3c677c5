/** beforeLoad guards shared by both route trees (after TanStack Router's authenticated-routes example). */
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { SessionSnapshot } from '../../machines/session';
import type { SessionActor } from '../app/actors';
import { showAlert } from '../ui/alerts';

/** How long a guard waits for a stored session to be restored before treating the visitor as a guest. */
const SESSION_SETTLE_MS = 15_000;

function isSettled(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('guest') || snapshot.matches('signedIn');
}

/** The session once it has finished booting (restoring a stored token and loading the member). */
export async function settledSession(session: SessionActor): Promise<SessionSnapshot> {
  try {
    return await waitFor(session, isSettled, { timeout: SESSION_SETTLE_MS });
  } catch {
    return session.getSnapshot();
  }
}

/** Member routes: a guest is told to log in (SPEC §2) and sent to the main page. */
export async function requireMember({ context }: { context: { session: SessionActor } }): Promise<void> {
  const snapshot = await settledSession(context.session);
  if (snapshot.matches('signedIn')) return;
  void showAlert({ messageId: 'front.error.loginRequired', level: 'warningart' });
  throw redirect({ to: '/', replace: true });
}

/** Guest-only routes (mobile /login and /join): a signed-in member goes to the main page. */
export async function requireGuest({ context }: { context: { session: SessionActor } }): Promise<void> {
  const snapshot = await settledSession(context.session);
  if (snapshot.matches('signedIn')) throw redirect({ to: '/', replace: true });
}

/** Unknown paths go to the main page. */
export function redirectHome(): never {
  throw redirect({ to: '/', replace: true });
}
