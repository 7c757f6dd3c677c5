// @vitest-environment jsdom
/**
 * The reality check's "stop" inside the game window's frame page (src/features/protection/ProtectionLayer.tsx,
 * src/data/protection.ts): the game money is merged back first and only then does the window close itself,
 * even when the merge fails (closing first unloads the page and cuts the merge off). The reminder's interval
 * runs on the test's fake timers.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallName } from '../../contract/calls';
import type { ProtectionInfo } from '../../contract/protection';
import { ProtectionLayer } from '../../src/features/protection/ProtectionLayer';
import { createTestActors, demoMember, fakeServer, renderWithApp, setUpPageTests, signIn } from './harness';

let answer: (name: CallName, payload: Record<string, unknown>) => unknown;
const server = fakeServer((name, payload) => answer(name, payload));
/** What happened, in order: the merge asked, the merge answered, the window closed. */
let steps: string[] = [];

const info: ProtectionInfo = {
  limits: [], activeBreak: null, realityMinutes: 15, history: [], historyPageInfo: { page: 1, count_per_list: 10, tatal_list_count: 0 },
  use: { day: { deposit: 0, stake: 0, loss: 0 }, week: { deposit: 0, stake: 0, loss: 0 }, month: { deposit: 0, stake: 0, loss: 0 } },
};

beforeEach(() => {
  steps = [];
  server.calls.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.spyOn(window, 'close').mockImplementation(() => steps.push('closed'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
setUpPageTests();

async function reminderInFrame() {
  const actors = createTestActors();
  await signIn(actors);
  renderWithApp(<ProtectionLayer inGameFrame />, actors, server.api);
  await waitFor(() => expect(server.callsOf('protectionInfo')).toHaveLength(1));
  // The settings are read and the reminder starts counting.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(100);
  });
  // Fifteen minutes of play on the test's clock.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(15 * 60_000 + 1_000);
  });
  return screen.findByTestId('reality-check');
}

describe('"stop" in the game window\'s frame page', () => {
  it('merges the game money back, then closes the window', async () => {
    answer = async (name) => {
      if (name === 'protectionInfo') return info;
      if (name === 'realitySummary') return { since: new Date().toISOString(), minutes: 15, net: -5_000, stakes: 5_000 };
      if (name === 'outGameMoney') {
        steps.push('merge asked');
        await Promise.resolve();
        steps.push('merge answered');
        return { balances: { cashAmt: demoMember.cashAmt + 40_000, pointAmt: demoMember.pointAmt }, merged: 40_000, gameMoney: 0 };
      }
      throw new Error(`unexpected call ${name}`);
    };
    const reminder = await reminderInFrame();
    await act(async () => screen.getByTestId('reality-stop').click());
    await waitFor(() => expect(steps).toEqual(['merge asked', 'merge answered', 'closed']));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(reminder.isConnected).toBe(false);
  });

  it('closes the window when the merge failed too (the site offers the merge once it sees the window closed)', async () => {
    answer = async (name) => {
      if (name === 'protectionInfo') return info;
      if (name === 'realitySummary') return { since: new Date().toISOString(), minutes: 15, net: 0, stakes: 0 };
      if (name === 'outGameMoney') {
        steps.push('merge asked');
        throw Object.assign(new Error('refused'), { code: 'C009' });
      }
      throw new Error(`unexpected call ${name}`);
    };
    await reminderInFrame();
    await act(async () => screen.getByTestId('reality-stop').click());
    await waitFor(() => expect(steps).toEqual(['merge asked', 'closed']));
  });
});
