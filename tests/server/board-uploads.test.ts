/**
 * Board uploads under load and abuse: five 2 MB uploads at once do not hold another member's calls
 * behind them; a member's uploads are limited per hour (BD013) and in bytes not yet in a post (BD014),
 * a concurrent burst included; an upload no post took in time is removed. PGlite by default, PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_IMAGE_MAX_BYTES, BOARD_IMAGE_ORPHAN_MS, BOARD_PENDING_IMAGE_BYTES, BOARD_UPLOAD_WINDOW_MS, BOARD_UPLOADS_PER_WINDOW, FILES_PATH,
} from '../../contract/community';
import { newIdempotencyKey } from '../../contract/wallet';
import { enrolMember, uploadImage } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that pass as a PNG, `size` long (a different filler each time). */
let fills = 0;
const png = (size: number) => {
  const bytes = Buffer.alloc(size, (fills += 1) % 251);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ testClock: true }); });
afterAll(async () => { await server.close(); });

let clockAt = Date.parse('2026-03-02T03:00:00Z');
const moveClock = async (ms: number) => {
  clockAt += ms;
  await server.admin('PUT', '/admin/api/test/clock', { now: new Date(clockAt).toISOString() });
};

const codes = (answers: { resultCode: string }[]) => {
  const counted: Record<string, number> = {};
  for (const { resultCode } of answers) counted[resultCode] = (counted[resultCode] ?? 0) + 1;
  return counted;
};
const served = async (imageId: string) => (await server.app.inject({ method: 'GET', url: `${FILES_PATH}/${imageId}` })).statusCode;
const storedOf = async (memberId: number) => {
  const [row] = await server.rows<{ n: number }>(`select count(*)::int as n from stored_images where member_id = ${memberId}`);
  return Number(row!.n);
};

describe('board uploads', () => {
  it('another member\'s balance answers while five 2 MB uploads are still in flight', async () => {
    await moveClock(0);
    const uploader = await enrolMember(server);
    const other = await enrolMember(server);
    const finished: string[] = [];
    const uploads = Array.from({ length: 5 }, async () => {
      const answer = await uploadImage(server, uploader.token, png(BOARD_IMAGE_MAX_BYTES));
      finished.push('upload');
      return answer;
    });
    const balance = server.call('balance', {}, { token: other.token }).then((answer) => {
      finished.push('balance');
      return answer;
    });
    const [answers, balanceAnswer] = await Promise.all([Promise.all(uploads), balance]);
    expect(codes(answers)).toEqual({ '0': 5 });
    expect(balanceAnswer.resultCode).toBe('0');
    expect(finished.indexOf('balance')).toBeLessThan(finished.lastIndexOf('upload'));
  });

  it('a burst gets at most the hour\'s uploads stored; the next hour takes more', async () => {
    await moveClock(BOARD_UPLOAD_WINDOW_MS);
    const member = await enrolMember(server);
    const answers = await Promise.all(Array.from({ length: BOARD_UPLOADS_PER_WINDOW + 8 }, () => uploadImage(server, member.token, png(200))));
    expect(codes(answers)).toEqual({ '0': BOARD_UPLOADS_PER_WINDOW, BD013: 8 });
    expect(answers.find((a) => a.resultCode === 'BD013')!.resultMessage).toContain('12');
    expect(await storedOf(member.memberId)).toBe(BOARD_UPLOADS_PER_WINDOW);
    await moveClock(BOARD_UPLOAD_WINDOW_MS / 2);
    expect((await uploadImage(server, member.token, png(200))).resultCode).toBe('BD013');
    await moveClock(BOARD_UPLOAD_WINDOW_MS / 2 + 1000);
    expect((await uploadImage(server, member.token, png(200))).resultCode).toBe('0');
  });

  it('a burst stores no more bytes than the pending limit; a post that takes them frees the room', async () => {
    await moveClock(BOARD_UPLOAD_WINDOW_MS);
    const member = await enrolMember(server);
    const fit = BOARD_PENDING_IMAGE_BYTES / BOARD_IMAGE_MAX_BYTES;
    const answers = await Promise.all(Array.from({ length: fit + 2 }, () => uploadImage(server, member.token, png(BOARD_IMAGE_MAX_BYTES))));
    expect(codes(answers)).toEqual({ '0': fit, BD014: 2 });
    expect(await storedOf(member.memberId)).toBe(fit);
    const imageIds = answers.filter((a) => a.resultCode === '0').slice(0, 3).map((a) => a.data!.imageId);
    const saved = await server.call('boardSave', { idempotencyKey: newIdempotencyKey(), title: '사진', content: '사진 올립니다', imageIds }, { token: member.token });
    expect(saved.resultCode).toBe('0');
    expect((await uploadImage(server, member.token, png(BOARD_IMAGE_MAX_BYTES))).resultCode).toBe('0');
  });

  it('an upload no post took is removed after its time; an attached one stays', async () => {
    await moveClock(BOARD_UPLOAD_WINDOW_MS);
    const member = await enrolMember(server);
    const orphan = (await uploadImage(server, member.token, png(300))).data!.imageId;
    const attached = (await uploadImage(server, member.token, png(300))).data!.imageId;
    const saved = await server.call('boardSave', { idempotencyKey: newIdempotencyKey(), title: '첨부', content: '첨부 이미지', imageIds: [attached] }, { token: member.token });
    expect(saved.resultCode).toBe('0');
    await moveClock(BOARD_IMAGE_ORPHAN_MS - 60_000);
    expect((await uploadImage(server, member.token, png(300))).resultCode).toBe('0');
    expect(await served(orphan)).toBe(200);
    await moveClock(2 * 60_000);
    const later = await enrolMember(server);
    expect((await uploadImage(server, later.token, png(300))).resultCode).toBe('0');
    expect(await served(orphan)).toBe(404);
    expect(await served(attached)).toBe(200);
    const [row] = await server.rows<{ n: number }>(`select count(*)::int as n from stored_images where id = '${orphan}'`);
    expect(Number(row!.n)).toBe(0);
  });
});
