import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACCARAT_TABLES } from '../../gameProvider/games/baccarat/tables';
import { FISHING_GAMES } from '../../gameProvider/games/fishing/service';
import { startVendor, type TestVendor } from './harness';

let vendor: TestVendor;
const TABLE = BACCARAT_TABLES[2];
const FISHING = FISHING_GAMES[0];

async function launch(gameKey: string, lang: 'ko' | 'en' | 'vi' = 'ko') {
  const { url } = await vendor.ok('/launch', { player: 'page-player', gameKey, lang });
  const parsed = new URL(url, 'http://vendor.test');
  return { path: `${parsed.pathname}${parsed.search}`, token: new URLSearchParams(parsed.hash.slice(1)).get('s')! };
}

async function play(game: string, call: string, token: string, body: unknown = {}) {
  const response = await vendor.app.inject({ method: 'POST', url: `/play/api/${game}/${call}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-play-session': token } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  vendor = await startVendor();
});
afterAll(async () => {
  await vendor.close();
});

describe('table game pages', () => {
  it('every table and the fishing game are in the catalogue, with art', async () => {
    const { games } = await vendor.ok('/games', {});
    for (const game of [...BACCARAT_TABLES, ...FISHING_GAMES]) {
      expect(games.find((g) => g.gameKey === game.gameKey), game.gameKey).toMatchObject({ brand: game.brand, kind: game.kind });
      const art = await vendor.app.inject({ method: 'GET', url: game.image });
      expect(art.statusCode).toBe(200);
      expect(art.body).toContain('<svg');
    }
  });

  it('the launch URL opens the page, which loads its script and style', async () => {
    const { path } = await launch(TABLE.gameKey, 'vi');
    const page = await vendor.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="vi">');
    expect(page.body).toContain('src="assets/baccarat.js"');
    const script = await vendor.app.inject({ method: 'GET', url: '/play/assets/baccarat.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('x-play-session');
    const style = await vendor.app.inject({ method: 'GET', url: '/play/assets/fishing.css' });
    expect(style.body).toContain('.sea');
    expect((await vendor.app.inject({ method: 'GET', url: '/play/assets/../app.ts' })).statusCode).toBe(404);
  });

  it('play calls need the launch session of a game of their kind', async () => {
    const table = await launch(TABLE.gameKey);
    const state = await play('baccarat', 'state', table.token);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ ok: true, table: { gameKey: TABLE.gameKey, name: TABLE.names.ko } });
    expect(await play('baccarat', 'state', 'x'.repeat(43))).toMatchObject({ status: 401, body: { ok: false, code: 'SESSION' } });
    expect(await play('baccarat', 'state', '')).toMatchObject({ status: 401, body: { ok: false, code: 'SESSION' } });
    expect(await play('fishing', 'state', table.token)).toMatchObject({ status: 400, body: { ok: false, code: 'BAD_REQUEST' } });
    expect(await play('baccarat', 'nothing', table.token)).toMatchObject({ status: 404 });
    const bad = await vendor.app.inject({ method: 'POST', url: '/play/api/baccarat/bet', payload: '{"bets":', headers: { 'x-play-session': table.token } });
    expect(bad.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const fishing = await launch(FISHING.gameKey);
    expect(await play('fishing', 'state', fishing.token)).toMatchObject({ status: 200, body: { ok: true, rtpPercent: 95 } });
    expect(await play('fishing', 'shoot', fishing.token, { waveNo: 0, fishId: 1, stake: 100 })).toMatchObject({ status: 409, body: { ok: false, code: 'NO_FISH' } });
  });

  it('hostile play bodies get a code and move nothing', async () => {
    const table = await launch(TABLE.gameKey);
    const fishing = await launch(FISHING.gameKey);
    await vendor.ok('/transfers/in', { transferId: 'pages-hostile-in', player: 'page-player', amount: 100_000 });
    const bodies = ['[]', 'null', '"x"', '{"bets":[]}', '{"bets":{"player":"1000"}}', '{"bets":{"player":1e30}}', '{"bets":{"__proto__":{"player":1000}}}',
      `{"bets":{"${'x'.repeat(10_000)}":1000}}`, '{"waveNo":"1","fishId":null,"stake":1e309}', '{"waveNo":1,"fishId":1,"stake":[100]}', '{'];
    for (const body of bodies) {
      for (const [game, call, token] of [['baccarat', 'bet', table.token], ['fishing', 'shoot', fishing.token]] as const) {
        const response = await vendor.app.inject({ method: 'POST', url: `/play/api/${game}/${call}`, payload: body, headers: { 'content-type': 'application/json', 'x-play-session': token } });
        expect(response.statusCode, `${call} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ ok: false });
      }
    }
    expect(await vendor.ok('/players/balance', { player: 'page-player' })).toMatchObject({ balance: 100_000, inRound: false });
  });
});
