/**
 * The round service: how every game module of the vendor (slots, baccarat, fishing) takes a bet and pays
 * it, with provably fair randomness (gameProvider/fair.ts). The API for game modules:
 *
 *   const rounds = createRounds(db, findGame);           // gameProvider/app.ts makes one and hands it to games
 *
 *   // A round on the player's seed pair for the game (a slot spin, a fishing shot):
 *   const pair = await rounds.seedPair({ operator, player, gameKey });
 *     // -> { serverSeedHash, clientSeed, nonce }: the committed seed's hash, shown before the first round
 *   const opened = await rounds.open({ operator, player, gameKey, bet });
 *     // -> { roundId, rng, proof: { serverSeedHash, serverSeed: null, clientSeed, nonce }, balanceAfter }
 *     // Takes `bet` from the player's game money and the pair's next nonce, in one transaction.
 *     // Refusals (VendorRefusal): INSUFFICIENT_FUNDS, UNKNOWN_GAME, BAD_REQUEST.
 *     // `opened.rng.int(n)` / `opened.rng.weighted([...])` draw the round's outcome.
 *   // A round drawn and settled at once (a slot spin): one statement after reading the pair.
 *   const played = await rounds.play({ operator, player, gameKey, bet, draw: (rng) => ({ win, outcome, detail, result }) });
 *     // -> { roundId, proof, balanceAfter, result }: `draw` computes the outcome from the round's stream; the
 *     // stake, the win, the nonce and the finished round are written together (vendor_play_round), never
 *     // leaving a round open. Refusals as open's and settle's. `draw` may run again when the pair moved.
 *   const settled = await rounds.settle({ roundId, win, outcome });
 *     // -> { round: VendorRound (finished), balanceAfter }
 *     // Pays `win` (0 on a loss, = bet on a push), marks the round finished and puts it in the rounds
 *     // feed, once: settling again with the same win answers the same result and pays nothing; another
 *     // win is BAD_REQUEST. A pair's seed stays secret (more rounds draw from it) until:
 *   const { revealed, active } = await rounds.rotateSeed({ operator, player, gameKey }, clientSeed?);
 *     // reveals the pair's server seed (with the client seed and how many nonces it served) and
 *     // commits a fresh one, nonce 0, with the new client seed (or the same one when none is given).
 *
 *   // A shared seed (a baccarat table round that every seated player's bet refers to):
 *   const seed = await rounds.commitSeed();             // -> { seedId, serverSeedHash } (publish the hash)
 *   const tableRng = await rounds.seedRng(seed.seedId, clientSeed, nonce);  // the table draws its cards
 *   await rounds.open({ operator, player, gameKey, bet, seed: { seedId: seed.seedId, clientSeed, nonce } });
 *     // each player's bet round refers to the table's seed (its own rng is the same stream)
 *   await rounds.settle({ roundId, win, outcome });     // per player bet, after the table's result
 *   await rounds.revealSeed(seed.seedId);               // the table's seed (settle reveals it too)
 *
 *   await rounds.openRounds({ operator?, player?, kind? });  // rounds still open (to recover them)
 *   const rng = await rounds.replayRng(roundId);      // the round's stream again, from its stored seed:
 *     // a module whose outcome is a pure function of the stream can settle an interrupted round
 *
 * Seeds and rounds are rows of vendor_seeds, vendor_seed_pairs and vendor_rounds. A pair's seed is
 * revealed (serverSeed appears in the proofs of its rounds) when it is rotated, a shared seed once any
 * of its rounds is settled or revealSeed runs. A revealed seed is never the pair's again.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { VendorDb, VendorTx } from './db/client';
import { vendorPlayers, vendorRounds, vendorSeedPairs, vendorSeeds } from './db/schema';
import { sqlState, VendorRefusal } from './errors';
import { createRng, hashServerSeed, type Rng } from './fair';
import { stampFeed } from './feedSeq';
import type { VendorGame, VendorProof, VendorRound, VendorRoundDetail } from '../contract/gameProvider';
import { lockPlayer, moveGameMoney } from './wallet';

export interface OpenRound {
  operator: string;
  player: string;
  gameKey: string;
  /** Stake in won, a positive integer (0 allowed for a free round). */
  bet: number;
  /** Refer to a shared seed (committed with commitSeed) instead of the player's seed pair. */
  seed?: { seedId: string; clientSeed: string; nonce: number };
}

/** A player of one game: the owner of a seed pair. */
export interface PlayerGame {
  operator: string;
  player: string;
  gameKey: string;
}

/** The pair's active seed as the player sees it: its hash, the client seed and the next round's nonce. */
export interface SeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** A rotated pair's seed: its rounds used nonces 0 to nonce - 1. */
export interface RevealedSeed extends SeedPair {
  serverSeed: string;
}

export interface OpenedRound {
  roundId: string;
  rng: Rng;
  proof: VendorProof;
  balanceAfter: number;
}

export interface SettleRound {
  roundId: string;
  win: number;
  /** Short English outcome for the detail view (reels, cards, fish hit), at most 2000 characters. */
  outcome: string;
  /** The outcome as data (a slot's spin, a baccarat coup, a fishing shot, a refund), for the operator to word in its player's language. */
  detail?: VendorRoundDetail;
}

export interface PlayRound<T> extends PlayerGame {
  /** Stake in won, a positive integer (0 allowed for a free round). */
  bet: number;
  /** The pair as the caller read it with the player's session (sessions.playContext): the first draw uses it instead of reading. */
  pair?: ReadPair | null;
  /** The round's outcome from its stream: what it pays and how it reads, and whatever the caller answers with. */
  draw(rng: Rng): Omit<SettleRound, 'roundId'> & { result: T };
}

export interface PlayedRound<T> {
  roundId: string;
  proof: VendorProof;
  balanceAfter: number;
  result: T;
  /** The pair as this round left it (its nonce claimed): the player's next draw. */
  pair: ReadPair;
}

export interface SettledRound {
  round: VendorRound;
  balanceAfter: number;
}

export interface Rounds {
  open(input: OpenRound): Promise<OpenedRound>;
  settle(input: SettleRound): Promise<SettledRound>;
  play<T>(input: PlayRound<T>): Promise<PlayedRound<T>>;
  seedPair(who: PlayerGame): Promise<SeedPair>;
  rotateSeed(who: PlayerGame, clientSeed?: string): Promise<{ revealed: RevealedSeed; active: SeedPair }>;
  commitSeed(): Promise<{ seedId: string; serverSeedHash: string }>;
  seedRng(seedId: string, clientSeed: string, nonce: number): Promise<Rng>;
  revealSeed(seedId: string): Promise<{ serverSeed: string }>;
  get(roundId: string): Promise<VendorRound | null>;
  proof(operator: string, roundId: string): Promise<VendorProof | null>;
  openRounds(filter: { operator?: string; player?: string; kind?: VendorRound['kind'] }): Promise<(VendorRound & { operator: string })[]>;
  replayRng(roundId: string): Promise<Rng>;
  feed(operator: string, after: number | null, limit: number): Promise<{ rounds: VendorRound[]; next: string | null }>;
}

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
/** A player's client seed: no ':' so that `${clientSeed}:${nonce}` names one (seed, nonce) only. */
export const PLAYER_CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_STAKE = 1_000_000_000;
/**
 * How many times `play` draws without a lock when its pair moved between the read and the write (concurrent
 * rounds of one player); after that it takes the pair's lock, so a burst of spins still ends, each in its turn.
 */
const PLAY_ATTEMPTS = 3;

function checkSettlement(win: number, outcome: string): void {
  if (!Number.isSafeInteger(win) || win < 0 || typeof outcome !== 'string' || outcome.length > 2000) {
    throw new VendorRefusal('BAD_REQUEST', 'bad win or outcome');
  }
}

function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(9).toString('base64url')}`;
}

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

type RoundRow = typeof vendorRounds.$inferSelect;
type SeedRow = typeof vendorSeeds.$inferSelect;
type PairRow = typeof vendorSeedPairs.$inferSelect;
/** A seed pair with its seed, as read (not locked). */
export interface ReadPair {
  pair: PairRow;
  seed: SeedRow;
}

const pairOf = (who: PlayerGame) => and(eq(vendorSeedPairs.operator, who.operator), eq(vendorSeedPairs.player, who.player), eq(vendorSeedPairs.gameKey, who.gameKey));

async function commitPairSeed(tx: VendorTx): Promise<SeedRow> {
  const serverSeed = newServerSeed();
  const [seed] = await tx.insert(vendorSeeds).values({ id: newId('p'), serverSeed, serverSeedHash: hashServerSeed(serverSeed), paired: 1 }).returning();
  return seed!;
}

/** The player's seed pair and its seed, made with a freshly committed seed if there is none; locked until the transaction ends. */
async function lockPair(tx: VendorTx, who: PlayerGame): Promise<ReadPair> {
  const locked = () => tx.select().from(vendorSeedPairs).innerJoin(vendorSeeds, eq(vendorSeedPairs.seedId, vendorSeeds.id)).where(pairOf(who)).for('update');
  let [row] = await locked();
  if (!row) {
    const seed = await commitPairSeed(tx);
    const made = await tx.insert(vendorSeedPairs).values({ operator: who.operator, player: who.player, gameKey: who.gameKey, seedId: seed.id, clientSeed: newClientSeed() }).onConflictDoNothing().returning();
    if (made.length === 0) await tx.delete(vendorSeeds).where(eq(vendorSeeds.id, seed.id)); // made meanwhile by another call
    [row] = await locked();
  }
  return { pair: row!.vendor_seed_pairs, seed: row!.vendor_seeds };
}

const shownPair = (seed: SeedRow, clientSeed: string, nonce: number): SeedPair => ({ serverSeedHash: seed.serverSeedHash, clientSeed, nonce });

function roundOf(row: RoundRow, seed: SeedRow): VendorRound {
  return {
    roundId: row.roundId,
    player: row.player,
    gameKey: row.gameKey,
    brand: row.brand,
    kind: row.kind as VendorRound['kind'],
    bet: row.bet,
    win: row.win ?? 0,
    startedAt: row.startedAt.toISOString(),
    endedAt: (row.endedAt ?? row.startedAt).toISOString(),
    outcome: row.outcome,
    detail: (row.detail as VendorRoundDetail | null) ?? null,
    proof: {
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.revealedAt ? seed.serverSeed : null,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
    },
  };
}

export function createRounds(db: VendorDb, findGame: (gameKey: string) => VendorGame | undefined): Rounds {
  async function seedRow(seedId: string): Promise<SeedRow> {
    const [seed] = await db.select().from(vendorSeeds).where(eq(vendorSeeds.id, seedId));
    if (!seed) throw new VendorRefusal('BAD_REQUEST', `no seed ${seedId}`);
    return seed;
  }

  async function readPair(who: PlayerGame): Promise<ReadPair | null> {
    const [row] = await db.select().from(vendorSeedPairs).innerJoin(vendorSeeds, eq(vendorSeedPairs.seedId, vendorSeeds.id)).where(pairOf(who));
    return row ? { pair: row.vendor_seed_pairs, seed: row.vendor_seeds } : null;
  }

  async function roundWithSeed(roundId: string): Promise<VendorRound | null> {
    const [row] = await db.select().from(vendorRounds).innerJoin(vendorSeeds, eq(vendorRounds.seedId, vendorSeeds.id))
      .where(eq(vendorRounds.roundId, roundId));
    return row ? roundOf(row.vendor_rounds, row.vendor_seeds) : null;
  }

  return {
    async open(input) {
      const game = findGame(input.gameKey);
      if (!game || !game.enabled) throw new VendorRefusal('UNKNOWN_GAME', `no game ${input.gameKey}`);
      if (!Number.isSafeInteger(input.bet) || input.bet < 0 || input.bet > MAX_STAKE) throw new VendorRefusal('BAD_REQUEST', 'bad stake');
      const roundId = newId('r');
      const shared = input.seed && await seedRow(input.seed.seedId);
      if (input.seed && shared) {
        if (!shared.shared || shared.revealedAt) throw new VendorRefusal('BAD_REQUEST', 'the seed is not open for bets');
        if (!CLIENT_SEED.test(input.seed.clientSeed) || !Number.isSafeInteger(input.seed.nonce) || input.seed.nonce < 0) {
          throw new VendorRefusal('BAD_REQUEST', 'bad client seed or nonce');
        }
      }
      const opened = await db.transaction(async (tx) => {
        await lockPlayer(tx, input.operator, input.player);
        const after = await moveGameMoney(tx, input.operator, input.player, -input.bet);
        if (after === null) throw new VendorRefusal('INSUFFICIENT_FUNDS', 'the player has less game money than the stake');
        let draw: { seed: SeedRow; clientSeed: string; nonce: number };
        if (input.seed && shared) {
          draw = { seed: shared, clientSeed: input.seed.clientSeed, nonce: input.seed.nonce };
        } else {
          const { pair, seed } = await lockPair(tx, { operator: input.operator, player: input.player, gameKey: game.gameKey });
          await tx.update(vendorSeedPairs).set({ nonce: pair.nonce + 1 }).where(eq(vendorSeedPairs.seedId, seed.id));
          draw = { seed, clientSeed: pair.clientSeed, nonce: pair.nonce };
        }
        await tx.insert(vendorRounds).values({
          roundId, operator: input.operator, player: input.player, gameKey: game.gameKey, brand: game.brand, kind: game.kind,
          seedId: draw.seed.id, clientSeed: draw.clientSeed, nonce: draw.nonce, bet: input.bet,
        });
        return { ...draw, after };
      });
      const { seed, clientSeed, nonce } = opened;
      return {
        roundId,
        rng: createRng(seed.serverSeed, clientSeed, nonce),
        proof: { serverSeedHash: seed.serverSeedHash, serverSeed: null, clientSeed, nonce },
        balanceAfter: opened.after,
      };
    },

    async play(input) {
      const game = findGame(input.gameKey);
      if (!game || !game.enabled) throw new VendorRefusal('UNKNOWN_GAME', `no game ${input.gameKey}`);
      if (!Number.isSafeInteger(input.bet) || input.bet < 0 || input.bet > MAX_STAKE) throw new VendorRefusal('BAD_REQUEST', 'bad stake');
      const who = { operator: input.operator, player: input.player, gameKey: game.gameKey };
      /** Draws from the pair as `executor` reads it and writes the round in one statement (vendor_play_round). */
      const attemptPlay = async (executor: VendorTx | typeof db, { pair, seed }: ReadPair) => {
        const { win, outcome, detail, result } = input.draw(createRng(seed.serverSeed, pair.clientSeed, pair.nonce));
        checkSettlement(win, outcome);
        const roundId = newId('r');
        const played = await executor.execute(sql`select vendor_play_round(${who.operator}, ${who.player}, ${who.gameKey}, ${game.brand}, ${game.kind},
          ${roundId}, ${seed.id}, ${pair.clientSeed}, ${pair.nonce}, ${input.bet}, ${win}, ${outcome}, ${detail === undefined ? null : JSON.stringify(detail)}::jsonb) as balance`);
        const balanceAfter = Number((played as unknown as { rows: { balance: string | number }[] }).rows[0]!.balance);
        return {
          roundId, proof: { serverSeedHash: seed.serverSeedHash, serverSeed: null, clientSeed: pair.clientSeed, nonce: pair.nonce }, balanceAfter, result,
          pair: { pair: { ...pair, nonce: pair.nonce + 1 }, seed },
        };
      };
      const refusal = (error: unknown) => (sqlState(error) === 'VR001' ? new VendorRefusal('INSUFFICIENT_FUNDS', 'the player has less game money than the stake') : error);
      for (let attempt = 1; attempt < PLAY_ATTEMPTS; attempt += 1) {
        const read = attempt === 1 && input.pair !== undefined ? input.pair : await readPair(who);
        if (!read) break; // the player's first round of the game: the locked path commits a seed for the pair
        try {
          return await attemptPlay(db, read);
        } catch (error) {
          if (sqlState(error) !== 'VR002') throw refusal(error);
        }
      }
      // The pair kept moving under concurrent rounds (or has no seed yet): take its lock, so this draw is the next.
      try {
        return await db.transaction(async (tx) => {
          return attemptPlay(tx, await lockPair(tx, who));
        });
      } catch (error) {
        throw refusal(error);
      }
    },

    async settle({ roundId, win, outcome, detail }) {
      checkSettlement(win, outcome);
      const balanceAfter = await db.transaction(async (tx) => {
        const [row] = await tx.update(vendorRounds).set({ status: 'finished', win, outcome, detail: detail ?? null, endedAt: new Date() })
          .where(and(eq(vendorRounds.roundId, roundId), eq(vendorRounds.status, 'open'))).returning();
        if (!row) return null;
        await lockPlayer(tx, row.operator, row.player);
        const after = await moveGameMoney(tx, row.operator, row.player, win, true);
        await tx.update(vendorSeeds).set({ revealedAt: new Date() })
          .where(and(eq(vendorSeeds.id, row.seedId), isNull(vendorSeeds.revealedAt), eq(vendorSeeds.paired, 0)));
        return after!;
      });
      const round = await roundWithSeed(roundId);
      if (!round) throw new VendorRefusal('BAD_REQUEST', `no round ${roundId}`);
      if (balanceAfter === null) {
        // Settled before: the same settlement answers again; another one is refused.
        if (round.win !== win) throw new VendorRefusal('BAD_REQUEST', `round ${roundId} was settled with another win`);
        const [player] = await db.select({ balance: vendorPlayers.balance }).from(vendorPlayers)
          .innerJoin(vendorRounds, and(eq(vendorRounds.operator, vendorPlayers.operator), eq(vendorRounds.player, vendorPlayers.player)))
          .where(eq(vendorRounds.roundId, roundId));
        return { round, balanceAfter: player?.balance ?? 0 };
      }
      return { round, balanceAfter };
    },

    async seedPair(who) {
      return db.transaction(async (tx) => {
        const { pair, seed } = await lockPair(tx, who);
        return shownPair(seed, pair.clientSeed, pair.nonce);
      });
    },

    async rotateSeed(who, clientSeed) {
      if (clientSeed !== undefined && !PLAYER_CLIENT_SEED.test(clientSeed)) throw new VendorRefusal('BAD_REQUEST', 'bad client seed');
      return db.transaction(async (tx) => {
        const { pair, seed } = await lockPair(tx, who);
        await tx.update(vendorSeeds).set({ revealedAt: new Date() }).where(eq(vendorSeeds.id, seed.id));
        const fresh = await commitPairSeed(tx);
        const nextClientSeed = clientSeed ?? pair.clientSeed;
        await tx.update(vendorSeedPairs).set({ seedId: fresh.id, clientSeed: nextClientSeed, nonce: 0 }).where(pairOf(who));
        return {
          revealed: { ...shownPair(seed, pair.clientSeed, pair.nonce), serverSeed: seed.serverSeed },
          active: shownPair(fresh, nextClientSeed, 0),
        };
      });
    },

    async commitSeed() {
      const serverSeed = newServerSeed();
      const seedId = newId('s');
      const serverSeedHash = hashServerSeed(serverSeed);
      await db.insert(vendorSeeds).values({ id: seedId, serverSeed, serverSeedHash, shared: 1 });
      return { seedId, serverSeedHash };
    },

    async seedRng(seedId, clientSeed, nonce) {
      const seed = await seedRow(seedId);
      return createRng(seed.serverSeed, clientSeed, nonce);
    },

    async revealSeed(seedId) {
      await db.update(vendorSeeds).set({ revealedAt: new Date() }).where(and(eq(vendorSeeds.id, seedId), isNull(vendorSeeds.revealedAt)));
      return { serverSeed: (await seedRow(seedId)).serverSeed };
    },

    get: roundWithSeed,

    async proof(operator, roundId) {
      const [row] = await db.select().from(vendorRounds).innerJoin(vendorSeeds, eq(vendorRounds.seedId, vendorSeeds.id))
        .where(and(eq(vendorRounds.roundId, roundId), eq(vendorRounds.operator, operator)));
      return row ? roundOf(row.vendor_rounds, row.vendor_seeds).proof : null;
    },

    async openRounds({ operator, player, kind }) {
      const rows = await db.select().from(vendorRounds).innerJoin(vendorSeeds, eq(vendorRounds.seedId, vendorSeeds.id))
        .where(and(eq(vendorRounds.status, 'open'), operator === undefined ? undefined : eq(vendorRounds.operator, operator),
          player === undefined ? undefined : eq(vendorRounds.player, player), kind === undefined ? undefined : eq(vendorRounds.kind, kind)))
        .orderBy(asc(vendorRounds.startedAt));
      return rows.map((r) => ({ ...roundOf(r.vendor_rounds, r.vendor_seeds), operator: r.vendor_rounds.operator }));
    },

    async replayRng(roundId) {
      const [row] = await db.select().from(vendorRounds).innerJoin(vendorSeeds, eq(vendorRounds.seedId, vendorSeeds.id))
        .where(eq(vendorRounds.roundId, roundId));
      if (!row) throw new VendorRefusal('BAD_REQUEST', `no round ${roundId}`);
      return createRng(row.vendor_seeds.serverSeed, row.vendor_rounds.clientSeed, row.vendor_rounds.nonce);
    },

    async feed(operator, after, limit) {
      await stampFeed(db, 'rounds');
      const rows = await db.select().from(vendorRounds).innerJoin(vendorSeeds, eq(vendorRounds.seedId, vendorSeeds.id))
        .where(and(eq(vendorRounds.operator, operator), eq(vendorRounds.status, 'finished'),
          after === null ? sql`${vendorRounds.feedSeq} is not null` : gt(vendorRounds.feedSeq, after)))
        .orderBy(asc(vendorRounds.feedSeq)).limit(limit);
      const last = rows.at(-1)?.vendor_rounds.feedSeq ?? after;
      return { rounds: rows.map((r) => roundOf(r.vendor_rounds, r.vendor_seeds)), next: last === null ? null : String(last) };
    },
  };
}
