/**
 * The member board, images, the main page's reads, attendance and the prize wheel, and their operator
 * API: every rule and code, another member's post by id, and bad input that gets its code and writes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_IMAGE_MAX_BYTES } from '../../contract/community';
import { newIdempotencyKey } from '../../contract/wallet';
import { enrolMember, memberBalances, type TestMember, uploadImage } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

let server: TestServer;
let alice: TestMember;
let bob: TestMember;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  alice = await enrolMember(server);
  bob = await enrolMember(server);
});
afterAll(async () => { await server.close(); });

let keys = 0;
const key = () => `community-key-${(keys += 1)}`;
const setClock = (now: string | null) => server.admin('PUT', '/admin/api/test/clock', { now });

const upload = (token: string, bytes: Buffer, contentType?: string) => uploadImage(server, token, bytes, contentType);

const WRITTEN = ['board_posts', 'board_comments', 'stored_images'] as const;
const rowCounts = async () => Object.fromEntries(await Promise.all(WRITTEN.map(async (t) => [t, await server.count(t)] as const)));

async function post(member: TestMember, title: string, extra: { imageIds?: string[] } = {}) {
  const saved = await server.call('boardSave', { idempotencyKey: newIdempotencyKey(), title, content: `${title} 본문`, ...extra }, { token: member.token });
  expect(saved.resultCode).toBe('0');
  return saved.data!.boardIdx;
}

describe('board', () => {
  it('writes a post with an image, lists it, reads it with its image and comments, and serves the image safely', async () => {
    const image = await upload(alice.token, PNG, 'application/octet-stream');
    expect(image.resultCode).toBe('0');
    const boardIdx = await post(alice, '첫 글 <3 & "따옴표"', { imageIds: [image.data!.imageId] });

    const list = await server.call('boardList', { page: 1 }, { token: bob.token });
    const summary = list.data!.list.find((p) => p.boardIdx === boardIdx)!;
    expect(summary).toMatchObject({ title: '첫 글 <3 & "따옴표"', category: 'normal', imageCount: 1, mine: false });
    expect(list.data!.pageInfo.page).toBe(1);

    const comment = await server.call('commentSave', { boardIdx, content: '좋은 글이네요' }, { token: bob.token });
    expect(comment.data!.comment).toMatchObject({ content: '좋은 글이네요', mine: true });

    const read = await server.call('boardDetail', { boardIdx }, { token: alice.token });
    expect(read.data!.post).toMatchObject({ mine: true, commentCount: 1, content: '첫 글 <3 & "따옴표" 본문' });
    expect(read.data!.post.comments.map((c) => [c.content, c.mine])).toEqual([['좋은 글이네요', false]]);

    const served = await server.app.inject({ method: 'GET', url: read.data!.post.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts JPEG and WebP by their bytes and refuses anything else, or too big, writing nothing', async () => {
    expect((await upload(alice.token, JPEG, 'text/html')).resultCode).toBe('0');
    expect((await upload(alice.token, WEBP)).resultCode).toBe('0');
    const before = await rowCounts();
    const script = Buffer.from('<script>alert(1)</script>');
    expect((await upload(alice.token, script, 'image/png')).resultCode).toBe('BD007');
    expect((await upload(alice.token, Buffer.from('GIF89a...'), 'image/gif')).resultCode).toBe('BD007');
    expect((await upload(alice.token, Buffer.alloc(0))).resultCode).toBe('BD007');
    const big = Buffer.concat([PNG, Buffer.alloc(BOARD_IMAGE_MAX_BYTES)]);
    expect((await upload(alice.token, big)).resultCode).toBe('BD008');
    expect((await upload('', PNG)).resultCode).toBe('TK001');
    expect(await rowCounts()).toEqual(before);
  });

  it('makes a post sent twice with one key once, and answers the same post', async () => {
    const before = await server.count('board_posts');
    const payload = { idempotencyKey: newIdempotencyKey(), title: '한 번만', content: '같은 키로 두 번 보냅니다.' };
    const answers = await Promise.all([1, 2, 3].map(() => server.call('boardSave', payload, { token: alice.token })));
    expect(new Set(answers.map((a) => a.data!.boardIdx)).size).toBe(1);
    expect(await server.count('board_posts')).toBe(before + 1);
  });

  it('refuses bad drafts, comments and search terms with their codes and writes nothing', async () => {
    const boardIdx = await post(alice, '검증용 글');
    const before = await rowCounts();
    const save = (title: string, content: string, more: object = {}) =>
      server.callUnchecked('boardSave', { idempotencyKey: newIdempotencyKey(), title, content, ...more }, { token: alice.token }).then((a) => a.resultCode);
    expect(await save('', '내용')).toBe('BD001');
    expect(await save('   ', '내용')).toBe('BD001');
    expect(await save('제목', '')).toBe('BD002');
    expect(await save('가'.repeat(101), '내용')).toBe('BD004');
    expect(await save('제목', '가'.repeat(5_001))).toBe('BD004');
    expect(await save('가'.repeat(5_000), '내용')).toBe('R003');
    expect(await save('<img src=x onerror=alert(1)>', '내용')).toBe('BD005');
    expect(await save('제목', '<script>alert(1)</script>')).toBe('BD005');
    expect(await save('제목\u0000', '내용')).toBe('R003');
    expect(await save('제목\n둘째 줄', '내용')).toBe('R003');
    expect(await save('제목', '내용\u0007')).toBe('R003');
    expect(await save('제목', '내용\u202e')).toBe('R003');
    expect(await save('제목', '내용', { category: 'notice' })).toBe('BD010');
    expect(await save('제목', '내용', { category: 'event' })).toBe('BD010');
    expect(await save('제목', '내용', { imageIds: ['a'.repeat(24)] })).toBe('BD009');
    expect(await save(123 as unknown as string, '내용')).toBe('R003');
    // Someone else's upload cannot be attached.
    const bobs = (await upload(bob.token, PNG)).data!.imageId;
    const afterUpload = await rowCounts();
    expect(await save('제목', '내용', { imageIds: [bobs] })).toBe('BD009');

    const comment = (content: unknown, id = boardIdx) =>
      server.callUnchecked('commentSave', { boardIdx: id, content }, { token: bob.token }).then((a) => a.resultCode);
    expect(await comment('')).toBe('BD012');
    expect(await comment('가'.repeat(501))).toBe('BD004');
    expect(await comment('<b>굵게</b>')).toBe('BD005');
    expect(await comment('댓글', 999_999)).toBe('BD006');

    const search = (text: unknown) =>
      server.callUnchecked('boardList', { page: 1, search: { type: 'title', text } }, { token: bob.token }).then((a) => a.resultCode);
    expect(await search('')).toBe('BD003');
    expect(await search('  ')).toBe('BD003');
    expect(await search('가'.repeat(51))).toBe('BD004');
    expect(await search('<svg onload=x>')).toBe('BD005');
    expect(await rowCounts()).toEqual(afterUpload);
    expect(afterUpload.stored_images).toBe(before.stored_images + 1);
  });

  it('keeps line breaks and tabs in contents and comments', async () => {
    const boardIdx = (await server.call('boardSave', { idempotencyKey: newIdempotencyKey(), title: '여러 줄', content: '첫 줄\r\n둘째 줄\n\t셋째' }, { token: alice.token })).data!.boardIdx;
    expect((await server.call('commentSave', { boardIdx, content: '댓글\n두 줄' }, { token: bob.token })).resultCode).toBe('0');
    const read = (await server.call('boardDetail', { boardIdx }, { token: bob.token })).data!.post;
    expect(read.content).toBe('첫 줄\r\n둘째 줄\n\t셋째');
    expect(read.comments[0]!.content).toBe('댓글\n두 줄');
    const notice = await server.admin('POST', '/admin/api/board/posts', { category: 'event', title: '이벤트', content: '첫 줄\n둘째 줄' });
    expect(notice.status).toBe(200);
    expect((await server.admin('POST', '/admin/api/board/posts', { category: 'event', title: '이벤트\n', content: 'x' })).status).toBe(400);
  });

  it('searches titles, contents and writers literally, and pages', async () => {
    const marker = `검색${Date.now() % 100_000}`;
    await post(bob, `${marker} 하나`);
    await post(bob, `100%_${marker}`);
    const found = async (type: 'title' | 'content' | 'writer', text: string) =>
      (await server.call('boardList', { page: 1, search: { type, text } }, { token: alice.token })).data!.list.map((p) => p.title);
    expect(await found('title', marker)).toHaveLength(2);
    expect(await found('title', '100%_')).toEqual([`100%_${marker}`]);
    expect(await found('content', `${marker} 하나 본문`)).toEqual([`${marker} 하나`]);
    const nick = (await server.rows<{ mem_nick: string }>(`select mem_nick from members where id = ${bob.memberId}`))[0]!.mem_nick;
    expect((await found('writer', nick)).length).toBeGreaterThanOrEqual(2);

    for (let i = 0; i < 11; i += 1) await post(bob, `페이지 ${i}`);
    const second = await server.call('boardList', { page: 2 }, { token: alice.token });
    expect(second.data!.list.length).toBeGreaterThan(0);
    expect(second.data!.pageInfo.tatal_list_count).toBeGreaterThan(10);
  });

  it("lets a member delete only their own posts and comments; another member's answers as if none existed", async () => {
    const boardIdx = await post(alice, '지울 글');
    const cmt = (await server.call('commentSave', { boardIdx, content: '밥의 댓글' }, { token: bob.token })).data!.comment.cmtIdx;
    expect((await server.call('boardDelete', { boardIdx }, { token: bob.token })).resultCode).toBe('BD006');
    expect((await server.call('boardDelete', { boardIdx: 987_654 }, { token: bob.token })).resultCode).toBe('BD006');
    expect((await server.call('commentDelete', { cmtIdx: cmt }, { token: alice.token })).resultCode).toBe('BD006');
    expect((await server.call('commentDelete', { cmtIdx: cmt }, { token: bob.token })).resultCode).toBe('0');
    expect((await server.call('boardDetail', { boardIdx }, { token: alice.token })).data!.post.comments).toEqual([]);
    expect((await server.call('boardDelete', { boardIdx }, { token: alice.token })).resultCode).toBe('0');
    expect((await server.call('boardDetail', { boardIdx }, { token: alice.token })).resultCode).toBe('BD006');
    expect((await server.call('boardDelete', { boardIdx }, { token: alice.token })).resultCode).toBe('BD006');
    expect((await server.call('boardList', { page: 1 }, {})).resultCode).toBe('TK001');
  });

  it('lets the operator post notices and events, hide and delete posts and comments, each audited', async () => {
    const audits = await server.count('audit_log');
    const notice = await server.admin('POST', '/admin/api/board/posts', { category: 'notice', title: '점검 안내', content: '새벽 점검' });
    expect(notice.status).toBe(200);
    const noticeIdx = (notice.body as { boardIdx?: number }).boardIdx!;
    expect((await server.call('boardList', { page: 1, category: 'notice' }, { token: bob.token })).data!.list.map((p) => p.boardIdx)).toEqual([noticeIdx]);

    const image = (await upload(alice.token, PNG)).data!.imageId;
    const boardIdx = await post(alice, '숨길 글', { imageIds: [image] });
    const cmt = (await server.call('commentSave', { boardIdx: noticeIdx, content: '확인' }, { token: bob.token })).data!.comment.cmtIdx;
    expect((await server.admin('POST', `/admin/api/board/posts/${boardIdx}/hide`, { hidden: true })).status).toBe(200);
    expect((await server.call('boardDetail', { boardIdx }, { token: alice.token })).resultCode).toBe('BD006');
    expect((await server.app.inject({ method: 'GET', url: `/files/${image}` })).statusCode).toBe(404);
    expect((await server.admin('POST', `/admin/api/board/posts/${boardIdx}/hide`, { hidden: false })).status).toBe(200);
    expect((await server.call('boardDetail', { boardIdx }, { token: alice.token })).resultCode).toBe('0');
    expect((await server.admin('POST', `/admin/api/board/comments/${cmt}/delete`)).status).toBe(200);
    expect((await server.admin('POST', `/admin/api/board/posts/${boardIdx}/delete`)).status).toBe(200);
    expect((await server.call('boardDetail', { boardIdx }, { token: alice.token })).resultCode).toBe('BD006');
    expect((await server.admin('POST', '/admin/api/board/posts/999999/delete')).status).toBe(404);
    expect((await server.admin('POST', '/admin/api/board/posts', { category: 'notice', title: '', content: 'x' })).body.resultCode).toBe('BD001');
    expect(await server.count('audit_log')).toBe(audits + 5);
  });
});

describe('banners and popups', () => {
  it('shows active ones in order within their dates, with an image checked by its bytes', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const created = await server.admin('POST', '/admin/api/banners', { kind: 'popup', title: '이벤트', ord: 2, image: PNG.toString('base64'), link: 'rotary' });
    expect(created.status).toBe(200);
    await server.admin('POST', '/admin/api/banners', { kind: 'popup', title: '먼저', ord: 1 });
    await server.admin('POST', '/admin/api/banners', { kind: 'popup', title: '지난 것', endsAt: iso(-1_000), startsAt: iso(-5_000) });
    await server.admin('POST', '/admin/api/banners', { kind: 'banner', title: '배너', startsAt: iso(-1_000) });
    const popups = (await server.call('popupList', {})).data!.list;
    expect(popups.map((p) => p.title)).toEqual(['먼저', '이벤트']);
    expect(popups[1]!.imageUrl).toMatch(/^\/files\//);
    expect(popups[1]!.link).toBe('rotary');
    expect((await server.call('mainPopupList', {})).data!.list).toEqual(popups);
    expect((await server.call('banner', {})).data!.list.map((b) => b.title)).toEqual(['배너']);

    const before = await server.count('banners');
    const refused = async (body: object) => (await server.admin('POST', '/admin/api/banners', body)).status;
    expect(await refused({ kind: 'popup', title: 'x', image: Buffer.from('<html>').toString('base64') })).toBe(400);
    expect(await refused({ kind: 'popup', title: 'x', link: 'javascript:alert(1)' })).toBe(400);
    expect(await refused({ kind: 'popup', title: 'x', link: '//evil.example' })).toBe(400);
    // A path is no longer a link: links name a screen, which each tree opens at its own path.
    expect(await refused({ kind: 'popup', title: 'x', link: '/rotary' })).toBe(400);
    expect(await refused({ kind: 'popup', title: 'x', link: 'noSuchScreen' })).toBe(400);
    expect((await server.admin('POST', '/admin/api/banners', { kind: 'banner', title: 'x', link: 'noSuchScreen' })).body)
      .toMatchObject({ resultCode: 'R003', resultMessage: expect.stringContaining('not a screen of the site') });
    expect(await refused({ kind: 'popup', title: 'x', startsAt: iso(1_000), endsAt: iso(-1_000) })).toBe(400);
    expect(await server.count('banners')).toBe(before);

    const id = (created.body as { bannerIdx?: number }).bannerIdx!;
    expect((await server.admin('PUT', `/admin/api/banners/${id}`, { active: false })).status).toBe(200);
    expect((await server.call('popupList', {})).data!.list.map((p) => p.title)).toEqual(['먼저']);
    // An update changes only what it names: the link, order and image stay.
    expect((await server.admin('PUT', `/admin/api/banners/${id}`, { title: '새 이벤트', active: true })).status).toBe(200);
    const [, renamed] = (await server.call('popupList', {})).data!.list;
    expect(renamed).toMatchObject({ title: '새 이벤트', link: 'rotary', imageUrl: expect.stringMatching(/^\/files\//) });
    expect((await server.admin('POST', `/admin/api/banners/${id}/delete`)).status).toBe(200);
  });
});

describe('banner links', () => {
  it('moves links stored as paths to the screens they opened (migration 0017), on either tree', async () => {
    await server.rows(`insert into banners (kind, title, link_url) values
      ('banner', 'link-desktop', '/attendendance'), ('banner', 'link-phone', '/member/rotary?from=popup'),
      ('banner', 'link-unknown', '/nowhere'), ('banner', 'link-https', 'https://example.com/a'), ('banner', 'link-none', '')`);
    await server.rows(readFileSync(new URL('../../server/db/migrations/0017_banner_screen_links.sql', import.meta.url), 'utf8'));
    const links = Object.fromEntries((await server.call('banner', {})).data!.list.map((b) => [b.title, b.link]));
    await server.rows(`delete from banners where title like 'link-%'`);
    expect(links).toMatchObject({
      'link-desktop': 'attendance', 'link-phone': 'rotary', 'link-unknown': '', 'link-https': 'https://example.com/a', 'link-none': '',
    });
  });
});

describe('main notices', () => {
  it("shows the support centre's latest notices, the newest first, and not the board's notice posts", async () => {
    await server.admin('POST', '/admin/api/board/posts', { category: 'notice', title: '게시판 공지', content: '게시판에만' });
    const first = await server.admin('POST', '/admin/api/notices', { title: '고객센터 공지 1', content: '첫 공지' });
    const second = await server.admin('POST', '/admin/api/notices', { title: '고객센터 공지 2', content: '둘째 공지' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const list = (await server.call('mainNotices', {})).data!.list;
    expect(list.map((n) => n.title).slice(0, 2)).toEqual(['고객센터 공지 2', '고객센터 공지 1']);
    expect(list.map((n) => n.title)).not.toContain('게시판 공지');
  });
});

describe('main cash boards', () => {
  it('shows approved withdrawals as the best of the day and week and the feed, ids masked', async () => {
    await setClock('2026-11-24T03:00:00Z'); // Seoul noon: clear of the bank hour (23:30-00:30) and of midnight
    const member = await enrolMember(server, {}, true);
    await server.admin('POST', `/admin/api/members/${member.memId}/points`, { amount: 60_000, reason: '테스트' });
    expect((await server.call('pointConvert', { idempotencyKey: key(), amount: 50_000 }, { token: member.token })).resultCode).toBe('0');
    const out = await server.call('cashOut', { idempotencyKey: key(), amount: 50_000, cashOutPass: '4321' }, { token: member.token });
    expect(out.resultCode).toBe('0');
    const id = out.data!.request.requestId;
    await server.admin('POST', `/admin/api/cash-requests/${id}/wait`);
    await server.admin('POST', `/admin/api/cash-requests/${id}/approve`);
    const boards = (await server.call('mainCashList', {})).data!;
    const masked = `${member.memId.slice(0, 2)}***${member.memId.slice(-1)}`;
    expect(boards.todayBest[0]).toEqual({ memId: masked, amount: 50_000 });
    expect(boards.weekBest[0]).toEqual({ memId: masked, amount: 50_000 });
    expect(boards.feed[0]).toMatchObject({ kind: 'out', memId: masked, amount: 50_000 });
    expect(JSON.stringify(boards)).not.toContain(member.memId);
    await setClock(null);
  });
});

describe('attendance', () => {
  it('credits once a Seoul day, builds a streak with the bonus day, and follows the settings', async () => {
    const member = await enrolMember(server);
    await server.admin('PUT', '/admin/api/attendance-settings', { dailyPoints: 100, bonusEvery: 3, bonusPoints: 1_000, enabled: true });
    const check = () => server.call('attendanceCheck', { idempotencyKey: key() }, { token: member.token });
    const days = ['2026-11-20T15:30:00Z', '2026-11-21T14:59:00Z', '2026-11-21T15:00:00Z']; // Seoul 21st 00:30, 21st 23:59, 22nd 00:00
    await setClock(days[0]!);
    expect((await check()).data).toMatchObject({ streak: 1, points: 100 });
    expect((await check()).resultCode).toBe('AT001');
    await setClock(days[1]!);
    expect((await check()).resultCode).toBe('AT001');
    await setClock(days[2]!);
    expect((await check()).data).toMatchObject({ streak: 2, points: 100 });
    await setClock('2026-11-23T01:00:00Z');
    const third = await check();
    expect(third.data).toMatchObject({ streak: 3, points: 1_100 });
    expect(third.data!.balances.pointAmt).toBe(1_300);
    expect((await memberBalances(server, member.memId)).pointAmt).toBe(1_300);
    const info = (await server.call('attendanceInfo', {}, { token: member.token })).data!;
    expect(info).toMatchObject({ checkedToday: true, streak: 3, days: ['2026-11-21', '2026-11-22', '2026-11-23'], today: '2026-11-23' });
    // Checked today: the next check-in is tomorrow's, and the bonus comes back every third day of the streak.
    expect(info.next).toEqual({ day: '2026-11-24', streak: 4, points: 100 });
    expect(info.nextBonus).toEqual({ day: '2026-11-26', streak: 6, points: 1_100 });
    expect(server.push.pushed.some((p) => p.target === member.memId && p.msg.cmd === 'CASH')).toBe(true);

    await setClock('2026-11-25T01:00:00Z'); // a day missed: the streak starts again
    expect((await server.call('attendanceInfo', {}, { token: member.token })).data).toMatchObject({
      streak: 0, today: '2026-11-25', next: { day: '2026-11-25', streak: 1, points: 100 }, nextBonus: { day: '2026-11-27', streak: 3, points: 1_100 },
    });
    expect((await check()).data).toMatchObject({ streak: 1, points: 100 });

    await server.admin('PUT', '/admin/api/attendance-settings', { enabled: false });
    await setClock('2026-11-26T01:00:00Z');
    const before = await server.count('attendance_checks');
    expect((await check()).resultCode).toBe('AT002');
    expect(await server.count('attendance_checks')).toBe(before);
    await server.admin('PUT', '/admin/api/attendance-settings', { enabled: true });
    expect((await server.admin('PUT', '/admin/api/attendance-settings', { dailyPoints: -1 })).status).toBe(400);
    await setClock(null);
  });
});

describe('prize wheel', () => {
  it('draws on the server by weight, credits the prize once a Seoul day and follows the operator', async () => {
    await setClock('2026-11-24T14:59:58Z'); // 23:59:58 Seoul: the second spin is refused the same day, allowed the next
    const member = await enrolMember(server);
    const set = await server.admin('PUT', '/admin/api/rotary', { enabled: true, prizes: [{ label: '꽝', points: 0, weight: 1 }, { label: '500P', points: 500, weight: 1_000_000 }] });
    expect(set.status).toBe(200);
    const info = (await server.call('rotaryInfo', {}, { token: member.token })).data!;
    expect(info.prizes.map((p) => p.label)).toEqual(['꽝', '500P']);
    expect(JSON.stringify(info)).not.toContain('weight');
    const spin = await server.call('rotarySpin', { idempotencyKey: key() }, { token: member.token });
    expect(spin.resultCode).toBe('0');
    const prize = info.prizes.find((p) => p.prizeIdx === spin.data!.prizeIdx)!;
    expect(spin.data!.points).toBe(prize.points);
    expect((await memberBalances(server, member.memId)).pointAmt).toBe(prize.points);
    expect((await server.call('rotarySpin', { idempotencyKey: key() }, { token: member.token })).resultCode).toBe('RT001');
    expect((await server.call('rotaryInfo', {}, { token: member.token })).data).toMatchObject({ spunToday: true, todayPrizeIdx: prize.prizeIdx });
    await setClock('2026-11-24T15:00:00Z');
    expect((await server.call('rotaryInfo', {}, { token: member.token })).data).toMatchObject({ spunToday: false });
    expect((await server.call('rotarySpin', { idempotencyKey: key() }, { token: member.token })).resultCode).toBe('0');

    await server.admin('PUT', '/admin/api/rotary', { enabled: false });
    const other = await enrolMember(server);
    expect((await server.call('rotarySpin', { idempotencyKey: key() }, { token: other.token })).resultCode).toBe('RT002');
    await server.admin('PUT', '/admin/api/rotary', { enabled: true });
    expect((await server.admin('PUT', '/admin/api/rotary', { prizes: [{ label: 'x', points: 1, weight: 0 }] })).status).toBe(400);
    await setClock(null);
  });
});
