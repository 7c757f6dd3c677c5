/**
 * The partner kind of call (server/http/api.ts `partner`): a test-only route registered through the
 * same router on the test database proves that a non-partner is refused with PT001 and that a partner
 * reaches only their own lower members (their recommender chain leads to the partner).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock';
import { z } from 'zod';
import type { Call } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { createApiRouter } from '../../server/http/api';
import { enrolMember, type TestMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

interface LineAnswer {
  partner: string;
  lower: string[];
  found: string | null;
}

const lineCall: Call<z.ZodObject<{ memId: z.ZodOptional<z.ZodString> }>, LineAnswer> = {
  path: '/api/test/partnerLine',
  payload: z.object({ memId: z.string().optional() }),
  member: true,
};

let server: TestServer;
let app: FastifyInstance;
let sub: TestMember;
let underSub: TestMember;
let direct: TestMember;
let outsider: TestMember;
let otherPartner: TestMember;
let partnerToken: string;

async function ask(token: string | undefined, memId?: string): Promise<ApiAnswer<LineAnswer>> {
  const response = await app.inject({
    method: 'POST', url: lineCall.path, payload: JSON.stringify({ data: seal(memId === undefined ? {} : { memId }, server.config.siteId) }),
    headers: { 'content-type': 'application/json', authorization: siteAuthorization(server.config.siteId), ...(token ? { [HEADER_SESSION_TOKEN]: token } : {}) },
  });
  const opened = open((response.json() as { data?: unknown }).data);
  if (!opened.ok) throw new Error('answer did not open');
  return opened.payload as ApiAnswer<LineAnswer>;
}

beforeAll(async () => {
  server = await startTestServer();
  app = Fastify();
  await app.register(async (scope) => {
    const api = createApiRouter(scope, { db: server.database.db, clock: systemClock, siteId: server.config.siteId });
    api.partner(lineCall, async ({ memId }, { partner }) => ({
      partner: partner.member.memId,
      lower: (await partner.lowerMembers()).map((m) => m.memId).sort(),
      found: memId === undefined ? null : (await partner.findLowerMember(memId))?.memId ?? null,
    }));
  });
  await app.ready();

  // partner01 -> sub (a partner too) -> underSub; partner01 -> direct; otherPartner -> outsider.
  sub = await enrolMember(server);
  await server.rows(`update members set is_partner = true where id = ${sub.memberId}`);
  underSub = await enrolMember(server, { recommenderId: sub.memId });
  direct = await enrolMember(server);
  otherPartner = await enrolMember(server);
  await server.rows(`update members set is_partner = true, recommender_id = null where id = ${otherPartner.memberId}`);
  outsider = await enrolMember(server, { recommenderId: otherPartner.memId });
  partnerToken = (await server.login('partner01', 'partner1234')).data!.token;
});
afterAll(async () => {
  await app.close();
  await server.close();
});

describe('a partner call', () => {
  it('refuses a member who is not a partner with PT001, and a guest with TK001', async () => {
    const answer = await ask(direct.token);
    expect([answer.resultCode, answer.resultMessage, answer.data]).toEqual(['PT001', '파트너 회원만 이용할 수 있습니다.', null]);
    expect((await ask(undefined)).resultCode).toBe('TK001');
  });

  it('lets a partner reach their whole line and nobody outside it', async () => {
    const answer = await ask(partnerToken);
    expect(answer.resultCode).toBe('0');
    expect(answer.data!.partner).toBe('partner01');
    expect(answer.data!.lower).toEqual(expect.arrayContaining([sub.memId, underSub.memId, direct.memId]));
    expect(answer.data!.lower).not.toContain(outsider.memId);
    expect(answer.data!.lower).not.toContain(otherPartner.memId);
    expect(answer.data!.lower).not.toContain('partner01');
    expect((await ask(partnerToken, underSub.memId.toUpperCase())).data!.found).toBe(underSub.memId);
    expect((await ask(partnerToken, outsider.memId)).data!.found).toBeNull();
  });

  it('scopes a lower partner and another partner to their own members only', async () => {
    expect((await ask(sub.token)).data).toEqual({ partner: sub.memId, lower: [underSub.memId], found: null });
    expect((await ask(otherPartner.token, direct.memId)).data).toEqual({ partner: otherPartner.memId, lower: [outsider.memId], found: null });
    expect((await ask(otherPartner.token, outsider.memId)).data!.found).toBe(outsider.memId);
  });
});
