import { createActor, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session';
import type { siteCheckMachine } from '../../machines/siteCheck';
import { inspectOption } from './inspector';
import { sessionLogic } from './sessionLogic';
import { siteCheckLogic } from './siteCheckLogic';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SiteCheckActor = ActorRefFrom<typeof siteCheckMachine>;

/** The app's long-lived actors, shared by the router context and React. */
export interface AppActors {
  session: SessionActor;
  siteCheck: SiteCheckActor;
}

let started: AppActors | null = null;

/** Creates and starts the root actors once (call after startInspector so they are inspected too). */
export function startAppActors(): AppActors {
  if (started) return started;
  const options = inspectOption();
  started = {
    session: createActor(sessionLogic, options).start(),
    siteCheck: createActor(siteCheckLogic, options).start(),
  };
  return started;
}
