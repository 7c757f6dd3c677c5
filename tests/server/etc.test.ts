import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('reference data', () => {
  it('lists Korean banks', async () => {
    const { data } = await server.call('bank', {});
    expect(data!.list.length).toBeGreaterThanOrEqual(12);
    expect(data!.list).toContainEqual({ bankCode: '004', bankNameKr: 'KB국민은행' });
  });

  it('answers site options with the sns link and no default recommender', async () => {
    expect((await server.call('siteOption', {})).data).toEqual({
      siteOption: { sns2Link: 'https://t.me/hanbit_support', signupOpen: 'Y', partnerHostPrefix: '' }, joinRecommanderId: '',
    });
  });

  it('answers game codes by group and by code, with hotel casino and hotel slot names', async () => {
    const casino = (await server.call('gameCodes', { masterCode: 'GAME', groupCode: 'casino' })).data!.codes;
    expect(casino.map((c) => [c.codeNameEN, c.code])).toEqual(expect.arrayContaining([
      ['evolution', '1'], ['asiagaming', '5'], ['pragmatic', '10'], ['dreamcasino', '6'], ['sexygaming', '9'], ['biggaming', '2'],
    ]));
    expect(casino.every((c) => c.groupCode === 'casino')).toBe(true);
    expect(casino.some((c) => c.codeName.startsWith('HC-'))).toBe(true);
    const slot = (await server.call('gameCodes', { masterCode: 'GAME', groupCode: 'slot' })).data!.codes;
    expect(slot.map((c) => c.code)).toEqual(expect.arrayContaining(['0', '200', '201']));
    expect(slot.some((c) => c.codeName.startsWith('H-'))).toBe(true);
    const one = (await server.call('gameCodes', { masterCode: 'GAME', code: '1000' })).data!.codes;
    expect(one).toEqual([expect.objectContaining({ codeNameEN: 'kplayfishing', code: '1000' })]);
    expect((await server.call('commonCode', { masterCode: 'GAME' })).data!.codes.length).toBeGreaterThan(20);
    expect((await server.call('commonCode', { masterCode: 'NOPE' })).data!.codes).toEqual([]);
  });

  it('answers the game groups in menu order', async () => {
    const { data } = await server.call('gameGroupCodes', { masterCode: 'GAME' });
    expect(data!.groupCodes.map((g) => g.code)).toEqual(['casino', 'slot', 'sport', 'esport', 'virtual', 'minigame', 'fishing']);
  });
});

describe('site check', () => {
  it('is empty until the operator sets a window, and empty again when cleared', async () => {
    const before = Date.now();
    const first = (await server.call('siteCheckInfo', {})).data!;
    expect(first.siteCheckInfo).toBeNull();
    // The answer carries the server's clock so that the client judges the window by it.
    expect(Date.parse(first.now)).toBeGreaterThanOrEqual(before - 1000);
    const startDate = '2030-01-01T00:00:00.000Z';
    const endDate = '2030-01-01T02:00:00.000Z';
    expect((await server.admin('PUT', '/admin/api/site-check', { startDate, endDate })).body).toEqual({ ok: true });
    expect((await server.call('siteCheckInfo', {})).data!.siteCheckInfo).toEqual({ startDate, endDate });
    await server.admin('PUT', '/admin/api/site-check', { startDate: null, endDate: null });
    expect((await server.call('siteCheckInfo', {})).data!.siteCheckInfo).toBeNull();
  });
});
