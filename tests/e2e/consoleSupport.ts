/**
 * The console's first owner in the browser tests: its one-time password read from the server's start-up
 * output (e2eServerLog), TOTP enrolled once per worker through the console calls, and TOTP codes that are
 * never used twice (the server refuses a code whose step is not after the last one used, and accepts one
 * step either side of now).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as playwrightRequest, expect, type APIRequestContext } from '@playwright/test';
import { CONSOLE_CALLS, type TotpEnrolment } from '../../contract/console';
import { base32Decode, hotp, totpStep } from '../../server/console/totp';
import { e2eServerLog } from '../../playwright.config';

export interface ConsoleOperatorLogin {
  operatorId: string;
  password: string;
  secret: string;
}

/**
 * What the tests of one server run know, kept in a file beside its start-up output: a worker that starts again
 * after a failed test knows the owner is enrolled, and no worker uses a TOTP code twice.
 */
interface Known {
  /** The printed one-time password the rest belongs to (a new server run prints another). */
  password: string;
  owner: ConsoleOperatorLogin | null;
  lastSteps: Record<string, number>;
}

function knownFile(baseURL: string): { log: string; file: string } {
  const log = e2eServerLog(Number(new URL(baseURL).port));
  return { log, file: `${log}.console.json` };
}

function readKnown(baseURL: string): Known & { operatorId: string } {
  const { log, file } = knownFile(baseURL);
  const printed = /Console owner: (\S+) \/ (\S+)/.exec(readFileSync(log, 'utf8'));
  if (!printed) throw new Error(`the server printed no first console owner (${log})`);
  const [, operatorId, password] = printed as unknown as [string, string, string];
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Known : null;
  return kept?.password === password ? { ...kept, operatorId } : { password, owner: null, lastSteps: {}, operatorId };
}

function writeKnown(baseURL: string, known: Known): void {
  writeFileSync(knownFile(baseURL).file, JSON.stringify({ password: known.password, owner: known.owner, lastSteps: known.lastSteps }));
}

/**
 * A TOTP code of `secret` not used before: the earliest step the server still accepts after the last one used.
 * When every code the server accepts now has been used (several sign-ins within a minute), it waits for the next step.
 */
export async function freshCode(baseURL: string, secret: string): Promise<string> {
  for (;;) {
    const known = readKnown(baseURL);
    const now = totpStep(new Date());
    const step = Math.max(now - 1, (known.lastSteps[secret] ?? -Infinity) + 1);
    if (step <= now + 1) {
      known.lastSteps[secret] = step;
      writeKnown(baseURL, known);
      return hotp(base32Decode(secret), step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Enrols TOTP for a signed-in session that must enrol; answers the secret. */
export async function enrolTotp(session: APIRequestContext, baseURL: string): Promise<string> {
  const start = await session.post(`/admin/api${CONSOLE_CALLS.totpStart.path}`);
  expect(start.status(), await start.text()).toBe(200);
  const { secret } = await start.json() as TotpEnrolment;
  const confirm = await session.post(`/admin/api${CONSOLE_CALLS.totpConfirm.path}`, { data: { code: await freshCode(baseURL, secret) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return secret;
}

/** The first owner, enrolled once per server run. */
export async function consoleOwner(baseURL: string): Promise<ConsoleOperatorLogin> {
  const known = readKnown(baseURL);
  if (known.owner) return known.owner;
  const { operatorId, password } = known;
  const session = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = await session.post(`/admin/api${CONSOLE_CALLS.signIn.path}`, { data: { operatorId, password } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const owner = { operatorId, password, secret: await enrolTotp(session, baseURL) };
    writeKnown(baseURL, { ...readKnown(baseURL), owner });
    return owner;
  } finally {
    await session.dispose();
  }
}
