/**
 * The games money property: many members at once launch games, spin the vendor's slots over HTTP as a
 * player's browser would, merge (sometimes replaying their key), close windows without merging and
 * poll the balance, while the vendor's fault switch delays (past the adapter's timeout), fails and
 * drops transfers and fails feed reads, the jobs run, and the site restarts in the middle (the app is
 * built again on the same database). Afterwards, with the faults off and everyone merged:
 * - every won is in exactly one place: members' integrated money, their game money at the vendor, or
 *   the house's game result, and together they are what was deposited;
 * - every transfer id had one effect: the vendor's transfers are the site's applied transfers, same
 *   direction and amount, and every round the vendor played is one history row that moved its money once;
 * - the ledger invariants hold and reconciliation reports nothing;
 * - credits the vendor made on its own before the last merges are held, proposed once each, and credited.
 * GAMES_PROPERTY_MEMBERS, GAMES_PROPERTY_STEPS and GAMES_PROPERTY_SEED size and replay a run.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiAnswer } from '../../contract/codes';
import { gamesOf } from '../../server/app';
import { memberOfPlayer, playerOf } from '../../server/games/adapter';
import type { VendorRound, VendorTransfer } from '../../contract/gameProvider';
import { SLOT_BETS } from '../../gameProvider/play/routes';
import type { TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { seededRandom } from './random';
import { checkLedgerInvariants } from './invariants';
import { fundedMember, gamesAdapter, key, setFaults, vendorBonus } from './gamesFixtures';

const MEMBERS = Number(process.env.GAMES_PROPERTY_MEMBERS ?? 10);
const STEPS = Number(process.env.GAMES_PROPERTY_STEPS ?? 14);
const SEED = Number(process.env.GAMES_PROPERTY_SEED ?? Date.now() % 1_000_000);

const random = seededRandom(SEED).next;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const FAULTS = [
  { target: 'transfers', mode: 'drop', probability: 0.12 },
  { target: 'transfers', mode: 'fail', probability: 0.12 },
  { target: 'transfers', mode: 'delay', probability: 0.12, delayMs: 1_300 },
  { target: 'feeds', mode: 'fail', probability: 0.2 },
  { target: '/players/balance', mode: 'fail', probability: 0.2 },
];

interface Actor extends TestMember {
  funded: number;
  /** The vendor session token of the open game window, if any. */
  session: string | null;
  lastMergeKey: string | null;
}

let server: TestServer;
const actors: Actor[] = [];
let games: { vendorKey: string; gameKey: string }[] = [];
const outcomes = new Map<string, number>();
const surprises: string[] = [];

function tally(what: string, code: string, allowed: readonly string[]) {
  outcomes.set(`${what} ${code}`, (outcomes.get(`${what} ${code}`) ?? 0) + 1);
  if (!allowed.includes(code)) surprises.push(`${what} answered ${code}`);
}

beforeAll(async () => {
  server = await startTestServer({}, { listen: true, gameJobs: { intervalMs: 200, reconcileMs: 1_500 }, vendorTimeoutMs: 1_000 });
  await gamesOf(server.app).sync();
  for (const vendorKey of ['pragslot', 'habanero']) {
    const list = await server.call('gameList', { vendorKey });
    games.push(...list.data!.games.map((g) => ({ vendorKey, gameKey: g.key })));
  }
  games = games.filter((g) => g.gameKey.startsWith('slot-'));
  for (let i = 0; i < MEMBERS; i += 1) {
    const funded = 10_000 * (10 + Math.floor(random() * 40));
    actors.push({ ...await fundedMember(server, funded), funded, session: null, lastMergeKey: null });
  }
}, 120_000);
afterAll(async () => { await server?.close(); });

/** A call that may meet the site restarting: no answer is its own outcome; one that arrives while it closes is told to try again (TE99, or the vendor's UNAVAILABLE). */
async function attempt<T>(what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch {
    tally(what, 'no answer (restart)', ['no answer (restart)']);
    return null;
  }
}

/** A call of the game window: a spin, or a seed rotation (which moves no money). */
async function gameCall(actor: Actor, call: 'spin' | 'seed', body: unknown, allowed: readonly string[]): Promise<void> {
  const response = await attempt(call, () => fetch(`${server.url()}/vendor/play/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${actor.session}` },
    body: JSON.stringify(body),
  }));
  if (!response) return;
  const answer = await response.json() as { ok: boolean; code?: string };
  tally(call, answer.ok ? 'ok' : String(answer.code), allowed);
}

const spin = (actor: Actor) => gameCall(actor, 'spin', { bet: pick(SLOT_BETS.slice(0, 4)) }, ['ok', 'INSUFFICIENT_FUNDS', 'SESSION', 'UNAVAILABLE']);
const rotateSeed = (actor: Actor) => gameCall(actor, 'seed', { clientSeed: key().slice(0, 16) }, ['ok', 'SESSION', 'UNAVAILABLE']);

async function step(actor: Actor): Promise<void> {
  const roll = random();
  const token = { token: actor.token };
  if (roll < 0.25) {
    const game = pick(games);
    const answer = await attempt('launch', () => server.call('getGame', { ...game, gameType: 'slot' }, token));
    if (!answer) return;
    tally('launch', answer.resultCode, ['0', 'NT99', 'ABZ01', 'B0099', '2000', '9999', 'TE99']);
    if (answer.resultCode === '0') actor.session = /#s=([^&]+)/.exec(answer.data!.gameurl)?.[1] ?? null;
  } else if (roll < 0.6) {
    if (actor.session) await spin(actor);
  } else if (roll < 0.65) {
    if (actor.session) await rotateSeed(actor);
  } else if (roll < 0.85) {
    const replay = actor.lastMergeKey !== null && random() < 0.3;
    const idempotencyKey = replay ? actor.lastMergeKey! : key();
    actor.lastMergeKey = idempotencyKey;
    const answer: ApiAnswer | null = await attempt('merge', () => server.call('outGameMoney', { idempotencyKey }, token));
    if (!answer) return;
    tally(replay ? 'merge (replayed key)' : 'merge', answer.resultCode, ['0', 'NT99', 'C009', '2000', 'TE99']);
    if (answer.resultCode === '0') actor.session = null;
  } else if (roll < 0.92) {
    actor.session = null; // the window closed without a merge
  } else {
    const answer = await attempt('balance', () => server.call('balance', {}, token));
    if (answer) tally('balance', answer.resultCode, ['0', 'TE99']);
  }
}

async function play(steps: number): Promise<void> {
  await Promise.all(actors.map(async (actor) => {
    for (let i = 0; i < steps; i += 1) await step(actor);
  }));
}

async function allVendor<T>(read: (after: string | null) => Promise<{ items: T[]; next: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    all.push(...page.items);
    if (page.items.length === 0 || page.next === null) return all;
    after = page.next;
  }
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

it(`keeps every won in one place (seed ${SEED})`, async () => {
  await setFaults(server, FAULTS);
  await play(STEPS);
  // The site restarts while members keep playing.
  const restarting = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.restart();
    await setFaults(server, FAULTS);
  })();
  await Promise.all([play(STEPS), restarting]);
  await play(Math.ceil(STEPS / 2));

  // Faults off; the jobs settle what is pending; everyone merges.
  await setFaults(server, []);
  const service = () => gamesOf(server.app);
  for (let i = 0; i < 20; i += 1) {
    await service().tick();
    const pending = await server.rows<{ n: number }>("select count(*)::int as n from game_transfers where state = 'pending'");
    if (Number(pending[0]!.n) === 0) break;
  }
  // The vendor credits some members in a game on its own (a promotion): their merges return more than the site sent.
  const inGame = new Set((await server.rows<{ member_id: string }>(`
    select m.member_id from game_members m where m.open_game_key is not null
    union select a.member_id from ledger_accounts a where a.currency = 'GAME' and a.owner_kind = 'member' and a.balance > 0`)).map((r) => Number(r.member_id)));
  const bonuses = new Map<number, number>();
  for (const actor of actors) {
    if (!inGame.has(actor.memberId) || random() < 0.5) continue;
    const amount = 1_000 * (1 + Math.floor(random() * 20));
    await vendorBonus(server, actor.memberId, amount);
    bonuses.set(actor.memberId, amount);
  }
  for (const actor of actors) {
    let code = '';
    for (let i = 0; i < 10 && code !== '0'; i += 1) code = (await server.call('outGameMoney', { idempotencyKey: key() }, { token: actor.token })).resultCode;
    expect(code, actor.memId).toBe('0');
  }
  const report = await service().reconciliation.run();
  console.log(`games property (seed ${SEED}, vendor credits ${bonuses.size}): ${[...outcomes].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  expect(surprises).toEqual([]);
  expect(report.differences).toEqual([]);
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);
  // Each bonus waits as one proposal; the operator credits them all.
  expect(report.proposals.map((p) => `${p.memberId} ${p.amount}`).sort()).toEqual([...bonuses].map(([id, amount]) => `${id} ${amount}`).sort());
  for (const proposal of report.proposals) {
    expect((await server.admin('POST', `/admin/api/games/held/${proposal.transferId}/credit`)).status).toBe(200);
  }
  expect((await service().reconciliation.run()).proposals).toEqual([]);
  expect(await checkLedgerInvariants(server.database.db)).toEqual([]);

  const adapter = gamesAdapter(server);
  const ours = new Set(actors.map((a) => playerOf(a.memberId)));
  const vendorTransfers = (await allVendor<VendorTransfer>(async (after) => {
    const page = await adapter.transfers(after, 500);
    return { items: page.transfers, next: page.next };
  })).filter((t) => ours.has(t.player));
  const vendorRounds = (await allVendor<VendorRound>(async (after) => {
    const page = await adapter.rounds(after, 500);
    return { items: page.rounds, next: page.next };
  })).filter((r) => ours.has(r.player));
  expect(vendorRounds.length, 'rounds played').toBeGreaterThan(0);

  // Every transfer id had one effect: the vendor's transfers are exactly the site's applied ones.
  const siteApplied = await server.rows<{ transfer_id: string; direction: string; amount: string }>(
    "select transfer_id, direction, amount::text from game_transfers where state = 'applied' and amount > 0");
  const vendorMoved = vendorTransfers.filter((t) => t.amount > 0);
  expect(new Set(vendorTransfers.map((t) => t.transferId)).size).toBe(vendorTransfers.length);
  expect(vendorMoved.map((t) => `${t.transferId} ${t.direction} ${t.amount}`).sort())
    .toEqual(siteApplied.map((t) => `${t.transfer_id} ${t.direction} ${t.amount}`).sort());

  // Every round is one history row.
  const bets = await server.rows<{ round_id: string }>("select round_id from bets where source_ref like 'vendor:%'");
  expect(bets.map((b) => b.round_id).sort()).toEqual(vendorRounds.map((r) => r.roundId).sort());

  // Every won in one place, and all of them together are what was deposited.
  const cash = await server.rows<{ member_id: string; balance: string }>("select member_id, balance::text from ledger_accounts where currency = 'KRW' and owner_kind = 'member'");
  const atVendor = await Promise.all(actors.map((a) => adapter.balance(playerOf(a.memberId))));
  const [houseResult] = await server.rows<{ balance: string }>("select coalesce(sum(balance), 0)::text as balance from ledger_accounts where owner_kind = 'house' and name = 'game:result'");
  const houseWin = sum(vendorRounds.map((r) => r.bet - r.win));
  expect(Number(houseResult!.balance)).toBe(houseWin);
  const members = sum(cash.filter((c) => actors.some((a) => a.memberId === Number(c.member_id))).map((c) => Number(c.balance)));
  expect(members + sum(atVendor.map((b) => b.balance)) + houseWin).toBe(sum(actors.map((a) => a.funded)) + sum([...bonuses.values()]));
  expect(atVendor.every((b) => b.balance === 0 && !b.inRound)).toBe(true);
  expect(vendorRounds.every((r) => memberOfPlayer(r.player) !== null)).toBe(true);
}, 600_000);
