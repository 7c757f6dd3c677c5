/** Valid sign-up forms for tests: each call gives new unique id, nickname, phone and account. */
import type { PayloadOf } from '../../contract/calls';
import type { ApiAnswer } from '../../contract/codes';
import { BOARD_UPLOAD_PATH } from '../../contract/community';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../../contract/constants';
import { open } from '../../contract/envelope';
import { getMemberBalances } from '../../server/money/ledger';
import { findMemberByMemId } from '../../server/member/queries';
import type { TestServer } from './harness';

let next = 0;

export function signupForm(overrides: Partial<PayloadOf<'signup'>> = {}): PayloadOf<'signup'> {
  next += 1;
  const n = String(next).padStart(4, '0');
  return {
    memId: `member${n}`,
    memPass: 'pass1234',
    memPassCheck: 'pass1234',
    cashOutPass: '4321',
    memNick: `회원${n}`,
    memPhone: `010-5555-${n}`,
    recommenderId: 'partner01',
    bank: '004',
    memName: '홍길동',
    bankacc: `1002${n}0000`,
    ...overrides,
  };
}

export interface TestMember {
  memId: string;
  memPass: string;
  /** Empty for a member left pending. */
  token: string;
  memberId: number;
}

/** Signs a member up, has the operator approve them (unless `approve` is false) and logs them in. */
export async function enrolMember(
  server: TestServer,
  overrides: Partial<PayloadOf<'signup'>> = {},
  approve = true,
): Promise<TestMember> {
  const form = signupForm(overrides);
  const signedUp = await server.call('signup', form);
  if (signedUp.resultCode !== '0') throw new Error(`sign-up refused with ${signedUp.resultCode}`);
  const memberId = (await findMemberByMemId(server.database.db, form.memId))!.id;
  if (!approve) return { memId: form.memId, memPass: form.memPass, token: '', memberId };
  await server.admin('POST', `/admin/api/signups/${form.memId}/approve`);
  const token = (await server.login(form.memId, form.memPass)).data!.token;
  return { memId: form.memId, memPass: form.memPass, token, memberId };
}

/** A member's cash and points as the ledger holds them. */
export async function memberBalances(server: TestServer, memId: string) {
  const member = await findMemberByMemId(server.database.db, memId);
  return getMemberBalances(server.database.db, member!.id);
}

/** A board image upload as the client sends it (raw bytes, site header and session token); the opened answer. */
export async function uploadImage(server: TestServer, token: string, bytes: Buffer, contentType = 'image/png'): Promise<ApiAnswer<{ imageId: string }>> {
  const response = await server.app.inject({
    method: 'POST', url: BOARD_UPLOAD_PATH, payload: bytes,
    headers: { authorization: siteAuthorization(server.config.siteId), [HEADER_SESSION_TOKEN]: token, 'content-type': contentType },
  });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
  const opened = open((response.json() as { data?: unknown }).data);
  if (!opened.ok) throw new Error('answer did not open');
  return opened.payload as ApiAnswer<{ imageId: string }>;
}
