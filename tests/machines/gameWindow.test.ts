import { describe, expect, it } from 'vitest';
import { GAME_CLOSE_POLL_MS } from '../../contract/games';
import { GAME_DOWN_ID, windowFeatures, windowUrl } from '../../machines/gameWindow';
import { SLOT, startGameWindow } from './games.fixtures';
import { flush } from './support';

type Started = ReturnType<typeof startGameWindow>;

async function playing(url = 'http://127.0.0.1:8080/vendor/play/abc'): Promise<Started> {
  const game = startGameWindow();
  game.actor.send({ type: 'game.launch', request: SLOT, opened: true });
  game.launchGame.current().resolve({ gameurl: url });
  await flush();
  return game;
}

async function closedWindow(game: Started) {
  game.clock.increment(GAME_CLOSE_POLL_MS);
  game.checkWindow.current().resolve({ closed: true, signedIn: true });
  await flush();
}

describe('game window: launching', () => {
  it('launches with the request and points the placeholder window at the game, in the frame page', async () => {
    const game = startGameWindow();
    game.actor.send({ type: 'game.launch', request: SLOT, opened: true });
    expect(game.actor.getSnapshot().value).toBe('launching');
    expect(game.launchGame.current().input).toEqual(SLOT);
    game.launchGame.current().resolve({ gameurl: 'http://127.0.0.1:8080/vendor/play/abc' });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('playing');
    expect(game.effects).toEqual(['navigate /slot/game?url=http%3A%2F%2F127.0.0.1%3A8080%2Fvendor%2Fplay%2Fabc']);
  });

  it('closes the placeholder and shows the code of a refused launch from the catalogue', async () => {
    for (const [error, failure] of [
      [{ code: 'B0095', message: '' }, 'api.B0095'],
      [{ code: 'ABZ01', message: '' }, 'api.ABZ01'],
      [{ code: 'F001', message: '' }, 'api.F001'],
      [new TypeError('Failed to fetch'), 'front.error.network'],
    ] as const) {
      const game = startGameWindow();
      game.actor.send({ type: 'game.launch', request: SLOT, opened: true });
      game.launchGame.current().reject(error);
      await flush();
      expect(game.actor.getSnapshot().value).toBe('failed');
      expect(game.actor.getSnapshot().context.failure).toBe(failure);
      expect(game.effects).toEqual(['close']);
    }
  });

  it('a blocked pop-up launches nothing until the member tries again and the window opens', async () => {
    const game = startGameWindow();
    game.actor.send({ type: 'game.launch', request: SLOT, opened: false });
    expect(game.actor.getSnapshot().value).toBe('blocked');
    expect(game.launchGame.runs).toHaveLength(0);
    game.actor.send({ type: 'game.retry', opened: false });
    expect(game.actor.getSnapshot().value).toBe('blocked');
    game.actor.send({ type: 'game.retry', opened: true });
    expect(game.launchGame.current().input).toEqual(SLOT);
  });

  it('a second launch while a game is open is not accepted', async () => {
    const game = await playing();
    expect(game.actor.getSnapshot().can({ type: 'game.launch', request: SLOT, opened: true })).toBe(false);
  });
});

describe('game window: playing and closing', () => {
  it('checks the window every GAME_CLOSE_POLL_MS and keeps playing while it is open', async () => {
    const game = await playing();
    game.clock.increment(GAME_CLOSE_POLL_MS - 1);
    expect(game.checkWindow.runs).toHaveLength(0);
    game.clock.increment(1);
    game.checkWindow.current().resolve({ closed: false, signedIn: true });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('playing');
    game.clock.increment(GAME_CLOSE_POLL_MS);
    expect(game.checkWindow.runs).toHaveLength(2);
  });

  it('on close reads the balance again and offers the merge of the game money left', async () => {
    const game = await playing();
    await closedWindow(game);
    expect(game.actor.getSnapshot().value).toBe('closing');
    game.refreshBalance.current().resolve({ gameMoney: 12_500 });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('offering');
    expect(game.actor.getSnapshot().context.gameMoney).toBe(12_500);
    game.merge.current().resolve({ merged: true });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('merged');
  });

  it('with no game money left there is nothing to merge', async () => {
    const game = await playing();
    await closedWindow(game);
    game.refreshBalance.current().resolve({ gameMoney: 0 });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('merged');
    expect(game.merge.runs).toHaveLength(0);
  });

  it('a merge declined or failed leaves the money in the game (failed), and another launch is possible', async () => {
    const game = await playing();
    await closedWindow(game);
    game.refreshBalance.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(game.actor.getSnapshot().value).toBe('offering');
    game.merge.current().resolve({ merged: false });
    await flush();
    expect(game.actor.getSnapshot().value).toBe('failed');
    game.actor.send({ type: 'game.launch', request: SLOT, opened: true });
    expect(game.actor.getSnapshot().value).toBe('launching');
  });

  it('closes the window when the member signed out elsewhere', async () => {
    const game = await playing();
    game.clock.increment(GAME_CLOSE_POLL_MS);
    game.checkWindow.current().resolve({ closed: false, signedIn: false });
    await flush();
    expect(game.actor.getSnapshot().status).toBe('done');
    expect(game.effects.at(-1)).toBe('close');
  });

  it('game down closes the window with a message and goes on to the merge', async () => {
    const game = await playing();
    game.actor.send({ type: 'game.down' });
    expect(game.actor.getSnapshot().value).toBe('closing');
    expect(game.actor.getSnapshot().context.notice).toBe(GAME_DOWN_ID);
    expect(game.effects.at(-1)).toBe('close');
  });

  it('the end of the session (TK999, LOGOUT, INSPECT, sign-out) closes the window for good', async () => {
    const game = await playing();
    game.actor.send({ type: 'session.ended' });
    expect(game.actor.getSnapshot().status).toBe('done');
    expect(game.effects.at(-1)).toBe('close');
  });
});

describe('game window: where and how it opens', () => {
  it('every game opens in the frame page (the reality check shows over it), whatever the vendor and scheme', () => {
    expect(windowUrl('https://games.example/play?id=1')).toBe('/slot/game?url=https%3A%2F%2Fgames.example%2Fplay%3Fid%3D1');
    expect(windowUrl('https://games.example/play')).toBe('/slot/game?url=https%3A%2F%2Fgames.example%2Fplay');
    expect(windowUrl('http://127.0.0.1:8080/vendor/play/x')).toBe('/slot/game?url=http%3A%2F%2F127.0.0.1%3A8080%2Fvendor%2Fplay%2Fx');
    expect(windowUrl('/vendor/play/slot-pragslot-sweet-sugar?lang=ko#s=t')).toBe('/slot/game?url=%2Fvendor%2Fplay%2Fslot-pragslot-sweet-sugar%3Flang%3Dko%23s%3Dt');
  });

  it('is 1500×800 at top 50, centred; the bomb vendor is portrait', () => {
    expect(windowFeatures('pragslot', 1920)).toBe('width=1500,height=800,top=50,left=210');
    expect(windowFeatures('bomb', 1920)).toBe('width=449,height=800,top=50,left=736');
    expect(windowFeatures('pragslot', 1280)).toBe('width=1500,height=800,top=50,left=0');
  });
});
