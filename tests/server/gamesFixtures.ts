/**
 * Helpers of the games tests: a listening test server with the vendor mounted, members with cash
 * (deposited and approved through the API, as the ledger invariants expect), the vendor's fault switch
 * and where a member's won are.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { gamesOf } from '../../server/app';
import { playerOf } from '../../server/games/adapter';
import { gameBalance } from '../../server/games/money';
import { getMemberBalances } from '../../server/money/ledger';
import { VENDOR_HEADERS } from '../../contract/gameProvider';
import { signedCallHeaders } from '../../contract/gameProviderSigning';
import { enrolMember, type TestMember } from './fixtures';
import type { TestServer } from './harness';

export const key = (): string => randomUUID().replaceAll('-', '');

/** Deposits `amount` and has the operator approve it. */
export async function fund(server: TestServer, member: TestMember, amount: number): Promise<void> {
  const asked = await server.call('cashIn', { idempotencyKey: key(), amount }, { token: member.token });
  expect(asked.resultCode).toBe('0');
  const id = asked.data!.request.requestId;
  expect((await server.admin('POST', `/admin/api/cash-requests/${id}/wait`)).status).toBe(200);
  expect((await server.admin('POST', `/admin/api/cash-requests/${id}/approve`)).status).toBe(200);
}

export async function fundedMember(server: TestServer, amount: number, overrides: Parameters<typeof enrolMember>[1] = {}): Promise<TestMember> {
  const member = await enrolMember(server, overrides);
  if (amount > 0) await fund(server, member, amount);
  return member;
}

/** A signed call to one of the mounted vendor's test-only paths (VENDOR_FAULTS=1); the JSON answer. */
async function vendorTestCall(server: TestServer, path: string, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${server.url()}/vendor${path}`, {
    method: 'PUT', body,
    headers: signedCallHeaders(VENDOR_HEADERS, server.config.vendor.operator, server.config.vendor.secret, path, body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** The vendor's fault switch (gameProvider/faults.ts). */
export async function setFaults(server: TestServer, rules: unknown[]): Promise<void> {
  await vendorTestCall(server, '/test/faults', { rules });
}

/** A credit the vendor makes on its own to the member's game money (a promotion or jackpot outside any round). */
export async function vendorBonus(server: TestServer, memberId: number, amount: number): Promise<void> {
  await vendorTestCall(server, '/test/bonus', { player: playerOf(memberId), amount });
}

/** Where the member's won are: integrated money, game money on the site's ledger and at the vendor. */
export async function moneyOf(server: TestServer, memberId: number) {
  const { db } = server.database;
  const [cash, game, vendor] = await Promise.all([
    getMemberBalances(db, memberId), gameBalance(db, memberId), gamesAdapter(server).balance(playerOf(memberId)),
  ]);
  return { cash: cash.cashAmt, game, vendor: vendor.balance, inRound: vendor.inRound };
}

/** The app's own adapter: the test talks to the vendor as the site does. */
export const gamesAdapter = (server: TestServer) => gamesOf(server.app).adapter;
