// @vitest-environment jsdom
/**
 * The sportsbook's list screen and slip on a fake server: prices as buttons that fill the slip, a pair the
 * rules keep apart refused at pick time, the folder bonus and the capped payout, the changed-price prompt
 * and its yes, the placed bet; the topics patch the list by seq (a gap reads it again) and flash a moved price.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicTopicName } from '../../contract/topics';
import { DEFAULT_SLIP_RULES, type SportFixtureMarkets, type SportListAnswer, type SportListTopicBody, type SportMarket } from '../../contract/sports';
import { BetOutcomeView } from '../../src/features/mypage/BetOutcomeView';
import { SportPrematchPage } from '../../src/features/sports/SportBookPage';
import { t } from '../../src/i18n';
import { createTestActors, fakeServer, renderAsPage, renderWithApp, setUpPageTests, signIn } from './harness';

// The tab's one connection, stood in by a hub the test publishes on (the list topic and each fixture's).
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
function market(marketId: string, kind: SportMarket['kind'], keys: [string, number][], line: number | null = null, version = 1): SportMarket {
  return { marketId, kind, period: 'match', line, live: false, status: 'open', version, selections: keys.map(([key, oddsCents]) => ({ selectionId: `${marketId}.${key}`, key, oddsCents })) };
}
function fixture(fixtureId: string, sport: SportFixtureMarkets['sport'], home: string, away: string, markets: SportMarket[]): SportFixtureMarkets {
  return {
    fixtureId, sport, league: { leagueId: `${sport}-league`, names: names(sport === 'soccer' ? 'K리그1' : 'KBL', sport === 'soccer' ? 'K League 1' : 'KBL') },
    home: { teamId: `${fixtureId}-h`, names: names(home, home) }, away: { teamId: `${fixtureId}-a`, names: names(away, away) },
    startsAt: '2030-01-10T10:00:00.000Z', status: 'scheduled', virtual: false, bestOf: null, score: null, seedHash: 'ab'.repeat(32), seed: null, markets,
  };
}
const BASKETBALL = fixture('f-bb', 'basketball', '서울 SK', '원주 DB', [
  market('m-bb-w', 'winner2', [['home', 185], ['away', 195]]),
  market('m-bb-t', 'total', [['over', 190], ['under', 190]], 16550),
]);
const SOCCER = fixture('f-so', 'soccer', '울산', '전북', [market('m-so-1x2', 'winner3', [['home', 210], ['draw', 320], ['away', 330]])]);
const SOCCER_2 = fixture('f-so2', 'soccer', '포항', '서울', [market('m-so2-1x2', 'winner3', [['home', 150], ['draw', 380], ['away', 520]])]);
const list = (seq: number): SportListAnswer => ({
  fixtures: [BASKETBALL, SOCCER, SOCCER_2],
  leagues: [{ leagueId: 'basketball-league', sport: 'basketball', names: names('KBL', 'KBL'), count: 1 }, { leagueId: 'soccer-league', sport: 'soccer', names: names('K리그1', 'K League 1'), count: 2 }],
  seq,
});

const moved = (seq: number, odds: number): SportListTopicBody => ({
  seq, fixtures: [{ fixtureId: 'f-so', status: 'scheduled', score: null, markets: [market('m-so-1x2', 'winner3', [['home', odds], ['draw', 320], ['away', 330]], null, seq)] }],
});

let betAnswers: unknown[] = [];
let listSeq = 7;
/** While set, the list's answer (as of the seq when it was asked) waits for it. */
let listGate: Promise<void> | null = null;
const server = fakeServer(async (name) => {
  switch (name) {
    case 'sportList': {
      const seq = listSeq;
      await listGate;
      return list(seq);
    }
    case 'sportRules':
      return { rules: DEFAULT_SLIP_RULES, limits: { minStake: 5_000, maxStake: 1_000_000, maxPayout: 100_000 } };
    case 'betProc': {
      const answer = betAnswers.shift();
      return answer && typeof answer === 'object' && 'code' in answer ? Promise.reject(answer) : answer;
    }
    default:
      throw new Error(`unexpected call ${name}`);
  }
});

beforeEach(() => {
  betAnswers = [];
  listSeq = 7;
  listGate = null;
  server.calls.length = 0;
  hub.listeners.clear();
});
setUpPageTests();

async function openBook() {
  const actors = createTestActors();
  await signIn(actors);
  renderAsPage(SportPrematchPage, actors, server.api);
  await screen.findByTestId('fixture-f-bb');
  await screen.findByTestId('bet-slip');
}
const slip = () => within(screen.getByTestId('bet-slip'));
const dialogText = async (testId: 'alert' | 'confirm') => (await screen.findByTestId(testId)).textContent ?? '';

describe('the sportsbook list and slip', () => {
  it('shows the sport tabs in SPEC §3 order, the leagues, and each fixture with its main prices', async () => {
    await openBook();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 4)).toEqual([t('sport.all'), t('sport.sport.soccer'), t('sport.sport.basketball'), t('sport.sport.baseball')]);
    expect(screen.getByTestId('league-soccer-league').textContent).toContain('K리그1');
    expect(screen.getByTestId('price-m-bb-w.home').textContent).toBe(`${t('sport.pick.home')}1.85`);
    expect(screen.getByTestId('market-m-bb-t').textContent).toContain(`${t('sport.market.total')} 165.5`);
    expect(server.callsOf('sportList')[0]).toEqual({ view: 'prematch', sport: '', leagueId: '' });
  });

  it('fills the slip, refuses a pair the rules keep apart, multiplies the odds with the folder bonus, caps the payout', async () => {
    await openBook();
    await userEvent.click(screen.getByTestId('price-m-bb-w.home'));
    expect(slip().getAllByTestId('slip-leg')).toHaveLength(1);
    expect(screen.getByTestId('price-m-bb-w.home').getAttribute('aria-pressed')).toBe('true');
    // The same basketball fixture's total may not go with its winner.
    await userEvent.click(screen.getByTestId('price-m-bb-t.over'));
    expect(await dialogText('alert')).toContain(t('sport.slip.sameFixture'));
    await userEvent.click(screen.getByTestId('alert-ok'));
    expect(slip().getAllByTestId('slip-leg')).toHaveLength(1);
    // Another selection of the market replaces it.
    await userEvent.click(screen.getByTestId('price-m-bb-w.away'));
    await userEvent.click(screen.getByTestId('price-m-so-1x2.home'));
    await userEvent.click(screen.getByTestId('price-m-so2-1x2.home'));
    expect(slip().getAllByTestId('slip-leg')).toHaveLength(3);
    // 1.95 × 2.10 × 1.50 = 6.13 (each step floored), three folders of at least 1.30: × 1.03 = 6.31.
    expect(slip().getByTestId('slip-odds').textContent).toBe('6.13');
    expect(slip().getByTestId('slip-bonus').textContent).toBe('× 1.03');
    await userEvent.click(slip().getByTestId('sport-preset-10000'));
    expect(slip().getByTestId('slip-payout').textContent).toContain('63,100원');
    await userEvent.click(slip().getByTestId('sport-preset-50000'));
    // 60,000 × 6.31 = 378,600, capped at the level's 100,000.
    expect(slip().getByTestId('slip-payout').textContent).toContain('100,000원');
    expect(slip().getByTestId('slip-payout').textContent).toContain(t('sport.slip.capped'));
  });

  it('asks about changed prices, sends again at the new ones on yes, and shows the placed bet', async () => {
    await openBook();
    await userEvent.click(screen.getByTestId('price-m-so-1x2.home'));
    await userEvent.click(screen.getByTestId('price-m-bb-w.home'));
    await userEvent.click(slip().getByTestId('sport-preset-10000'));
    await userEvent.click(slip().getByTestId('slip-accept-better'));
    betAnswers = [
      { code: 'B6101', message: '', data: { legs: [{ selectionId: 'm-so-1x2.home', oddsCents: 200, version: 2, status: 'open' }, { selectionId: 'm-bb-w.home', oddsCents: 185, version: 1, status: 'open' }] } },
      { bet: { betId: 'sb-9', legs: [], oddsCents: 370, bonusCents: 100, stake: 10_000, potentialWin: 37_000 }, balances: { cashAmt: 990_000, pointAmt: 50_000 } },
    ];
    await userEvent.click(slip().getByTestId('slip-submit'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect(server.callsOf('betProc')[0]).toMatchObject({
      game: 'sport', amount: 10_000, acceptBetterOdds: true,
      legs: [{ selectionId: 'm-so-1x2.home', oddsCents: 210, version: 1 }, { selectionId: 'm-bb-w.home', oddsCents: 185, version: 1 }],
    });
    const prompt = await dialogText('confirm');
    expect(prompt).toContain('2.10 → 2.00');
    expect(slip().getAllByTestId('slip-leg-odds')[0]!.textContent).toBe('2.00');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(server.callsOf('betProc')).toHaveLength(2));
    expect(server.callsOf('betProc')[1]).toMatchObject({ legs: [{ oddsCents: 200, version: 2 }, { oddsCents: 185, version: 1 }] });
    expect(server.callsOf('betProc')[1]!.idempotencyKey).not.toBe(server.callsOf('betProc')[0]!.idempotencyKey);
    expect(await dialogText('alert')).toContain('37,000');
    await userEvent.click(screen.getByTestId('alert-ok'));
    expect(await slip().findByTestId('slip-empty')).toBeTruthy();
  });

  it('patches prices from the list topic in seq order: an old message is ignored, the next applied (flashing), a gap reads the list again', async () => {
    await openBook();
    await userEvent.click(screen.getByTestId('price-m-so-1x2.home'));
    publish('sportList', moved(7, 250));
    expect(screen.getByTestId('price-m-so-1x2.home').textContent).toContain('2.10');
    publish('sportList', moved(8, 230));
    await waitFor(() => expect(screen.getByTestId('price-m-so-1x2.home').textContent).toContain('2.30'));
    expect(screen.getByTestId('price-m-so-1x2.home').getAttribute('data-move')).toBe('up');
    // The slip's leg follows the feed too.
    expect(slip().getByTestId('slip-leg-odds').textContent).toBe('2.30');
    expect(server.callsOf('sportList')).toHaveLength(1);
    listSeq = 12;
    publish('sportList', moved(10, 240));
    await waitFor(() => expect(server.callsOf('sportList')).toHaveLength(2));
    // The list read again is as of its own seq: the next message after it applies.
    await waitFor(() => expect(screen.getByTestId('price-m-so-1x2.home').textContent).toContain('2.10'));
    publish('sportList', moved(13, 205));
    await waitFor(() => expect(screen.getByTestId('price-m-so-1x2.home').textContent).toContain('2.05'));
    expect(screen.getByTestId('price-m-so-1x2.home').getAttribute('data-move')).toBe('down');
  });

  it('a list read again while the topic goes on catches up with the messages that came meanwhile, and is not read once more', async () => {
    await openBook();
    let answer!: () => void;
    listGate = new Promise((resolve) => { answer = resolve; });
    listSeq = 12;
    publish('sportList', moved(10, 240));
    await waitFor(() => expect(server.callsOf('sportList')).toHaveLength(2));
    // On a busy feed more messages come before the answer (as of seq 12) lands: each used to read the list again.
    publish('sportList', moved(13, 260));
    publish('sportList', moved(14, 270));
    answer();
    await waitFor(() => expect(screen.getByTestId('price-m-so-1x2.home').textContent).toContain('2.70'));
    expect(server.callsOf('sportList')).toHaveLength(2);
  });

  it('locks a suspended market', async () => {
    await openBook();
    publish('sportList', { seq: 8, fixtures: [{ fixtureId: 'f-bb', status: 'scheduled', score: null, markets: [{ ...BASKETBALL.markets[0]!, status: 'suspended', version: 2 }] }] });
    await waitFor(() => expect((screen.getByTestId('price-m-bb-w.home') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('price-m-bb-w.home').textContent).not.toContain('1.85');
  });
});

describe('a sports bet in the bet detail', () => {
  it('shows each leg: teams and score, market with its line, pick, odds and result; then the odds, bonus and potential payout', async () => {
    const leg = (key: string, kind: 'winner3' | 'handicap' | 'total', line: number | null, oddsCents: number, outcome: 'win' | 'lose' | 'void' | null) => ({
      fixtureId: 'f-so', sport: 'soccer' as const, league: names('K리그1', 'K League 1'), home: names('울산', 'Ulsan'), away: names('전북', 'Jeonbuk'),
      startsAt: '2030-01-10T10:00:00.000Z', marketId: `m-${kind}`, kind, period: 'match' as const, line, key, live: false, oddsCents, outcome,
      score: { home: 2, away: 1, periods: [], scoreSeq: 4, period: null, clockSeconds: null },
    });
    renderWithApp(<BetOutcomeView outcome={{ kind: 'sport', sport: {
      legs: [leg('home', 'winner3', null, 210, 'win'), leg('away', 'handicap', -100, 188, 'void'), leg('over', 'total', 250, 185, null)],
      oddsCents: 388, bonusCents: 103, potentialWin: 39_900, revision: 1,
    } }} />);
    const rows = screen.getAllByTestId('bet-sport-leg').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual([`${t('sport.sport.soccer')} · K리그1울산 vs 전북 2:1`, t('sport.market.winner3'), t('sport.pick.home'), '2.10', t('sport.outcome.win')]);
    expect(rows[1]!.slice(1)).toEqual([`${t('sport.market.handicap')} -1`, `${t('sport.pick.away')} +1`, '1.88', t('sport.outcome.void')]);
    expect(rows[2]!.slice(1)).toEqual([`${t('sport.market.total')} 2.5`, t('sport.pick.over'), '1.85', t('sport.outcome.wait')]);
    expect(screen.getByTestId('bet-sport-odds').textContent).toContain('× 1.03');
    expect(screen.getByTestId('bet-sport-odds').textContent).toContain('39,900원');
  });
});
