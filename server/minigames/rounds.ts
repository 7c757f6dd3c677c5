/**
 * Rounds on wall-clock slots in Seoul time, and the seed chains they take their seeds from.
 *
 * A game's slots are its interval (which divides a day) counted from Seoul midnight. When no round of
 * the game has its draw ahead, the next round is made for the slot that ends next, unless betting in it
 * would already be closed (less than the cutoff left), then for the one after. Rounds are numbered per
 * Seoul day in order (the day of the draw; a draw at 00:00 ends the previous day's last round), so
 * with the default 5 minutes a day has rounds 1-288. An interval change takes effect from the next round.
 */
import { createHash, randomBytes } from 'node:crypto';
import { drawMessageKey, type MiniGame } from '../../contract/minigames';
import { seoulDay, startOfSeoulDay } from '../clock';
import type { Tx } from '../db/client';
import { type ChainRow, chainsInUseOrder, insertChain, insertRound, nextRoundNo, type RoundRow, type SettingsRow, takeChainUse } from './queries';

/** Seeds per chain: about 34 days of 5-minute rounds. */
export const CHAIN_LENGTH = 10_000;
/** A new chain is made (and its terminal hash published) while the current one still has a day of seeds. */
const NEXT_CHAIN_AHEAD = 288;


export interface RoundTimes {
  opensAt: Date;
  closesAt: Date;
  drawsAt: Date;
  day: string;
}

export function nextRoundTimes(now: Date, settings: Pick<SettingsRow, 'intervalSec' | 'cutoffSec'>): RoundTimes {
  const interval = settings.intervalSec * 1000;
  const cutoff = settings.cutoffSec * 1000;
  const dayStart = startOfSeoulDay(now).getTime();
  let drawsAt = dayStart + (Math.floor((now.getTime() - dayStart) / interval) + 1) * interval;
  if (drawsAt - cutoff <= now.getTime()) drawsAt += interval;
  return {
    opensAt: now,
    closesAt: new Date(drawsAt - cutoff),
    drawsAt: new Date(drawsAt),
    day: seoulDay(new Date(drawsAt - 1)),
  };
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** The seed of a chain's use u (1-based): sha256^(length-u)(root). */
export function seedOf(chain: Pick<ChainRow, 'root' | 'length'>, use: number): string {
  let value = chain.root;
  for (let i = 0; i < chain.length - use; i += 1) value = sha256(value);
  return value;
}

export function newChain(length = CHAIN_LENGTH): { root: string; terminalHash: string; length: number } {
  const root = randomBytes(32).toString('hex');
  let terminal = root;
  for (let i = 0; i < length; i += 1) terminal = sha256(terminal);
  return { root, terminalHash: terminal, length };
}

/**
 * Takes the next seed of the game's chains: answers the chain, the use and the commitment (the hash of
 * the seed). Makes the next chain a day ahead, so its terminal hash is public before its first use.
 */
async function takeSeed(tx: Tx, game: MiniGame, now: Date, chainLength: number): Promise<{ chain: ChainRow; use: number; seedHash: string }> {
  const chains = await chainsInUseOrder(tx, game);
  if (chains.length === 0) chains.push(await insertChain(tx, { game, ...newChain(chainLength), createdAt: now }));
  const chain = chains.find((c) => c.used < c.length) ?? await insertChain(tx, { game, ...newChain(chainLength), createdAt: now });
  const use = await takeChainUse(tx, chain.id);
  const last = chains[chains.length - 1]!;
  if (last.id === chain.id && chain.length - use < Math.min(NEXT_CHAIN_AHEAD, Math.floor(chainLength / 2))) {
    await insertChain(tx, { game, ...newChain(chainLength), createdAt: now });
  }
  return { chain, use, seedHash: sha256(seedOf(chain, use)) };
}

/** Makes the game's next round (and, for speed keno, the keno ladder round that shares its draw). */
export async function createRounds(tx: Tx, game: MiniGame, settings: SettingsRow, now: Date, chainLength: number): Promise<RoundRow[]> {
  const times = nextRoundTimes(now, settings);
  const { chain, use, seedHash } = await takeSeed(tx, game, now, chainLength);
  const roundNo = await nextRoundNo(tx, game, times.day);
  const base = { ...times, roundNo, chainId: chain.id, chainUse: use, seedHash };
  const rounds = [await insertRound(tx, { game, ...base })];
  if (game === 'speedkino') rounds.push(await insertRound(tx, { game: 'kinoladder', ...base }));
  return rounds;
}

/** The message key a round's draw signs (exported for the tests that replay draws). */
export const roundDrawKey = (round: Pick<RoundRow, 'game' | 'day' | 'roundNo'>) => drawMessageKey(round.game as MiniGame, round.day, round.roundNo);
