/** The sportsbook's slip on the one bet-slip machine: folders, the rules at pick time, figures, changed prices, a held live bet. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SLIP_RULES } from '../../contract/sports';
import { pickRefusal, refusedPrices, repriceLegs, slipHeld, slipProblem, sportSlipFigures } from '../../machines/betSlip';
import { BB_AWAY, BB_HOME, BB_OVER, LIVE_HOME, OFFLINE, PRICES_MOVED, SOCCER_HOME, SOCCER_OVER, SPORT_INPUT, SPORT_PLACED, startBetSlip } from './betSlip.fixtures';
import { flush } from './support';

const slipOf = (started: ReturnType<typeof startBetSlip>) => started.actor.getSnapshot();
const tailPhase = (started: ReturnType<typeof startBetSlip>) => {
  const tail = started.tail()?.getSnapshot();
  return tail?.status === 'active' ? String(tail.value) : null;
};

describe('betSlipMachine, the sportsbook slip', () => {
  it('adds folders, replaces a market\'s selection, takes a leg off when picked again', () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    actor.send({ type: 'slip.pick', leg: BB_AWAY });
    expect(slipOf(started).context.legs.map((leg) => leg.selection)).toEqual([SOCCER_HOME.selection, BB_AWAY.selection]);
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    expect(slipOf(started).context.legs).toEqual([BB_AWAY]);
    // Soccer allows any two markets of one fixture.
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    actor.send({ type: 'slip.pick', leg: SOCCER_OVER });
    expect(slipOf(started).context.legs).toHaveLength(3);
  });

  it('refuses at pick time what the rules keep apart, says why, and leaves the slip as it was', () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.pick', leg: BB_OVER });
    expect(slipOf(started).value).toBe('pickRefused');
    expect(slipOf(started).context).toMatchObject({ notice: 'sport.slip.sameFixture', legs: [BB_HOME] });
    // Nothing else is listened for until the member read it.
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    expect(slipOf(started).context.legs).toEqual([BB_HOME]);
    actor.send({ type: 'slip.dismiss' });
    expect(slipOf(started).value).toBe('editing');
    expect(slipOf(started).context.notice).toBeNull();
    actor.send({ type: 'slip.pick', leg: LIVE_HOME });
    expect(slipOf(started).context.notice).toBe('api.B6107');
  });

  it('knows each refusal of a pick: a live leg with others, too many folders, a stopped market, two markets the sport keeps apart', () => {
    const slip = { product: 'sport' as const, maxLegs: 2, rules: DEFAULT_SLIP_RULES };
    expect(pickRefusal({ ...slip, legs: [BB_HOME] }, BB_OVER)).toBe('sport.slip.sameFixture');
    expect(pickRefusal({ ...slip, legs: [BB_HOME] }, BB_AWAY)).toBeNull();
    expect(pickRefusal({ ...slip, legs: [BB_HOME] }, BB_HOME)).toBeNull();
    expect(pickRefusal({ ...slip, legs: [LIVE_HOME] }, SOCCER_HOME)).toBe('api.B6107');
    expect(pickRefusal({ ...slip, legs: [SOCCER_HOME] }, LIVE_HOME)).toBe('api.B6107');
    expect(pickRefusal({ ...slip, legs: [] }, LIVE_HOME)).toBeNull();
    expect(pickRefusal({ ...slip, legs: [BB_HOME, SOCCER_HOME] }, SOCCER_OVER)).toBe('api.B6105');
    expect(pickRefusal({ ...slip, legs: [] }, { ...SOCCER_HOME, sport: { ...SOCCER_HOME.sport!, stopped: true } })).toBe('api.B6102');
    // Without the rules read yet, the server is the judge.
    expect(pickRefusal({ ...slip, rules: null, legs: [BB_HOME] }, BB_OVER)).toBeNull();
    // A mini slip takes every pick.
    expect(pickRefusal({ product: 'mini', maxLegs: 1, rules: null, legs: [BB_HOME] }, BB_OVER)).toBeNull();
  });

  it('multiplies the odds, adds the folder bonus at 3, 5 and 7 legs of at least 1.30, caps the total odds and the payout', () => {
    expect(sportSlipFigures([BB_HOME, SOCCER_HOME], 10_000, DEFAULT_SLIP_RULES, null)).toEqual({ oddsCents: 388, bonusCents: 100, totalOddsCents: 388, payout: 38_800, capped: false });
    const three = sportSlipFigures([BB_HOME, SOCCER_HOME, SOCCER_OVER], 10_000, DEFAULT_SLIP_RULES, null);
    expect(three).toMatchObject({ oddsCents: 698, bonusCents: 103, totalOddsCents: 718, payout: 71_800 });
    const low = { ...SOCCER_OVER, oddsCents: 125 };
    expect(sportSlipFigures([BB_HOME, SOCCER_HOME, low], 10_000, DEFAULT_SLIP_RULES, null).bonusCents).toBe(100);
    expect(sportSlipFigures([BB_HOME, SOCCER_HOME], 10_000, DEFAULT_SLIP_RULES, 30_000)).toMatchObject({ payout: 30_000, capped: true });
    expect(sportSlipFigures([BB_HOME], 10_000, { ...DEFAULT_SLIP_RULES, maxTotalOddsCents: 150 }, null)).toMatchObject({ totalOddsCents: 150, payout: 15_000 });
    expect(sportSlipFigures([], 10_000, DEFAULT_SLIP_RULES, null).payout).toBe(0);
  });

  it('checks the slip before sending: a pick, open markets, a single\'s minimum odds, a stake', () => {
    const slip = { product: 'sport' as const, rules: DEFAULT_SLIP_RULES, roundId: null };
    expect(slipProblem({ ...slip, legs: [], stake: 1_000 }, true)).toBe('sport.slip.noPick');
    expect(slipProblem({ ...slip, legs: [{ ...BB_HOME, oddsCents: 120 }], stake: 1_000 }, true)).toBe('api.B6104');
    expect(slipProblem({ ...slip, legs: [{ ...BB_HOME, oddsCents: 120 }, SOCCER_HOME], stake: 1_000 }, true)).toBeNull();
    expect(slipProblem({ ...slip, legs: [BB_HOME], stake: 0 }, true)).toBe('sport.slip.noAmount');
    expect(slipProblem({ ...slip, legs: [repriceLegs([BB_HOME], [{ selectionId: BB_HOME.selection, oddsCents: 185, version: 4, status: 'suspended' }])[0]!], stake: 1_000 }, true)).toBe('api.B6102');
  });

  it('follows the price feed: each leg\'s price, version and direction, a suspended market stopped', () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    actor.send({ type: 'slip.prices', prices: [{ selectionId: BB_HOME.selection, oddsCents: 190, version: 5, status: 'open' }, { selectionId: 'other', oddsCents: 300, version: 1, status: 'open' }] });
    expect(slipOf(started).context.legs[0]).toMatchObject({ oddsCents: 190, sport: { version: 5, moved: 'up', stopped: false } });
    expect(slipOf(started).context.legs[1]).toEqual(SOCCER_HOME);
    actor.send({ type: 'slip.prices', prices: [{ selectionId: SOCCER_HOME.selection, oddsCents: 200, version: 4, status: 'suspended' }] });
    expect(slipOf(started).context.legs[1]).toMatchObject({ oddsCents: 200, sport: { moved: 'down', stopped: true } });
  });

  it('sends each leg at the price and version seen, the stake and the accept-better-odds choice, once, and keeps the answer', async () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor, send, accepted } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    actor.send({ type: 'slip.stake', stake: 10_000 });
    actor.send({ type: 'slip.acceptBetter', on: true });
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    actor.send({ type: 'slip.submit', open: true });
    expect(send.runs).toHaveLength(1);
    expect(send.current().input.request).toEqual({
      game: 'sport', stake: 10_000, acceptBetterOdds: true,
      legs: [{ selectionId: BB_HOME.selection, oddsCents: 185, version: 3 }, { selectionId: SOCCER_HOME.selection, oddsCents: 210, version: 3 }],
    });
    send.current().resolve(SPORT_PLACED);
    await flush();
    expect(slipOf(started).value).toBe('placed');
    expect(slipOf(started).context).toMatchObject({ legs: [], placed: SPORT_PLACED.bet });
    expect(accepted).toEqual([SPORT_PLACED]);
  });

  it('a changed price: the server\'s prices go on the legs, the member is asked, and yes sends them at once with a new key', async () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor, send } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.pick', leg: SOCCER_HOME });
    actor.send({ type: 'slip.stake', stake: 10_000 });
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    send.current().reject(PRICES_MOVED);
    await flush();
    expect(slipOf(started).value).toBe('repriced');
    expect(started.tail()).toBeUndefined();
    expect(slipOf(started).context.legs[0]).toMatchObject({ oddsCents: 180, sport: { version: 4, moved: 'down' } });
    // What was sent is still there, for the prompt's old prices.
    expect(slipOf(started).context.request).toMatchObject({ legs: [{ oddsCents: 185 }, { oddsCents: 210 }] });
    actor.send({ type: 'slip.confirmPrices' });
    // Not asked a second time: sent at once.
    expect(tailPhase(started)).toBe('sending');
    expect(send.runs).toHaveLength(2);
    expect(send.runs[1]!.input.request).toMatchObject({ legs: [{ oddsCents: 180, version: 4 }, { oddsCents: 210, version: 3 }] });
    expect(send.runs[1]!.input.idempotencyKey).not.toBe(send.runs[0]!.input.idempotencyKey);
    send.current().resolve(SPORT_PLACED);
    await flush();
    expect(slipOf(started).value).toBe('placed');
  });

  it('a changed price the member declines goes back to the slip at the new prices, asked again on the next send', async () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor, send } = started;
    actor.send({ type: 'slip.pick', leg: BB_HOME });
    actor.send({ type: 'slip.stake', stake: 10_000 });
    actor.send({ type: 'slip.submit', open: true });
    started.tail()?.send({ type: 'send.confirm' });
    send.current().reject(PRICES_MOVED);
    await flush();
    actor.send({ type: 'slip.prices', prices: [{ selectionId: BB_HOME.selection, oddsCents: 182, version: 5, status: 'open' }] });
    actor.send({ type: 'slip.dismiss' });
    expect(slipOf(started).value).toBe('editing');
    expect(slipOf(started).context.legs[0]).toMatchObject({ oddsCents: 182, sport: { version: 5 } });
    actor.send({ type: 'slip.submit', open: true });
    expect(tailPhase(started)).toBe('confirming');
  });

  it('a held live bet is "접수 중" while its call waits; no answer keeps the key for the same slip', async () => {
    const started = startBetSlip(SPORT_INPUT);
    const { actor, send } = started;
    actor.send({ type: 'slip.pick', leg: LIVE_HOME });
    actor.send({ type: 'slip.stake', stake: 5_000 });
    expect(slipHeld(slipOf(started), tailPhase(started))).toBe(false);
    actor.send({ type: 'slip.submit', open: true });
    expect(slipHeld(slipOf(started), tailPhase(started))).toBe(false);
    started.tail()?.send({ type: 'send.confirm' });
    expect(slipHeld(slipOf(started), tailPhase(started))).toBe(true);
    send.current().reject(OFFLINE);
    await flush();
    expect(slipHeld(slipOf(started), tailPhase(started))).toBe(false);
    started.tail()?.send({ type: 'send.retry' });
    expect(send.runs[1]!.input.idempotencyKey).toBe(send.runs[0]!.input.idempotencyKey);
    send.current().reject({ code: 'B6002', message: '' });
    await flush();
    // An ordinary refusal is the tail's to show.
    expect(started.tail()?.getSnapshot().context.errorId).toBe('api.B6002');
  });

  it('reads a refusal\'s prices defensively', () => {
    expect(refusedPrices(PRICES_MOVED.data)).toHaveLength(2);
    expect(refusedPrices(PRICES_MOVED.data.legs)).toHaveLength(2);
    expect(refusedPrices(null)).toEqual([]);
    expect(refusedPrices({ legs: [{ selectionId: 1 }, 'x', { selectionId: 'a', oddsCents: 1.5, version: 1, status: 'open' }] })).toEqual([]);
  });
});
