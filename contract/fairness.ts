/**
 * Provably fair draws, the same code on the server and in the member's browser (Web Crypto, which
 * Node has too):
 *
 * - Seeds are 32 random bytes written as 64 hex digits. Each game has a hash chain: the operator keeps
 *   a secret root r and publishes the terminal hash h = sha256^L(r) before the chain is used. Rounds
 *   take the chain backwards: use u (1, 2, ...) has seed sha256^(L-u)(r), so its commitment
 *   sha256(seed) is the seed of use u-1 (the terminal for u = 1). Anyone can hash a revealed seed
 *   down to the terminal; nobody can compute the next seed from the revealed ones.
 * - A draw is HMAC-SHA256 keyed with the seed's bytes over `<game>:<day>:<roundNo>:<block>` for
 *   block 0, 1, ...; each 32-byte block gives eight big-endian uint32s. A number below n takes the
 *   next uint32 x and is x mod n when x < 2^32 - (2^32 mod n); otherwise x is thrown away and the next
 *   one tried (rejection sampling, no modulo bias). Balls without repeats are picked by index from the
 *   balls still in the machine, in order.
 */
import {
  type DrawOf, KENO, type KenoDraw, kenoLadder, ladderOf, type MiniGame, POWERBALL, type PowerballDraw, drawMessageKey,
} from './minigames';

const subtle = () => globalThis.crypto.subtle;
type HmacKey = Awaited<ReturnType<ReturnType<typeof subtle>['importKey']>>;

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const isSeed = (text: string): boolean => /^[0-9a-f]{64}$/.test(text);

/** sha256 of the seed's bytes, as hex: the next link of the chain. */
export async function hashSeed(seed: string): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', hexToBytes(seed))));
}

/** Hashes `seed` `times` times. */
export async function hashTimes(seed: string, times: number): Promise<string> {
  let value = seed;
  for (let i = 0; i < times; i += 1) value = await hashSeed(value);
  return value;
}

/** The uint32 stream of one round: HMAC-SHA256(seed, key:block), eight numbers per block. */
class Stream {
  private block = 0;
  private buffer: number[] = [];
  private constructor(private readonly key: HmacKey, private readonly message: string) {}

  static async open(seed: string, message: string): Promise<Stream> {
    const key = await subtle().importKey('raw', hexToBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Stream(key, message);
  }

  private async next(): Promise<number> {
    if (this.buffer.length === 0) {
      const mac = new DataView(await subtle().sign('HMAC', this.key, new TextEncoder().encode(`${this.message}:${this.block}`)));
      this.block += 1;
      for (let i = 0; i < 32; i += 4) this.buffer.push(mac.getUint32(i));
    }
    return this.buffer.shift()!;
  }

  /** A uniform integer in [0, n). */
  async below(n: number): Promise<number> {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = await this.next();
      if (x < limit) return x % n;
    }
  }

  /** `count` different balls from 1..max, in draw order. */
  async balls(count: number, max: number): Promise<number[]> {
    const machine = Array.from({ length: max }, (_, i) => i + 1);
    const drawn: number[] = [];
    for (let i = 0; i < count; i += 1) drawn.push(machine.splice(await this.below(machine.length), 1)[0]!);
    return drawn;
  }
}

async function drawPowerball(stream: Stream): Promise<PowerballDraw> {
  const normals = await stream.balls(POWERBALL.normals, POWERBALL.normalMax);
  return { normals, powerball: await stream.below(POWERBALL.powerballMax + 1) };
}

async function drawKeno(stream: Stream): Promise<KenoDraw> {
  return { numbers: await stream.balls(KENO.count, KENO.max) };
}

/** The draw of a round from its revealed seed. */
export async function drawRound<G extends MiniGame>(game: G, seed: string, day: string, roundNo: number): Promise<DrawOf[G]> {
  const stream = await Stream.open(seed, drawMessageKey(game, day, roundNo));
  switch (game) {
    case 'powerball':
      return (await drawPowerball(stream)) as DrawOf[G];
    case 'powerladder': {
      const start = (await stream.below(2)) === 0 ? 'left' : 'right';
      return ladderOf(start, (await stream.below(2)) === 0 ? 3 : 4) as DrawOf[G];
    }
    case 'speedkino':
      return (await drawKeno(stream)) as DrawOf[G];
    default: {
      const keno = await drawKeno(stream);
      return { ...keno, ...kenoLadder(keno.numbers[0]!) } as DrawOf[G];
    }
  }
}

export interface Verification {
  /** sha256(seed) equals the committed hash. */
  hashMatches: boolean;
  draw: DrawOf[MiniGame];
}

/** What the verifier page shows: does the seed match its commitment, and what does it draw. */
export async function verifyRound(game: MiniGame, seed: string, seedHash: string, day: string, roundNo: number): Promise<Verification> {
  return { hashMatches: (await hashSeed(seed)) === seedHash, draw: await drawRound(game, seed, day, roundNo) };
}
