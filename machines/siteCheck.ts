/**
 * The maintenance check (SPEC §4): on every route change the app syncs; inside the operator's
 * maintenance window the member is sent to /warning. A failed check keeps the site open, so a
 * broken check never locks members out.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { promiseNotProvided } from './notProvided';

export interface MaintenanceWindow {
  /** ISO instants. */
  startDate: string;
  endDate: string;
}

/** What the check answers: the window and the server's clock, or null when no window is set. */
export interface SiteCheckAnswer extends MaintenanceWindow {
  now: string;
}

export interface SiteCheckContext {
  /** The window of the last successful check, for the warning page. */
  window: MaintenanceWindow | null;
}

export type SiteCheckEvent = { type: 'siteCheck.sync' };

/** startDate <= now < endDate, comparing instants (not strings); an unreadable date means no maintenance. */
export function isInMaintenance(answer: SiteCheckAnswer | null): boolean {
  if (answer === null) return false;
  const now = Date.parse(answer.now);
  return Date.parse(answer.startDate) <= now && now < Date.parse(answer.endDate);
}

export const siteCheckMachine = setup({
  types: {
    context: {} as SiteCheckContext,
    events: {} as SiteCheckEvent,
  },
  actors: {
    fetchSiteCheck: promiseNotProvided<SiteCheckAnswer | null>('fetchSiteCheck'),
  },
  actions: {
    navigateWarning: () => {},
    keepWindow: assign((_, answer: SiteCheckAnswer | null) => ({
      window: answer && { startDate: answer.startDate, endDate: answer.endDate },
    })),
  },
  guards: {
    isMaintenanceNow: (_, answer: SiteCheckAnswer | null) => isInMaintenance(answer),
  },
}).createMachine({
  id: 'siteCheck',
  context: { window: null },
  initial: 'idle',
  on: {
    'siteCheck.sync': { target: '.checking', reenter: true },
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: 'fetchSiteCheck',
        src: 'fetchSiteCheck',
        onDone: [
          {
            guard: { type: 'isMaintenanceNow', params: ({ event }) => event.output },
            target: 'maintenance',
            actions: { type: 'keepWindow', params: ({ event }) => event.output },
          },
          { target: 'open', actions: { type: 'keepWindow', params: ({ event }) => event.output } },
        ],
        onError: { target: 'open' },
      },
    },
    open: {},
    maintenance: {
      entry: 'navigateWarning',
    },
  },
});

export type SiteCheckSnapshot = SnapshotFrom<typeof siteCheckMachine>;

export const selectIsMaintenance = (snapshot: SiteCheckSnapshot): boolean => snapshot.matches('maintenance');
export const selectMaintenanceWindow = (snapshot: SiteCheckSnapshot): MaintenanceWindow | null => snapshot.context.window;
