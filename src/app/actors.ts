import { createActor } from 'xstate';
import { inspectOption } from '../inspector';
import type { AppActors } from '../session/actors';
import { sessionLogic } from './sessionLogic';
import { siteCheckLogic } from './siteCheckLogic';

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
