import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISH, fishVisible, WAVE_MS, waveFish, type Fish } from '../../gameProvider/games/fishing/engine';
import { TEXTS } from '../../gameProvider/games/fishing/page/texts';
import { FISHING_GAMES, ShotRefusal, waveSeed } from '../../gameProvider/games/fishing/service';
import { createTableGames, type TableGames } from '../../gameProvider/games/routes';
import { createSessions } from '../../gameProvider/sessions';
import { createWallet } from '../../gameProvider/wallet';
import { verifyShot } from '../../gameProvider/verify';
import { OPERATOR, startVendor, type TestVendor } from './harness';

const GAME = FISHING_GAMES[0].gameKey;
let vendor: TestVendor;
let clock = 0;
let players = 0;

function games(): TableGames {
  const { db } = vendor.database;
  return createTableGames({ db, rounds: vendor.handle.rounds, wallet: createWallet(db), sessions: createSessions(db, 60_000), now: () => clock });
}

async function angler(amount = 1_000_000) {
  players += 1;
  const player = `fish-player-${players}`;
  await vendor.ok('/transfers/in', { transferId: `fish-in-${players}-xxxx`, player, amount });
  return { operator: OPERATOR, player, gameKey: GAME };
}

async function balance(player: string) {
  const { balance: amount, inRound } = await vendor.ok('/players/balance', { player });
  return { balance: amount, inRound };
}

/** The fish of a wave on screen at the clock, with the clock set inside the wave. */
function seaAt(waveNo: number, sinceStart = 20_000): Fish[] {
  clock = waveNo * WAVE_MS + sinceStart;
  return waveFish(waveSeed(GAME, waveNo), waveNo).filter((fish) => fishVisible(fish, sinceStart));
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ShotRefusal) return error.code;
    throw error;
  }
  return 'accepted';
}

beforeAll(async () => {
  vendor = await startVendor();
});
afterAll(async () => {
  await vendor.close();
});

describe('fishing shots', () => {
  it('a shot is one round opened and settled at once, decided by the player\'s seed pair, recomputable once it is rotated', async () => {
    const sea = games();
    const me = await angler();
    const waveNo = 1_000;
    const fish = seaAt(waveNo);
    expect(fish.length).toBeGreaterThan(3);
    const state = await sea.fishing.state(me);
    expect(state.waves.map((w) => w.waveNo)).toEqual([waveNo - 1, waveNo]);
    expect(state.fairness).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: 0 });
    expect(state.waves[1].seed).toBe(waveSeed(GAME, waveNo));
    let expected = 1_000_000;
    for (const target of fish.slice(0, 4)) {
      const answer = await sea.fishing.shoot(me, { waveNo, fishId: target.id, stake: 1_000 });
      expected += answer.win - 1_000;
      expect(answer.balance).toBe(expected);
      expect(answer.multiplier).toBe(FISH[target.kind].multiplier);
    }
    expect(await balance(me.player)).toEqual({ balance: expected, inRound: false });
    const rounds = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.filter((r) => r.player === me.player);
    expect(rounds).toHaveLength(4);
    const { revealed } = await vendor.handle.rounds.rotateSeed(me);
    for (const [i, round] of rounds.entries()) {
      const target = fish[i];
      expect(round.proof).toEqual({ serverSeedHash: state.fairness.serverSeedHash, serverSeed: null, clientSeed: state.fairness.clientSeed, nonce: i });
      const check = verifyShot({ ...round.proof, serverSeed: revealed.serverSeed, bet: 1_000 }, target.kind);
      expect(check).toMatchObject({ hashMatches: true, win: round.win, hit: round.outcome.endsWith('caught') });
      expect(round.bet).toBe(1_000);
      expect(round.outcome).toContain(target.kind);
      expect(round.detail).toEqual({
        game: 'fishing', fish: target.kind, names: TEXTS[target.kind], multiplier: FISH[target.kind].multiplier, waveNo, fishId: target.id, caught: check.hit,
      });
    }
  });

  it('refuses shots at fish that are not in the sea, bad stakes and stakes above the game money; takes nothing', async () => {
    const sea = games();
    const me = await angler(1_500);
    const waveNo = 2_000;
    const fish = seaAt(waveNo);
    const gone = waveFish(waveSeed(GAME, waveNo), waveNo).find((f) => !fishVisible(f, 20_000) && !fishVisible(f, 18_000) && !fishVisible(f, 21_000))!;
    const cases: [Record<string, unknown>, string][] = [
      [{ waveNo, fishId: 999, stake: 1_000 }, 'NO_FISH'],
      [{ waveNo, fishId: gone.id, stake: 1_000 }, 'NO_FISH'],
      [{ waveNo: waveNo + 1, fishId: fish[0].id, stake: 1_000 }, 'NO_FISH'],
      [{ waveNo: waveNo - 5, fishId: fish[0].id, stake: 1_000 }, 'NO_FISH'],
      [{ waveNo, fishId: fish[0].id, stake: 1_234 }, 'BAD_SHOT'],
      [{ waveNo, fishId: fish[0].id, stake: -100 }, 'BAD_SHOT'],
      [{ waveNo, fishId: 'x', stake: 100 }, 'BAD_SHOT'],
      [{ waveNo: 1.5, fishId: fish[0].id, stake: 100 }, 'BAD_SHOT'],
      [{ waveNo, fishId: fish[0].id, stake: 2_000 }, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [shot, code] of cases) expect(await refusal(sea.fishing.shoot(me, shot as never)), JSON.stringify(shot)).toBe(code);
    expect(await balance(me.player)).toEqual({ balance: 1_500, inRound: false });
  });

  it('a caught fish is gone for its catcher', async () => {
    const sea = games();
    const me = await angler(10_000_000);
    const waveNo = 3_000;
    const target = seaAt(waveNo).sort((a, b) => FISH[a.kind].multiplier - FISH[b.kind].multiplier)[0];
    let caught = false;
    for (let shots = 0; shots < 200 && !caught; shots += 1) caught = (await sea.fishing.shoot(me, { waveNo, fishId: target.id, stake: 100 })).hit;
    expect(caught).toBe(true);
    expect(await refusal(sea.fishing.shoot(me, { waveNo, fishId: target.id, stake: 100 }))).toBe('NO_FISH');
    expect((await sea.fishing.state(me)).caught).toContainEqual({ waveNo, fishId: target.id });
  });

  it('out-all right after shooting is allowed (no shot stays open), and an interrupted shot is refunded by the sweep', async () => {
    const sea = games();
    const me = await angler();
    const waveNo = 4_000;
    const fish = seaAt(waveNo);
    await sea.fishing.shoot(me, { waveNo, fishId: fish[0].id, stake: 500 });
    const { balance: left } = await balance(me.player);
    const interrupted = await vendor.handle.rounds.open({ operator: OPERATOR, player: me.player, gameKey: GAME, bet: 2_000 });
    expect((await vendor.call('/transfers/out-all', { transferId: 'fish-outall-1', player: me.player })).body).toMatchObject({ ok: false, code: 'ROUND_IN_PROGRESS' });
    clock = Date.now() + 61_000;
    expect(await sea.sweep()).toBe(1);
    const refunded = (await vendor.ok('/rounds/feed', { after: null, limit: 500 })).rounds.find((r) => r.roundId === interrupted.roundId);
    expect(refunded).toMatchObject({ bet: 2_000, win: 2_000, detail: { game: 'refund', reason: 'interrupted' } });
    const out = await vendor.ok('/transfers/out-all', { transferId: 'fish-outall-2', player: me.player });
    expect(out.transfer.amount).toBe(left);
  });
});
