/**
 * Scheduled work once per cluster (server/cluster/jobs.ts): three server processes on one PostgreSQL
 * database; exactly one holds the jobs (its lock connection is named hanbit-jobs:<pid>). The test clock of
 * all three moves by one round at a time: the holder draws each round, and every round's draw reaches a
 * member's socket once. Killing the holder moves the jobs to another instance, and the rounds go on:
 * none drawn twice, none skipped. On PGlite (one process) there is no cluster to test.
 */
import type { IMessage } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { open } from '../../contract/envelope';
import { PUBLIC_TOPICS } from '../../contract/topics';
import { type ServerProcess, serverProcess } from './serverProcess';
import { stompClient, type TestStompClient } from './stomp';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.warn('cluster-jobs: skipped (it needs TEST_DATABASE_URL: three server processes on one PostgreSQL database)');

const ROUND_MS = 300_000;
const running: ServerProcess[] = [];
const sockets: TestStompClient[] = [];

afterAll(async () => {
  for (const socket of sockets) await socket.client.deactivate();
  for (const server of [...running].reverse()) await server.dispose();
});

describe.skipIf(!onPostgres)('cluster jobs on three instances', () => {
  it('one instance draws the rounds; when it dies another takes over, and no round is drawn twice or skipped', { timeout: 420_000 }, async () => {
    const first = await serverProcess('cluster_jobs');
    const servers = [first, first.peer(), first.peer()];
    running.push(...servers);
    // The first one migrates the database; the others start on it.
    await first.start();
    await Promise.all(servers.slice(1).map((server) => server.start()));
    const database = new pg.Client({ connectionString: first.databaseUrl! });
    await database.connect();
    try {
      const holderPid = async (): Promise<number | null> => {
        const { rows } = await database.query<{ name: string }>(
          `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where l.locktype = 'advisory' and l.granted and a.application_name like 'hanbit-jobs:%'`,
        );
        expect(rows.length).toBeLessThanOrEqual(1);
        return rows[0] ? Number(rows[0].name.split(':')[1]) : null;
      };
      const holder = async (alive: ServerProcess[]): Promise<ServerProcess> => {
        for (;;) {
          const pid = await holderPid();
          const found = alive.find((server) => server.pid() === pid);
          if (found) return found;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      // The servers made their first rounds on the wall clock as they started; the test clock goes on from there.
      let now = Date.now();
      const setClocks = async (alive: ServerProcess[]) => {
        for (const server of alive) expect((await server.operator('PUT', '/test/clock', { now: new Date(now).toISOString() })).status).toBe(200);
      };
      const drawnUpTo = async (until: number) => {
        for (;;) {
          const { rows } = await database.query<{ open: number }>(
            `select count(*)::int as open from mini_rounds where game = 'powerball' and status = 'open' and draws_at <= $1`, [new Date(until)],
          );
          if (rows[0]!.open === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };

      await setClocks(servers);
      const firstHolder = await holder(servers);
      const watcher = servers.find((server) => server !== firstHolder)!;
      const socket = await stompClient(watcher.wsUrl());
      sockets.push(socket);
      const rounds: IMessage[] = await socket.subscribe(PUBLIC_TOPICS.miniRounds.destination('powerball'));

      for (let step = 0; step < 3; step += 1) {
        now += ROUND_MS;
        await setClocks(servers);
        await drawnUpTo(now);
      }
      await firstHolder.stop('SIGKILL');
      const alive = servers.filter((server) => server !== firstHolder);
      const nextHolder = await holder(alive);
      expect(nextHolder).not.toBe(firstHolder);
      for (let step = 0; step < 3; step += 1) {
        now += ROUND_MS;
        await setClocks(alive);
        await drawnUpTo(now);
      }

      const { rows } = await database.query<{ id: number; status: string; draws_at: Date }>(
        `select id::int, status, draws_at from mini_rounds where game = 'powerball' order by draws_at`,
      );
      const due = rows.filter((row) => row.draws_at.getTime() <= now);
      // One round per slot the clock passed (none skipped, none made twice), each drawn (or drawn and settled).
      expect(due.length).toBeGreaterThanOrEqual(5);
      for (let i = 1; i < due.length; i += 1) expect(due[i]!.draws_at.getTime() - due[i - 1]!.draws_at.getTime()).toBe(ROUND_MS);
      expect(due.every((row) => row.status === 'drawn' || row.status === 'settled')).toBe(true);
      // Each round's draw reached the member's socket at most once (a holder killed between a commit and its
      // push loses that push only), and the draws after the handover all came.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const frames = rounds.map((message) => {
        const opened = open(message.body);
        const body = opened.ok ? PUBLIC_TOPICS.miniRounds.decode(opened.payload) : null;
        return { messageId: message.headers['message-id'], roundId: body?.round.roundId, status: body?.round.status };
      });
      const drawn = frames.filter((frame) => frame.status === 'drawn').map((frame) => frame.roundId!);
      // On a failure, every frame: one frame delivered twice, or two publishes of one draw.
      expect(new Set(drawn).size, JSON.stringify(frames)).toBe(drawn.length);
      for (const row of due.slice(-2)) expect(drawn).toContain(row.id);
    } finally {
      await database.end();
    }
  });
});
