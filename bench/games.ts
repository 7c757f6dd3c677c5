/**
 * The games phase (after the HTTP phase, with the app listening so the site reaches its mounted vendor
 * over HTTP as it does in production): game launches (each one a launch with its transfer in, then the
 * merge with its transfer out and feed pull) by every member at once, and slot spins through the
 * vendor's game page calls with every member playing at once. ABZ01 allows a member 5 launches a
 * minute: when a member meets it, the bench moves the test clock past the wait and counts the refusal.
 *
 * The spins and, next to them, a bare Fastify hello-world are sent over HTTP by a child process
 * (bench/httpLoad.mjs, node:http with keep-alive), one loop per player. They were sent by fetch from this
 * process: measured per spin (PostgreSQL, process.cpuUsage over 2,000 spins), fetch's own work was about
 * 0.4 ms of the process's 1.3-1.9 ms, a quarter to a third of what was counted as the server's, and on
 * PGlite it also took the database's turn on the one event loop. A real player's browser is not in the
 * server's process. Launches and merges still go through app.inject with the server's own envelope: the
 * client's part of those (sealing, opening) is well under a tenth of a launch's ~18 ms of CPU.
 */
import type { TestServer } from '../tests/server/harness';
import { gamesOf } from '../server/app';
import { LAUNCH_BURST } from '../contract/games';
import { type HttpMember, startHelloWorld } from './http';
import { benchChild, type KindStats, type Row, Recorder, rowsOf, runFor } from './measure';

interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Runs one loop per request from the load child (bench/httpLoad.mjs) against `url` for `seconds`, after `warmUp` untimed
 * sends of each; `kind` names the row.
 */
async function loadFromChild(kind: string, url: string, seconds: number, requests: LoadRequest[], warmUp = 0): Promise<{ stats: KindStats; seconds: number }> {
  const child = benchChild('./httpLoad.mjs');
  let report: { seconds: number; outcomes: [string, number][] };
  try {
    report = await child.ask({ url, seconds, requests, warmUp });
  } finally {
    child.end();
  }
  const { seconds: elapsed, outcomes } = report;
  const stats: KindStats = { kind, ok: 0, refused: new Map(), latenciesMs: [] };
  for (const [outcome, ms] of outcomes) {
    stats.latenciesMs.push(ms);
    if (outcome === '0') stats.ok += 1;
    else stats.refused.set(outcome, (stats.refused.get(outcome) ?? 0) + 1);
  }
  return { stats, seconds: elapsed };
}

export async function benchGames(label: string, server: TestServer, appUrl: string, members: HttpMember[], seconds: number): Promise<Row[]> {
  await gamesOf(server.app).sync();
  const gameKey = (await server.call('gameList', { vendorKey: 'pragslot' })).data!.games[0]!.key;
  const launchPayload = { vendorKey: 'pragslot', gameType: 'slot', gameKey };
  let clockOffset = 0;
  let sequence = 0;
  const key = () => `bench-game-${Date.now().toString(36)}-${(sequence += 1)}`;

  console.log(`  ${label}: game launches and merges (transfers in and out through the vendor) for ${seconds} s ...`);
  // One untimed launch and merge per member first, as the spins start after one untimed spin: a process's first calls
  // compile its code paths and plan the database functions on each connection, which is a start, not what a launch costs.
  await Promise.all(members.map(async (member) => {
    const token = { token: member.token };
    if ((await server.call('getGame', launchPayload, token)).resultCode === '0') await server.call('outGameMoney', { idempotencyKey: key() }, token);
  }));
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
  // Each player's first spin is untimed too: the process's first spins plan the round's statement (about 90 ms on
  // PGlite, once) while 49 players wait.
  const spins = await loadFromChild('slot spin (vendor, HTTP)', appUrl, seconds, sessions.map((session) => ({
    method: 'POST', path: '/vendor/play/api/spin', body: JSON.stringify({ bet: 1_000 }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
  })), 1);
  // The reference for the same client: a bare Fastify hello-world in this process, as many loops, as long.
  console.log(`  ${label}: bare Fastify hello-world over HTTP from the same client for ${seconds} s ...`);
  const bare = await startHelloWorld();
  let hello: Awaited<ReturnType<typeof loadFromChild>>;
  try {
    hello = await loadFromChild('bare Fastify hello-world (HTTP, games client)', bare.url, seconds, members.map(() => ({ method: 'GET', path: '/', headers: {} })));
  } finally {
    await bare.close();
  }
  // Everyone merges: the feed brings every spin into the history and the ledger.
  for (const member of members) await server.call('outGameMoney', { idempotencyKey: key() }, { token: member.token });
  await server.admin('PUT', '/admin/api/test/clock', { now: null });
  return [...rowsOf(label, cycles.all, cycleSeconds), ...rowsOf(label, [spins.stats], spins.seconds), ...rowsOf(label, [hello.stats], hello.seconds)];
}
