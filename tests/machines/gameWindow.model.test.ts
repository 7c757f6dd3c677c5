/** Model-based test of the game window: every state and transition, replayed on a live actor. */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { gameWindowMachine } from '../../machines/gameWindow';
import { SLOT, startGameWindow } from './games.fixtures';
import { replayModel } from './support';

const modelEvents: AnyEventObject[] = [
  { type: 'game.launch', request: SLOT, opened: true },
  { type: 'game.launch', request: SLOT, opened: false },
  { type: 'game.retry', opened: true },
  { type: 'game.retry', opened: false },
  { type: 'game.dismiss' },
  { type: 'game.down' },
  { type: 'session.ended' },
  { type: 'xstate.done.actor.launchGame', output: { gameurl: 'http://127.0.0.1:8080/vendor/play/1' } },
  { type: 'xstate.error.actor.launchGame', error: { code: 'B0093', message: '' } },
  { type: 'xstate.after.closePoll.gameWindow.playing' },
  { type: 'xstate.done.actor.checkWindow', output: { closed: false, signedIn: true } },
  { type: 'xstate.done.actor.checkWindow', output: { closed: true, signedIn: true } },
  { type: 'xstate.done.actor.checkWindow', output: { closed: false, signedIn: false } },
  { type: 'xstate.error.actor.checkWindow', error: new Error('no window') },
  { type: 'xstate.done.actor.refreshBalance', output: { gameMoney: 3_000 } },
  { type: 'xstate.done.actor.refreshBalance', output: { gameMoney: 0 } },
  { type: 'xstate.error.actor.refreshBalance', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.merge', output: { merged: true } },
  { type: 'xstate.done.actor.merge', output: { merged: false } },
];

describe('gameWindowMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    const paths = await replayModel(gameWindowMachine, {
      events: modelEvents,
      harness: (coverage) => {
        const game = startGameWindow(coverage.inspect);
        return {
          actor: game.actor,
          promises: { launchGame: game.launchGame, checkWindow: game.checkWindow, refreshBalance: game.refreshBalance, merge: game.merge },
          clock: game.clock,
        };
      },
    });
    expect(paths.some((path) => path.state.value === 'merged')).toBe(true);
  });
});
