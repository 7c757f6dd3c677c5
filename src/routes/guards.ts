/** beforeLoad guards shared by both route trees (after TanStack Router's authenticated-routes example). */
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsPartner, type SessionSnapshot } from '../../machines/session';
import type { SiteCheckSnapshot } from '../../machines/siteCheck';
import type { AppActors, SessionActor, SiteCheckActor } from '../session/actors';
import { OfflineError } from '../app/ErrorBoundary';
import { showAlert } from '../ui/alerts';
import { screenLink, type Tree } from './screens';

/** What a guard reads from the router's context: the root actors and the tree (RouterContext, shared.tsx). */
export type GuardContext = AppActors & { tree: Tree };

/** How long a guard waits for a stored session to be restored before treating the visitor as a guest. */
const SESSION_SETTLE_MS = 15_000;

function isSettled(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('guest') || snapshot.matches('signedIn') || snapshot.matches('unreachable');
}

/** The session once it has finished booting (restoring a stored token and loading the member). */
export async function settledSession(session: SessionActor): Promise<SessionSnapshot> {
  try {
    return await waitFor(session, isSettled, { timeout: SESSION_SETTLE_MS });
  } catch {
    return session.getSnapshot();
  }
}

function isChecked(snapshot: SiteCheckSnapshot): boolean {
  return snapshot.matches('open') || snapshot.matches('maintenance');
}

/** True inside the maintenance window; runs the first check when none has run yet. */
async function inMaintenance(siteCheck: SiteCheckActor): Promise<boolean> {
  if (siteCheck.getSnapshot().matches('idle')) siteCheck.send({ type: 'siteCheck.sync' });
  try {
    return (await waitFor(siteCheck, isChecked, { timeout: SESSION_SETTLE_MS })).matches('maintenance');
  } catch {
    return false;
  }
}

/**
 * Member routes: a guest is told to log in (SPEC §2) and sent to the main page; during maintenance (which
 * signs members out) the visitor goes to /warning without that alert.
 */
export async function requireMember({ context }: { context: GuardContext }): Promise<void> {
  const snapshot = await settledSession(context.session);
  if (snapshot.matches('signedIn')) return;
  // A kept session with no connection: the screen says so, and opens once the connection returns.
  if (snapshot.matches('unreachable')) throw new OfflineError();
  if (await inMaintenance(context.siteCheck)) throw redirect({ ...screenLink(context.tree, 'warning'), replace: true });
  void showAlert({ messageId: 'front.error.loginRequired', level: 'warningart' });
  throw redirect({ ...screenLink(context.tree, 'main'), replace: true });
}

/**
 * Partner routes (SPEC §6): a member first, then a partner member; anyone else is told so and sent to the
 * main page.
 */
export async function requirePartner({ context }: { context: GuardContext }): Promise<void> {
  await requireMember({ context });
  if (selectIsPartner(context.session.getSnapshot())) return;
  void showAlert({ messageId: 'front.error.partnerOnly', level: 'warningart' });
  throw redirect({ ...screenLink(context.tree, 'main'), replace: true });
}

/** Guest-only routes (mobile /login and /join): a signed-in member goes to the main page. */
export async function requireGuest({ context }: { context: { session: SessionActor; tree: Tree } }): Promise<void> {
  const snapshot = await settledSession(context.session);
  if (snapshot.matches('signedIn')) throw redirect({ ...screenLink(context.tree, 'main'), replace: true });
}

/** /warning: the notice only inside a maintenance window (checked afresh); outside one the visitor goes home. */
export async function requireMaintenance({ context }: { context: GuardContext }): Promise<void> {
  context.siteCheck.send({ type: 'siteCheck.sync' });
  if (!(await inMaintenance(context.siteCheck))) throw redirect({ ...screenLink(context.tree, 'main'), replace: true });
}

/** Unknown paths go to the main page. */
export function redirectHome({ context }: { context: { tree: Tree } }): never {
  throw redirect({ ...screenLink(context.tree, 'main'), replace: true });
}
