/**
 * The app's two long-lived actors as the rest of the app sees them: the member session and the site check.
 * src/app starts them with their real implementations (src/app/actors.ts); screens and the data layer read
 * them through the hooks of ./context, tests provide actors of their own.
 */
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session';
import type { siteCheckMachine } from '../../machines/siteCheck';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SiteCheckActor = ActorRefFrom<typeof siteCheckMachine>;

/** The app's long-lived actors, shared by the router context and React. */
export interface AppActors {
  session: SessionActor;
  siteCheck: SiteCheckActor;
}
