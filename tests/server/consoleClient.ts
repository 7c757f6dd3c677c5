/** The console's side of server tests: operators signed in with a cookie, as the console's browser would be. */
import { CONSOLE_COOKIE, CONSOLE_IDLE_MS, type OperatorRole } from '../../contract/console';
import { systemClock } from '../../server/clock';
import { createFirstOwner } from '../../server/console/operators';
import { base32Decode, totpAt } from '../../server/console/totp';
import type { TestServer } from './harness';

export interface ConsoleAnswer {
  status: number;
  body: Record<string, unknown> & { resultCode?: string };
  setCookie: string | null;
}

export interface ConsoleOperator {
  operatorId: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
  recoveryCodes: string[];
  cookie: string;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ConsoleAnswer>;
}

export async function consoleRequest(
  server: TestServer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie?: string, ip = '127.0.0.1',
): Promise<ConsoleAnswer> {
  const response = await server.app.inject({
    method, url, remoteAddress: ip, ...(body === undefined ? {} : { payload: body as object }),
    headers: cookie ? { cookie: `${CONSOLE_COOKIE}=${cookie}` } : {},
  });
  const setCookie = response.headers['set-cookie'];
  return { status: response.statusCode, body: response.json(), setCookie: typeof setCookie === 'string' ? setCookie : null };
}

/** The session token a Set-Cookie header gives. */
export function cookieOf(setCookie: string | null): string {
  const match = new RegExp(`^${CONSOLE_COOKIE}=([^;]*)`).exec(setCookie ?? '');
  if (!match?.[1]) throw new Error(`no console cookie in ${setCookie}`);
  return match[1];
}

/** The TOTP code of a secret at an instant (the server's clock in tests). */
export const codeAt = (secret: string, at = new Date()) => totpAt(base32Decode(secret), at);

/** Signs in with the password alone (before enrolment), enrols TOTP and answers the operator with their full session. */
export async function enrol(server: TestServer, operatorId: string, role: OperatorRole, password: string): Promise<ConsoleOperator> {
  const first = await consoleRequest(server, 'POST', '/admin/api/console/sign-in', { operatorId, password });
  if (first.status !== 200) throw new Error(`sign-in of ${operatorId}: ${JSON.stringify(first.body)}`);
  const cookie = cookieOf(first.setCookie);
  const started = await consoleRequest(server, 'POST', '/admin/api/console/totp/start', undefined, cookie);
  const totpSecret = started.body.secret as string;
  // The server's time (the test clock when set): the session's idle end less the idle time-out.
  const serverNow = new Date(Date.parse(first.body.idleExpiresAt as string) - CONSOLE_IDLE_MS);
  const confirmed = await consoleRequest(server, 'POST', '/admin/api/console/totp/confirm', { code: codeAt(totpSecret, serverNow) }, cookie);
  if (confirmed.status !== 200) throw new Error(`enrolment of ${operatorId}: ${JSON.stringify(confirmed.body)}`);
  return {
    operatorId, role, password, totpSecret, recoveryCodes: confirmed.body.recoveryCodes as string[], cookie,
    call: (method, url, body) => consoleRequest(server, method, url, body, cookie),
  };
}

/** The first owner (as `npm start` makes one in development), enrolled and signed in. */
export async function firstOwner(server: TestServer, operatorId = 'owner'): Promise<ConsoleOperator> {
  const password = await createFirstOwner(server.database.db, systemClock, { operatorId, name: 'Owner' });
  if (!password) throw new Error('an owner exists already');
  return enrol(server, operatorId, 'owner', password);
}

/** An operator the owner creates, enrolled and signed in. */
export async function newOperator(server: TestServer, owner: ConsoleOperator, operatorId: string, role: OperatorRole): Promise<ConsoleOperator> {
  const created = await owner.call('POST', '/admin/api/console/operators', { operatorId, name: operatorId, role });
  if (created.status !== 200) throw new Error(`create ${operatorId}: ${JSON.stringify(created.body)}`);
  return enrol(server, operatorId, role, created.body.password as string);
}
