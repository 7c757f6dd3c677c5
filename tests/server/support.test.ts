import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportPost } from '../../contract/support';
import { enrolMember } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `qna-key-${(keys += 1)}`;
const newMember = (overrides = {}) => enrolMember(server, overrides);

async function send(body: Record<string, unknown>) {
  return server.admin('POST', '/admin/api/messages', { title: '안내', content: '내용입니다', ...body }) as Promise<{ status: number; body: { sent?: number; resultCode?: string } }>;
}
async function sendTo(memId: string, title = '안내') {
  const answer = await send({ target: 'member', memId, title });
  expect(answer.status).toBe(200);
}
const WRITTEN = ['messages', 'support_posts', 'audit_log', 'idempotency_keys'] as const;
async function rowCounts() {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (table) => [table, await server.count(table)] as const)));
}
async function firstMessage(token: string) {
  const list = await server.call('msgList', { page: 1 }, { token });
  return list.data!.list[0]!;
}

describe('messages', () => {
  it('an operator message reaches the member: MSG with the unread count and NEW, listed unread, counted at login', async () => {
    const member = await newMember();
    await sendTo(member.memId, '첫 메세지');
    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: member.memId, msg: { cmd: 'MSG', data1: 1, data2: 'NEW' } });
    const list = await server.call('msgList', { page: 1 }, { token: member.token });
    expect(list.data).toMatchObject({ newMsg: 1, pageInfo: { page: 1, tatal_list_count: 1 }, list: [{ title: '첫 메세지', readYn: 'N', readDate: null }] });
    const login = await server.login(member.memId, member.memPass);
    expect(login.data!.msgInfo.newMsg).toBe(1);
    const [audit] = await server.rows<{ target: string }>(`select target from audit_log where action = 'message.send' order by id desc limit 1`);
    expect(audit!.target).toBe(member.memId);
  });

  it('reading marks read once, tells the other tabs the new count, and shows the content as sent', async () => {
    const member = await newMember();
    await sendTo(member.memId);
    const { msgIdx } = await firstMessage(member.token);
    const read = await server.call('msgRead', { msgIdx }, { token: member.token });
    expect(read.data).toMatchObject({ newMsg: 0, message: { msgIdx, readYn: 'Y', content: '내용입니다' } });
    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: member.memId, msg: { cmd: 'MSG', data1: 0, data2: null } });
    const pushes = server.push.pushed.length;
    const again = await server.call('msgRead', { msgIdx }, { token: member.token });
    expect(again.data!.message.readDate).toBe(read.data!.message.readDate);
    expect(server.push.pushed.length).toBe(pushes);
  });

  it('delete needs a selection (M001), refuses unread ones (M002) and deletes read ones', async () => {
    const member = await newMember();
    await sendTo(member.memId, 'a');
    await sendTo(member.memId, 'b');
    const { list } = (await server.call('msgList', { page: 1 }, { token: member.token })).data!;
    const [b, a] = list;
    expect((await server.call('msgUpdate', { msgIdxs: [] }, { token: member.token })).resultCode).toBe('M001');
    await server.call('msgRead', { msgIdx: a!.msgIdx }, { token: member.token });
    const before = await rowCounts();
    expect((await server.call('msgUpdate', { msgIdxs: [a!.msgIdx, b!.msgIdx] }, { token: member.token })).resultCode).toBe('M002');
    expect(await rowCounts()).toEqual(before);
    const deleted = await server.call('msgUpdate', { msgIdxs: [a!.msgIdx] }, { token: member.token });
    expect(deleted.data).toEqual({ deleted: 1, newMsg: 1 });
    expect((await server.call('msgList', { page: 1 }, { token: member.token })).data!.list.map((m) => m.title)).toEqual(['b']);
  });

  it("another member's message answers M003 like a missing one, for reading and deleting, and changes nothing", async () => {
    const owner = await newMember();
    const other = await newMember();
    await sendTo(owner.memId);
    const { msgIdx } = await firstMessage(owner.token);
    await server.call('msgRead', { msgIdx }, { token: owner.token });
    const theirs = await server.call('msgRead', { msgIdx }, { token: other.token });
    const missing = await server.call('msgRead', { msgIdx: msgIdx + 100_000 }, { token: other.token });
    expect(theirs).toEqual(missing);
    expect(theirs.resultCode).toBe('M003');
    const before = await rowCounts();
    expect((await server.call('msgUpdate', { msgIdxs: [msgIdx] }, { token: other.token })).resultCode).toBe('M003');
    expect(await rowCounts()).toEqual(before);
    expect((await server.call('msgList', { page: 1 }, {})).resultCode).toBe('TK001');
  });

  it('sends to a level and to everyone (not to pending members)', async () => {
    const level7 = await newMember();
    await server.rows(`update members set mem_level = '7' where id = ${level7.memberId}`);
    const pending = await enrolMember(server, {}, false);
    const toLevel = await send({ target: 'level', level: '7' });
    expect(toLevel.body.sent).toBe(1);
    expect((await firstMessage(level7.token)).title).toBe('안내');
    const members = await server.rows<{ n: string }>(`select count(*) as n from members where status in ('active', 'suspended')`);
    const toAll = await send({ target: 'all', title: '전체 공지' });
    expect(toAll.body.sent).toBe(Number(members[0]!.n));
    const [pendingMessages] = await server.rows<{ n: string }>(`select count(*) as n from messages where member_id = ${pending.memberId}`);
    expect(Number(pendingMessages!.n)).toBe(0);
  });

  it('retention: beyond maxItems the oldest go first, older than maxDays go; the setting is audited', async () => {
    const member = await newMember();
    const set = await server.admin('PUT', '/admin/api/message-retention', { maxDays: 10, maxItems: 3 });
    expect(set.status).toBe(200);
    for (const title of ['m1', 'm2', 'm3', 'm4']) await sendTo(member.memId, title);
    let list = (await server.call('msgList', { page: 1 }, { token: member.token })).data!.list;
    expect(list.map((m) => m.title)).toEqual(['m4', 'm3', 'm2']);
    await server.rows(`update messages set created_at = now() - interval '11 days' where member_id = ${member.memberId} and title = 'm2'`);
    list = (await server.call('msgList', { page: 1 }, { token: member.token })).data!.list;
    expect(list.map((m) => m.title)).toEqual(['m4', 'm3']);
    expect((await server.admin('GET', '/admin/api/message-retention')).body).toEqual({ maxDays: 10, maxItems: 3 });
    const [audit] = await server.rows<{ detail: { maxItems: number } }>(`select detail from audit_log where action = 'message.retention'`);
    expect(audit!.detail.maxItems).toBe(3);
    await server.admin('PUT', '/admin/api/message-retention', { maxDays: 30, maxItems: 100 });
  });

  it('refuses bad operator messages with a code and writes nothing', async () => {
    const member = await newMember();
    const before = await rowCounts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ target: 'member', memId: member.memId, title: '' }, 400, 'BD001'],
      [{ target: 'member', memId: member.memId, content: '   ' }, 400, 'BD002'],
      [{ target: 'member', memId: member.memId, title: 'x'.repeat(101) }, 400, 'BD004'],
      [{ target: 'member', memId: member.memId, content: '<script>alert(1)</script>' }, 400, 'BD005'],
      [{ target: 'member', memId: member.memId, title: '<img src=x onerror=alert(1)>' }, 400, 'BD005'],
      [{ target: 'member', memId: 'nobody99' }, 404, 'U000'],
      [{ target: 'level', level: 'abc' }, 400, 'R003'],
      [{ target: 'moon' }, 400, 'R003'],
      [{ target: 'member', memId: member.memId, content: 'x'.repeat(20_000) }, 400, 'R003'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await send(body);
      expect([answer.status, answer.body.resultCode], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('support boards', () => {
  it('notices and FAQ: written by the operator (audited), listed, searched (term required), read; edits and deletes', async () => {
    const member = await newMember();
    const created = await server.admin('POST', '/admin/api/notices', { title: '점검 안내 공지', content: '새벽 점검이 있습니다.\n두 번째 줄' });
    expect(created.status).toBe(200);
    const notice = (created.body as { post: SupportPost }).post;
    await server.admin('POST', '/admin/api/faq', { title: '출금은 언제 되나요?', content: '신청 후 5분 이내입니다.' });
    const list = await server.call('noticeList', { page: 1 }, { token: member.token });
    expect(list.data!.list[0]).toMatchObject({ boardIdx: notice.boardIdx, boardType: 'nt', title: '점검 안내 공지' });
    expect((await server.call('noticeList', { page: 1, search: '점검' }, { token: member.token })).data!.list.map((p) => p.boardIdx)).toContain(notice.boardIdx);
    expect((await server.call('noticeList', { page: 1, search: '100%_' }, { token: member.token })).data!.list).toEqual([]);
    expect((await server.call('noticeList', { page: 1, search: '  ' }, { token: member.token })).resultCode).toBe('BD003');
    expect((await server.call('noticeList', { page: 1, search: 'x'.repeat(51) }, { token: member.token })).resultCode).toBe('BD004');
    expect((await server.call('noticeDetail', { boardIdx: notice.boardIdx }, { token: member.token })).data!.post.content).toBe('새벽 점검이 있습니다.\n두 번째 줄');
    const faq = await server.call('faqList', { page: 1 }, { token: member.token });
    expect(faq.data!.list[0]).toMatchObject({ title: '출금은 언제 되나요?', content: '신청 후 5분 이내입니다.' });
    // A FAQ entry is not a notice.
    expect((await server.call('noticeDetail', { boardIdx: faq.data!.list[0]!.boardIdx }, { token: member.token })).resultCode).toBe('BD006');
    expect((await server.admin('PUT', `/admin/api/notices/${notice.boardIdx}`, { title: '바뀐 제목', content: '바뀐 내용' })).status).toBe(200);
    expect((await server.call('noticeDetail', { boardIdx: notice.boardIdx }, { token: member.token })).data!.post.title).toBe('바뀐 제목');
    expect((await server.admin('DELETE', `/admin/api/notices/${notice.boardIdx}`)).status).toBe(200);
    expect((await server.call('noticeDetail', { boardIdx: notice.boardIdx }, { token: member.token })).resultCode).toBe('BD006');
    expect((await server.admin('DELETE', `/admin/api/notices/${notice.boardIdx}`)).status).toBe(404);
    const actions = await server.rows<{ action: string }>(`select action from audit_log where action like 'nt.%' or action like 'faq.%' order by id`);
    expect(actions.map((a) => a.action)).toEqual(['nt.create', 'faq.create', 'nt.update', 'nt.delete']);
  });

  it('a question waits, the answer makes it answered and arrives as a message', async () => {
    const member = await newMember();
    const asked = await server.call('qnaSave', { idempotencyKey: key(), title: '입금 문의', content: '입금이 안 들어왔어요' }, { token: member.token });
    expect(asked.data!.post).toMatchObject({ boardType: 'qna', status: 'waiting', answer: null });
    const { boardIdx } = asked.data!.post;
    const waiting = await server.admin('GET', '/admin/api/questions?status=waiting');
    expect((waiting.body as unknown as { list: { boardIdx: number; memId: string }[] }).list).toContainEqual(expect.objectContaining({ boardIdx, memId: member.memId }));
    const answered = await server.admin('POST', `/admin/api/questions/${boardIdx}/answer`, { answer: '확인 후 처리했습니다.' });
    expect(answered.status).toBe(200);
    const read = await server.call('qnaDetail', { boardIdx }, { token: member.token });
    expect(read.data!.post).toMatchObject({ status: 'answered', answer: '확인 후 처리했습니다.' });
    expect(server.push.pushed.at(-1)).toEqual({ to: 'member', target: member.memId, msg: { cmd: 'MSG', data1: 1, data2: 'NEW' } });
    const message = await firstMessage(member.token);
    expect(message.title).toBe('[답변] 입금 문의');
    expect((await server.admin('POST', '/admin/api/questions/999999/answer', { answer: '없음' })).status).toBe(404);
  });

  it('a question is sent once per key: a replay answers the first, another payload with the key C999', async () => {
    const member = await newMember();
    const idempotencyKey = key();
    const payload = { idempotencyKey, title: '오프라인 문의', content: '한 번만' };
    const [first, second] = await Promise.all([
      server.call('qnaSave', payload, { token: member.token }),
      server.call('qnaSave', payload, { token: member.token }),
    ]);
    expect(second).toEqual(first);
    expect((await server.call('qnaList', { page: 1 }, { token: member.token })).data!.pageInfo.tatal_list_count).toBe(1);
    expect((await server.call('qnaSave', { ...payload, content: '다른 내용' }, { token: member.token })).resultCode).toBe('C999');
  });

  it("another member's question is refused like a missing one, and lists show only one's own", async () => {
    const owner = await newMember();
    const other = await newMember();
    const asked = await server.call('qnaSave', { idempotencyKey: key(), title: '내 질문', content: '비밀' }, { token: owner.token });
    const { boardIdx } = asked.data!.post;
    const theirs = await server.call('qnaDetail', { boardIdx }, { token: other.token });
    const missing = await server.call('qnaDetail', { boardIdx: boardIdx + 100_000 }, { token: other.token });
    expect(theirs).toEqual(missing);
    expect(theirs.resultCode).toBe('BD006');
    expect((await server.call('qnaList', { page: 1 }, { token: other.token })).data!.list).toEqual([]);
  });

  it('refuses empty, oversized and markup-laden questions with their codes and writes nothing', async () => {
    const member = await newMember();
    const before = await rowCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', content: '내용' }, 'BD001'],
      [{ title: '제목', content: ' \n ' }, 'BD002'],
      [{ title: 'x'.repeat(101), content: '내용' }, 'BD004'],
      [{ title: '제목', content: 'x'.repeat(4_001) }, 'BD004'],
      [{ title: '<b>굵게</b>', content: '내용' }, 'BD005'],
      [{ title: '제목', content: 'hi <a href="javascript:alert(1)">x</a>' }, 'BD005'],
      [{ title: '제목', content: 'x'.repeat(9_000) }, 'R003'],
      [{ title: 5, content: '내용' }, 'R003'],
      [{ title: '제목', content: '내용', idempotencyKey: 'short' }, 'R003'],
    ];
    for (const [body, code] of cases) {
      const answer = await server.callUnchecked('qnaSave', { idempotencyKey: key(), ...body }, { token: member.token });
      expect(answer.resultCode, JSON.stringify(body).slice(0, 60)).toBe(code);
    }
    expect(await rowCounts()).toEqual(before);
    // Text that merely mentions angle brackets is fine.
    expect((await server.call('qnaSave', { idempotencyKey: key(), title: '3 < 5 인가요?', content: '1<2, a > b' }, { token: member.token })).resultCode).toBe('0');
  });
});

describe('member info', () => {
  it('shows the account masked', async () => {
    const member = await newMember({ bankacc: '1002345678901' });
    const info = await server.call('memberInfo', {}, { token: member.token });
    expect(info.data!.member.bankacc).toBe('100*******901');
  });
});
