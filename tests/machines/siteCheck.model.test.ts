/**
 * Model-based test of the site-check machine: the same approach as session.model.test.ts (the
 * invoke modelled as done/error events, paths replayed on a live actor with a controllable fake,
 * state and transition coverage checked against the machine's own lists).
 */
import { describe, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { siteCheckMachine } from '../../machines/siteCheck';
import { BEFORE, DURING, startSiteCheck } from './siteCheck.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.fetchSiteCheck', output: DURING },
  { type: 'xstate.done.actor.fetchSiteCheck', output: BEFORE },
  { type: 'xstate.done.actor.fetchSiteCheck', output: null },
  { type: 'xstate.error.actor.fetchSiteCheck', error: new TypeError('Failed to fetch') },
];

describe('siteCheckMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    // No guard reads the context (the maintenance guard reads the fetched answer).
    await replayModel(siteCheckMachine, {
      events: modelEvents,
      harness: (coverage) => {
        const siteCheck = startSiteCheck(coverage.inspect);
        return { actor: siteCheck.actor, promises: { fetchSiteCheck: siteCheck.fetchSiteCheck } };
      },
    });
  });
});
