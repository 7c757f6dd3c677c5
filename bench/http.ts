/**
 * The HTTP phase: the balance call (every signed-in member sends it every 5 s) over real HTTP against
 * the real app listening on a port — site authorization header, sealed envelope, a session from a real
 * login — next to a bare Fastify hello-world in the same process, with the same connections and
 * duration. autocannon fires from a worker thread so the load generator does not share the servers'
 * event loop.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { calls } from '../contract/calls';
import type { ApiAnswer } from '../contract/codes';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../contract/constants';
import { open, seal } from '../contract/envelope';
import type { Balance } from '../contract/types';
import { getMemberBalances } from '../server/money/ledger';
import { findMemberByMemId } from '../server/member/queries';
import type { TestServer } from '../tests/server/harness';
import type { Row } from './measure';

const HOST = '127.0.0.1';

export interface HttpMember {
  memId: string;
  token: string;
}

export interface HttpPhase {
  rows: Row[];
  /** Balance calls per second over hello-worlds per second. */
  ratio: number;
}

function balanceRequest(server: TestServer, token: string) {
  return {
    method: 'POST' as const,
    path: calls.balance.path,
    headers: {
      'content-type': 'application/json',
      authorization: siteAuthorization(server.config.siteId),
      [HEADER_SESSION_TOKEN]: token,
    },
    body: JSON.stringify({ data: seal({}, server.config.siteId) }),
  };
}

/** One balance call over HTTP, opened: proves the session and the envelope are accepted, before and after the run. */
async function checkBalance(server: TestServer, appUrl: string, member: HttpMember): Promise<void> {
  const request = balanceRequest(server, member.token);
  const response = await fetch(`${appUrl}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
  const opened = open(((await response.json()) as { data?: unknown }).data);
  if (!opened.ok || opened.siteId !== server.config.siteId) throw new Error('balance answer did not open');
  const answer = opened.payload as ApiAnswer<Balance>;
  const memberId = (await findMemberByMemId(server.database.db, member.memId))!.id;
  const { cashAmt } = await getMemberBalances(server.database.db, memberId);
  if (answer.resultCode !== '0' || answer.data?.balance !== cashAmt) {
    throw new Error(`balance call answered ${JSON.stringify(answer)}; the ledger holds ${cashAmt}`);
  }
}

async function fire(options: autocannon.Options): Promise<autocannon.Result> {
  const result = await autocannon({ ...options, workers: 1 });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${options.url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return result;
}

function rowOf(database: string, kind: string, result: autocannon.Result): Row {
  return {
    database, kind, ops: result.requests.total, perSecond: result.requests.total / result.duration,
    p50: result.latency.p50, p99: result.latency.p99, refused: '-',
  };
}

/** The bare Fastify hello-world the HTTP phases are measured against, on an ephemeral port of 127.0.0.1. */
export async function startHelloWorld(): Promise<{ url: string; close: () => Promise<void> }> {
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  // Ephemeral ports: nothing else on the machine is disturbed.
  return { url: await hello.listen({ port: 0, host: HOST }), close: () => hello.close() };
}

/**
 * Runs hello-world, then the balance calls (each connection cycles through every member's session),
 * for `seconds` each at `connections` connections.
 */
export async function benchHttp(label: string, server: TestServer, members: HttpMember[], seconds: number, connections: number): Promise<HttpPhase> {
  const hello = await startHelloWorld();
  const appUrl = await server.app.listen({ port: 0, host: HOST });
  try {
    console.log(`  ${label}: bare Fastify hello-world over HTTP for ${seconds} s ...`);
    const helloResult = await fire({ url: `${hello.url}/`, connections, duration: seconds });

    await checkBalance(server, appUrl, members[0]!);
    console.log(`  ${label}: balance calls over HTTP for ${seconds} s ...`);
    const balanceResult = await fire({
      url: appUrl, connections, duration: seconds,
      requests: members.map((member) => balanceRequest(server, member.token)),
    });
    await checkBalance(server, appUrl, members[members.length - 1]!);

    const balanceRow = rowOf(label, 'balance call (HTTP)', balanceResult);
    const helloRow = rowOf(label, 'bare Fastify hello-world (HTTP)', helloResult);
    return { rows: [balanceRow, helloRow], ratio: balanceRow.perSecond / helloRow.perSecond };
  } finally {
    await hello.close();
  }
}
