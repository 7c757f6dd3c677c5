/**
 * The games phase (after the HTTP phase, with the app listening so the site reaches its mounted vendor
 * over HTTP as it does in production): game launches (each one a launch with its transfer in, then the
 * merge with its transfer out and feed pull) by every member at once, and slot spins through the
 * vendor's game page calls with every member playing at once. ABZ01 allows a member 5 launches a
 * minute: when a member meets it, the bench moves the test clock past the wait and counts the refusal.
 */
import type { TestServer } from '../tests/server/harness';
import { gamesOf } from '../server/app';
import { LAUNCH_BURST } from '../contract/games';
import type { HttpMember } from './http';
import { type Row, Recorder, rowsOf, runFor } from './measure';

export async function benchGames(label: string, server: TestServer, appUrl: string, members: HttpMember[], seconds: number): Promise<Row[]> {
  await gamesOf(server.app).sync();
  const gameKey = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[0]!.key;
  const launchPayload = { vendorKey: 'pragslot', gameType: 'slot', gameKey };
  let clockOffset = 0;
  let sequence = 0;
  const key = () => `bench-game-${Date.now().toString(36)}-${(sequence += 1)}`;

  console.log(`  ${label}: game launches and merges (transfers in and out through the vendor) for ${seconds} s ...`);
  const cycles = new Recorder();
  const cycleSeconds = await runFor(seconds, members.length, async (worker) => {
    const token = { token: members[worker]!.token };
    const launched = await cycles.time('game launch', async () => (await server.call('getGame', launchPayload, token)).resultCode);
    if (launched === 'ABZ01') {
      clockOffset += LAUNCH_BURST.windowMs + LAUNCH_BURST.waitMs;
      await server.admin('PUT', '/admin/api/test/clock', { now: new Date(Date.now() + clockOffset).toISOString() });
      return;
    }
    await cycles.time('game merge', async () => (await server.call('outGameMoney', { idempotencyKey: key() }, token)).resultCode);
  });

  console.log(`  ${label}: slot spins through the vendor over HTTP, ${members.length} players at once, for ${seconds} s ...`);
  clockOffset += LAUNCH_BURST.windowMs + LAUNCH_BURST.waitMs;
  await server.admin('PUT', '/admin/api/test/clock', { now: new Date(Date.now() + clockOffset).toISOString() });
  const sessions = await Promise.all(members.map(async (member) => {
    const answer = await server.call('getGame', launchPayload, { token: member.token });
    if (answer.resultCode !== '0') throw new Error(`launch refused: ${answer.resultCode}`);
    return /#s=([^&]+)/.exec(answer.data!.gameurl)![1]!;
  }));
  const spins = new Recorder();
  const spinSeconds = await runFor(seconds, members.length, async (worker) => {
    await spins.time('slot spin (vendor, HTTP)', async () => {
      const response = await fetch(`${appUrl}/vendor/play/api/spin`, {
        method: 'POST', body: JSON.stringify({ bet: 1_000 }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sessions[worker]}` },
      });
      const answer = await response.json() as { ok: boolean; code?: string };
      return answer.ok ? '0' : String(answer.code);
    });
  });
  // Everyone merges: the feed brings every spin into the history and the ledger.
  for (const member of members) await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
  await server.admin('PUT', '/admin/api/test/clock', { now: null });
  return [...rowsOf(label, cycles.all, cycleSeconds), ...rowsOf(label, spins.all, spinSeconds)];
}
