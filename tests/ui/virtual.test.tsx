// @vitest-environment jsdom
/**
 * The virtual games screen on a fake server: the match in play with its score and live prices on the one slip,
 * the next ones with the time to kick-off, the finished ones with their proof; the browser's check says match
 * for a seed that replays to the score and mismatch otherwise; a match the list topic reports ended reads the
 * list and the results again.
 */
import { createHash } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicTopicName } from '../../contract/topics';
import { DEFAULT_SLIP_RULES, type SportFixtureMarkets, type SportMarket, type SportResultItem } from '../../contract/sports';
import { hashSeed, modelFor, simulateMatch } from '../../oddsFeed/model';
import { VirtualGamePage } from '../../src/features/sports/VirtualGamePage';
import { t } from '../../src/i18n';
import { createTestActors, fakeServer, renderAsPage, setUpPageTests, signIn } from './harness';

const hub = vi.hoisted(() => ({ listeners: new Map<string, Set<(payload: unknown) => void>>() }));
vi.mock('../../src/realtime/connection', () => ({
  subscribeTopic: (name: PublicTopicName, args: string[], onPayload: (payload: unknown) => void) => {
    const key = [name, ...args].join(':');
    const set = hub.listeners.get(key) ?? new Set();
    set.add(onPayload);
    hub.listeners.set(key, set);
    return () => set.delete(onPayload);
  },
  listenAsMember: () => () => undefined,
}));
const publish = (key: string, payload: unknown) => act(() => hub.listeners.get(key)?.forEach((listener) => listener(payload)));

const names = (ko: string, en: string) => ({ ko, en, vi: en });
const LEAGUE = { leagueId: 'vsoccer', names: names('가상 축구', 'Virtual Football') };
const team = (id: string, ko: string) => ({ teamId: id, names: names(ko, ko) });
function market(marketId: string, live: boolean): SportMarket {
  return {
    marketId, kind: 'winner3', period: 'match', line: null, live, status: 'open', version: 3,
    selections: [['home', 240], ['draw', 310], ['away', 280]].map(([key, oddsCents]) => ({ selectionId: `${marketId}.${key}`, key: key as string, oddsCents: oddsCents as number })),
  };
}
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
function fixture(fixtureId: string, status: 'scheduled' | 'live', startsAt: string, markets: SportMarket[]): SportFixtureMarkets {
  return {
    fixtureId, sport: 'soccer', league: LEAGUE, home: team(`${fixtureId}-h`, '레드 라이온즈'), away: team(`${fixtureId}-a`, '블루 이글스'),
    startsAt, status, virtual: true, bestOf: null, seedHash: 'ab'.repeat(32), seed: null, markets,
    score: status === 'live' ? { home: 1, away: 0, periods: [{ home: 1, away: 0 }], scoreSeq: 2, period: 1, clockSeconds: 1_500 } : null,
  };
}
const LIVE = fixture('v-live', 'live', inMinutes(-1), [market('v-live-1x2', true)]);
const NEXT = fixture('v-next', 'scheduled', inMinutes(2), [market('v-next-1x2', false)]);

/** A finished virtual match played from a real seed: its score is the seed's (or another, to be caught). */
function finished(fixtureId: string, label: string, tamper: boolean): SportResultItem {
  const seed = createHash('sha256').update(label).digest('hex');
  const model = modelFor('soccer', { home: 1500, away: 1500 }, { neutral: true });
  const final = simulateMatch(model, 'soccer', seed).at(-1)!.score;
  return {
    fixture: {
      ...fixture(fixtureId, 'scheduled', inMinutes(-10), []), status: 'ended', seed, seedHash: hashSeed(seed),
      score: tamper ? { ...final, away: final.away + 2 } : final,
    },
    markets: [{ marketId: `${fixtureId}-1x2`, kind: 'winner3', period: 'match', line: null, outcomes: { home: 'win', draw: 'lose', away: 'lose' } }],
    model,
  };
}
const HONEST = finished('v-done', 'honest', false);
const TAMPERED = finished('v-bad', 'tampered', true);

let listAnswers: SportFixtureMarkets[][] = [];
const server = fakeServer(async (name) => {
  switch (name) {
    case 'sportList':
      return { fixtures: listAnswers.shift() ?? [NEXT], leagues: [], seq: 4 };
    case 'sportResults':
      return { list: [HONEST, TAMPERED], pageInfo: { page: 1, pageSize: 10, total: 2, totalPages: 1 } };
    case 'sportRules':
      return { rules: DEFAULT_SLIP_RULES, limits: { minStake: 5_000, maxStake: 1_000_000, maxPayout: 10_000_000 } };
    default:
      throw new Error(`unexpected call ${name}`);
  }
});

beforeEach(() => {
  listAnswers = [[LIVE, NEXT]];
  server.calls.length = 0;
  hub.listeners.clear();
});
setUpPageTests();

async function openVirtual() {
  const actors = createTestActors();
  await signIn(actors);
  renderAsPage(VirtualGamePage, actors, server.api);
  await screen.findByTestId('fixture-v-live');
  await screen.findByTestId('bet-slip');
}

describe('the virtual games screen', () => {
  it('shows the match in play, the next ones with the time to kick-off, and the finished ones, from the virtual view', async () => {
    await openVirtual();
    const now = within(screen.getByTestId('virtual-now'));
    expect(now.getByTestId('fixture-score').textContent).toBe('1 : 0');
    expect(now.getByTestId('fixture-clock').textContent).not.toBe('');
    expect(within(screen.getByTestId('virtual-next')).getByTestId('fixture-v-next')).toBeTruthy();
    expect(screen.getByTestId('virtual-countdown').textContent).toMatch(/[12]:\d\d/);
    await screen.findAllByTestId('sport-result');
    expect(within(screen.getByTestId('virtual-results')).getAllByTestId('result-score').map((score) => score.textContent)).toHaveLength(2);
    expect(server.callsOf('sportList')[0]).toEqual({ view: 'virtual', sport: '', leagueId: '' });
    expect(server.callsOf('sportResults')[0]).toMatchObject({ virtual: true, page: 1 });
    // The live price goes on the sportsbook's one slip.
    await userEvent.click(screen.getByTestId('price-v-live-1x2.home'));
    expect(within(screen.getByTestId('bet-slip')).getAllByTestId('slip-leg')).toHaveLength(1);
  });

  it('checks a finished match in the browser: the revealed seed replays to its score, a score the seed does not give is a mismatch', async () => {
    await openVirtual();
    const [honest, tampered] = await screen.findAllByTestId('fixture-proof');
    expect(within(honest!).getByTestId('proof-hash').textContent).toBe(HONEST.fixture.seedHash);
    expect(within(honest!).getByTestId('proof-seed').textContent).toBe(HONEST.fixture.seed);
    await userEvent.click(within(honest!).getByTestId('proof-verify'));
    const ok = await within(honest!).findByTestId('proof-answer');
    expect(ok.getAttribute('data-status')).toBe('match');
    const score = HONEST.fixture.score!;
    expect(ok.textContent).toBe(t('sport.proof.match', { score: `${score.home}:${score.away}` }));
    await userEvent.click(within(tampered!).getByTestId('proof-verify'));
    expect((await within(tampered!).findByTestId('proof-answer')).getAttribute('data-status')).toBe('scoreMismatch');
  });

  it('reads the list and the results again when the topic reports the match in play ended', async () => {
    await openVirtual();
    await screen.findAllByTestId('sport-result');
    listAnswers = [[NEXT]];
    publish('sportList', { seq: 5, fixtures: [{ fixtureId: 'v-live', status: 'ended', score: LIVE.score, markets: [] }] });
    await waitFor(() => expect(server.callsOf('sportList')).toHaveLength(2));
    await waitFor(() => expect(server.callsOf('sportResults')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('fixture-v-live')).toBeNull());
    expect(within(screen.getByTestId('virtual-now')).getByText(t('sport.virtual.noneNow'))).toBeTruthy();
  });
});
