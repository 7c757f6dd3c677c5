/**
 * `?inspect` connects every actor to the Stately inspector (@statelyai/inspect). Allowed in development
 * and in builds made with VITE_INSPECT=1 (e.g. for `vite preview`); the inspector code is its own chunk,
 * loaded only when asked for.
 */
import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let inspect: Inspect | undefined;

/** Known when the site is built: a production build without VITE_INSPECT drops the inspector's chunk altogether. */
const INSPECTOR_ALLOWED = import.meta.env.DEV || import.meta.env.VITE_INSPECT === '1';

export function inspectorRequested(search: string = globalThis.location?.search ?? ''): boolean {
  return new URLSearchParams(search).has('inspect');
}

/** Opens the inspector when the URL asks for it and the build allows it; call before creating actors. */
export async function startInspector(): Promise<void> {
  if (!INSPECTOR_ALLOWED || inspect || !inspectorRequested()) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** The `inspect` option for createActor / useActor; undefined when the inspector is off. */
export function inspectOption(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
