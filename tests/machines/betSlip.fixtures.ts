import { createActor, type InspectionEvent } from 'xstate';
import { betSlipMachine, PRICE_CHANGED, type BetSlipInput, type SlipLeg, type SportLegFacts } from '../../machines/betSlip';
import { DEFAULT_SLIP_RULES, type MarketKind, type Sport } from '../../contract/sports';
import { SEND_TAIL } from '../../machines/sendTail';
import type { MiniBet } from '../../contract/minigames';
import { fakeTail, fakeTailOutput, tailOf } from './sendTail.fixtures';

export const BET: MiniBet = {
  betId: 9, game: 'powerball', roundId: 3, roundNo: 145, market: 'pbOddEven', selection: 'odd', stake: 10_000, oddsCents: 195,
  status: 'wait', win: 0, placedAt: '2026-11-23T03:01:00.000Z',
};
export const PLACED = { bet: BET, balances: { cashAmt: 990_000, pointAmt: 0 } };
export const CLOSED = { code: 'B0202', message: '베팅할 수 없는 회차입니다.' };
export const OFFLINE = new TypeError('Failed to fetch');
export const ODD = { market: 'pbOddEven', selection: 'odd', oddsCents: 195 };
export const EVEN = { market: 'pbOddEven', selection: 'even', oddsCents: 195 };
export const UNDER = { market: 'pbUnderOver', selection: 'under', oddsCents: 193 };

/** The slip with the real tail and a fake betProc call. */
export function startBetSlip(input: BetSlipInput = { game: 'powerball' }, inspect?: (event: InspectionEvent) => void) {
  const { send, logic } = fakeTail();
  const accepted: unknown[] = [];
  const machine = betSlipMachine.provide({
    actors: { [SEND_TAIL]: logic },
    actions: { accepted: (_, answer) => { accepted.push(answer); } },
  });
  const actor = createActor(machine, { input, inspect });
  actor.start();
  return { actor, send, accepted, tail: () => tailOf(actor) };
}

/** The slip with its tail stood in by a promise of the tail's output (for its model test). */
export function startBetSlipOverTail(inspect?: (event: InspectionEvent) => void) {
  const tail = fakeTailOutput();
  const actor = createActor(betSlipMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never } }), { input: { game: 'powerball' }, inspect });
  actor.start();
  return { actor, tail };
}

// The sportsbook's slip: a basketball fixture's winner and total (kept apart by the default rules), a soccer leg, a live leg.
const names = (ko: string, en: string) => ({ ko, en, vi: en });
function sportLeg(fixtureId: string, sport: Sport, marketId: string, kind: MarketKind, key: string, oddsCents: number, extra: Partial<SportLegFacts> = {}): SlipLeg {
  return {
    market: marketId,
    selection: `${marketId}:${key}`,
    oddsCents,
    sport: {
      fixtureId, sport, league: names('K리그1', 'K League 1'), home: names('울산', 'Ulsan'), away: names('전북', 'Jeonbuk'),
      startsAt: '2026-11-28T12:00:00.000Z', kind, period: 'match', line: kind === 'total' ? 21550 : null, key, live: false, version: 3,
      stopped: false, moved: null, ...extra,
    },
  };
}
export const BB_HOME = sportLeg('f-bb', 'basketball', 'm-bb-w', 'winner2', 'home', 185);
export const BB_AWAY = sportLeg('f-bb', 'basketball', 'm-bb-w', 'winner2', 'away', 195);
export const BB_OVER = sportLeg('f-bb', 'basketball', 'm-bb-t', 'total', 'over', 190);
export const SOCCER_HOME = sportLeg('f-so', 'soccer', 'm-so-1x2', 'winner3', 'home', 210);
export const SOCCER_OVER = sportLeg('f-so', 'soccer', 'm-so-t', 'total', 'over', 180);
export const LIVE_HOME = sportLeg('f-live', 'soccer', 'm-live-1x2', 'winner3', 'home', 150, { live: true });
export const SPORT_PLACED = {
  bet: { betId: 'sb-1', legs: [], oddsCents: 351, bonusCents: 100, stake: 10_000, potentialWin: 35_100 },
  balances: { cashAmt: 990_000, pointAmt: 0 },
};
/** The server's refusal of changed prices: the home price moved from 1.85 to 1.80 under version 4. */
export const PRICES_MOVED = {
  code: PRICE_CHANGED, message: '배당이 변경되었습니다.',
  data: { legs: [{ selectionId: BB_HOME.selection, oddsCents: 180, version: 4, status: 'open' }, { selectionId: SOCCER_HOME.selection, oddsCents: 210, version: 3, status: 'open' }] },
};
export const SPORT_INPUT: BetSlipInput = { product: 'sport', maxLegs: 10, rules: DEFAULT_SLIP_RULES };

/** The sports slip with its tail stood in by a promise of the tail's output (for its model test). */
export function startSportSlipOverTail(inspect?: (event: InspectionEvent) => void) {
  const tail = fakeTailOutput();
  const actor = createActor(betSlipMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never } }), { input: SPORT_INPUT, inspect });
  actor.start();
  return { actor, tail };
}
