/**
 * The real server as a child process (node --import tsx server/main.ts), for the crash tests: on PGlite in a
 * temporary folder, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set; started, killed
 * (SIGKILL) and started again on the same data; called over HTTP as the client calls it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnswerOf, type CallName, calls, type PayloadOf } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { HEADER_SESSION_TOKEN, SITE_ID_DEFAULT, siteAuthorization } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { type Database, openDatabase } from '../../server/db/client';
import { signupForm } from './fixtures';
import { TEST_ADMIN_TOKEN, TEST_CAPTCHA } from './harness';
import { createPostgresDatabase } from '../postgresDatabase';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ProcessMember {
  memId: string;
  token: string;
}

export interface ServerProcess {
  readonly postgres: boolean;
  /** The PostgreSQL database's address (null on PGlite). */
  readonly databaseUrl: string | null;
  /** The running server's real-time endpoint (ws://…/ws). */
  wsUrl(): string;
  /** Starts server/main.ts (on this process's wall clock: tests/wallClockImport.mjs), with `env` over the usual; resolves once it listens. */
  start(env?: NodeJS.ProcessEnv): Promise<void>;
  /** Resolves when the running server's process has ended (by itself, or stopped). */
  exited(): Promise<void>;
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  send<N extends CallName>(name: N, payload: PayloadOf<N>, token?: string): Promise<ApiAnswer<AnswerOf<N>>>;
  operator(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** A new member through the real flows (sign-up, the operator's approval, login), with a deposit of `cash` approved when given. */
  member(cash?: number): Promise<ProcessMember>;
  /** The stopped server's database, opened here (close it before starting the server again). */
  openData(): Promise<Database>;
  /** The running server's process id (it names the cluster jobs' lock connection: hanbit-jobs:<pid>). */
  pid(): number | null;
  /** Another server process on this one's data (an instance of the same site); its dispose only stops it. */
  peer(env?: NodeJS.ProcessEnv): ServerProcess;
  /** Stops the server and removes its data (a peer's: only stops it). */
  dispose(): Promise<void>;
}

interface ProcessData {
  workDir: string;
  postgres: { url: string; drop(): Promise<void> } | null;
}

export async function serverProcess(name: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const workDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, name.replace(/\W/g, '_')) : null;
  return processOn({ workDir, postgres }, env, true);
}

function processOn(data: ProcessData, env: NodeJS.ProcessEnv, owner: boolean): ServerProcess {
  const { workDir, postgres } = data;
  let child: ChildProcess | null = null;
  let baseUrl = '';
  let ended: Promise<void> = Promise.resolve();

  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
  };

  const self: ServerProcess = {
    postgres: postgres !== null,
    databaseUrl: postgres?.url ?? null,
    wsUrl: () => `${baseUrl.replace(/^http/, 'ws')}/ws`,
    async start(startEnv = {}) {
      const port = await freePort();
      const childEnv: NodeJS.ProcessEnv = {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(workDir, 'data'), ADMIN_TOKEN: TEST_ADMIN_TOKEN, ADMIN_TOKEN_FOUR_EYES: '0',
        CAPTCHA_FIXED: TEST_CAPTCHA, TEST_CLOCK: '1', NODE_ENV: 'test', LOG_LEVEL: 'warn', SITE_ID: SITE_ID_DEFAULT, ...env, ...startEnv,
      };
      delete childEnv.DATABASE_URL;
      if (postgres) childEnv.DATABASE_URL = postgres.url;
      const started = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/wallClockImport.mjs', 'server/main.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      ended = new Promise<void>((resolve) => started.once('exit', () => resolve()));
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Hanbit is running')) {
            clearTimeout(timer);
            resolve();
          }
        };
        started.stdout!.on('data', read);
        started.stderr!.on('data', read);
        started.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
        });
      });
      baseUrl = `http://127.0.0.1:${port}`;
    },
    stop,
    exited: () => ended,
    pid: () => child?.pid ?? null,
    peer: (peerEnv = {}) => processOn(data, { ...env, ...peerEnv }, false),
    async send(call, payload, token) {
      const response = await fetch(`${baseUrl}${calls[call].path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json', authorization: siteAuthorization(SITE_ID_DEFAULT),
          ...(token ? { [HEADER_SESSION_TOKEN]: token } : {}),
        },
        body: JSON.stringify({ data: seal(payload, SITE_ID_DEFAULT) }),
      });
      const opened = open(((await response.json()) as { data?: unknown }).data);
      if (!opened.ok) throw new Error(`${call}: the answer did not open`);
      return opened.payload as ApiAnswer<never>;
    },
    async operator(method, path, body) {
      const response = await fetch(`${baseUrl}/admin/api${path}`, {
        method,
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async member(cash) {
      const form = signupForm({ recommenderId: 'partner01' });
      const ok = (what: string, good: boolean) => {
        if (!good) throw new Error(`${what} failed for ${form.memId}`);
      };
      ok('signup', (await self.send('signup', form)).resultCode === '0');
      ok('approval', (await self.operator('POST', `/signups/${form.memId}/approve`)).status === 200);
      const captcha = await self.send('captcha', {});
      const login = await self.send('login', { memId: form.memId, memPass: form.memPass, captchaId: captcha.data!.captchaId, captcha: TEST_CAPTCHA });
      ok('login', login.resultCode === '0');
      const member = { memId: form.memId, token: login.data!.token };
      if (cash) {
        const deposit = await self.send('cashIn', { idempotencyKey: `start-${member.memId}`, amount: cash, bonusYn: 'N' }, member.token);
        ok('deposit', deposit.resultCode === '0');
        const id = deposit.data!.request.requestId;
        ok('deposit wait', (await self.operator('POST', `/cash-requests/${id}/wait`)).status === 200);
        ok('deposit approval', (await self.operator('POST', `/cash-requests/${id}/approve`)).status === 200);
      }
      return member;
    },
    openData() {
      return openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: join(workDir, 'data') });
    },
    async dispose() {
      await stop('SIGKILL');
      if (!owner) return;
      await postgres?.drop().catch(() => undefined);
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  return self;
}
