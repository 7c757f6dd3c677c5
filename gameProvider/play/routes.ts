/**
 * The players' side: the slot game page (/play/<gameKey>, opened from the launch URL whose fragment
 * carries the session token), its calls authenticated by that token (POST /play/api/state, /play/api/spin
 * and /play/api/seed, `Authorization: Bearer <token>`), its static script and style, and the art
 * (/art/<gameKey>.svg thumbnails, /art/sym/<theme>/<symbol>.svg). Each spin is one round of the round
 * service on the player's seed pair for the game: stake taken, reels drawn from (server seed, client
 * seed, nonce), win paid. The state shows the committed seed's hash before the first spin; the seed
 * call rotates the pair (reveals the seed, commits a new one, optionally with a new client seed).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../api';
import { VendorRefusal } from '../errors';
import type { VendorLang } from '../../contract/gameProvider';
import { PLAYER_CLIENT_SEED, type Rounds } from '../rounds';
import type { PlayerSession, Sessions } from '../sessions';
import { isTheme, symbolSvg, themeColors, thumbnailSvg } from '../slots/art';
import { LINES, PAYLINES, PAYTABLE, SCATTER_PAYS, spin, SYMBOL_CODES, SYMBOL_COUNT, TARGET_RTP, type SpinResult } from '../slots/engine';
import { spinReport } from '../slots/symbols';
import { SLOT_TITLES, type SlotTitle } from '../slots/titles';
import type { Wallet } from '../wallet';
import { textsFor } from './texts';

export interface PlayDeps {
  sessions: Sessions;
  rounds: Rounds;
  wallet: Wallet;
}

/** Total bets offered (each a multiple of the 20 lines, so the line bet is whole won). */
export const SLOT_BETS = [200, 400, 1_000, 2_000, 4_000, 10_000, 20_000, 50_000];

const TITLE_BY_KEY = new Map(SLOT_TITLES.map((t) => [t.gameKey, t]));
const asset = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
const SCRIPT = asset('slot.js');
const STYLE = asset('slot.css');
const LANGS: readonly VendorLang[] = ['ko', 'en', 'vi'];

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: SlotTitle, lang: VendorLang): string {
  const texts = textsFor(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title.names[lang])}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/slot.css">
<script type="module" src="assets/slot.js"></script>
</head>
<body data-game="${escapeHtml(title.gameKey)}">
<main class="slot" aria-busy="true"><p class="loading">${escapeHtml(texts.loading)}</p></main>
</body>
</html>
`;
}

/** A short English outcome for the round's detail view. */
function describeSpin(result: SpinResult, lineBet: number): string {
  const rows = [0, 1, 2].map((row) => result.grid.map((column) => SYMBOL_CODES[column[row]!]).join(' ')).join(' / ');
  const lines = result.lineWins.map((w) => `line ${w.line + 1}: ${w.count}x${SYMBOL_CODES[w.symbol]} pays ${w.pay * lineBet}`);
  const scatter = result.scatterPay > 0 ? [`${result.scatters} scatters pay ${result.scatterPay * lineBet * LINES}`] : [];
  return [`stops ${result.stops.join(',')}`, `reels ${rows}`, ...lines, ...scatter].join('; ');
}

export function registerPlay(scope: FastifyInstance, { sessions, rounds, wallet }: PlayDeps): void {
  /** Settles a slot round left open by an interrupted spin: the reels are a pure function of its seed. */
  async function settleSlotRound(round: { roundId: string; gameKey: string; bet: number }): Promise<void> {
    const result = spin(await rounds.replayRng(round.roundId));
    const lineBet = round.bet / LINES;
    const theme = TITLE_BY_KEY.get(round.gameKey)?.theme ?? 'fruits';
    await rounds.settle({ roundId: round.roundId, win: result.totalPay * lineBet, outcome: describeSpin(result, lineBet), detail: spinReport(result, theme, lineBet) });
  }
  scope.addHook('onReady', async () => {
    for (const round of await rounds.openRounds({ kind: 'slot' })) await settleSlotRound(round);
  });

  const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  function titled<S extends { gameKey: string }>(found: S | null | undefined): { session: S; title: SlotTitle } {
    const title = found ? TITLE_BY_KEY.get(found.gameKey) : undefined;
    if (!found || !title) throw new PlayRefusal('SESSION', 401);
    return { session: found, title };
  }
  async function session(request: FastifyRequest): Promise<{ session: PlayerSession; title: SlotTitle }> {
    const token = bearer(request);
    return titled(token ? await sessions.resolve(token) : null);
  }

  scope.get<{ Params: { gameKey: string }; Querystring: { lang?: string } }>('/play/:gameKey', async (request, reply) => {
    const title = TITLE_BY_KEY.get(request.params.gameKey);
    if (!title) throw new VendorRefusal('UNKNOWN_GAME', 'no such game');
    const lang = LANGS.find((l) => l === request.query.lang) ?? 'ko';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(title, lang));
  });
  scope.get('/play/assets/slot.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT));
  scope.get('/play/assets/slot.css', async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE));

  scope.get<{ Params: { file: string } }>('/art/:file', async (request, reply) => {
    const title = TITLE_BY_KEY.get(request.params.file.replace(/\.svg$/, ''));
    if (!title || !request.params.file.endsWith('.svg')) throw new VendorRefusal('BAD_REQUEST', 'no such art');
    return svg(reply, thumbnailSvg(title.theme, title.names.en));
  });
  scope.get<{ Params: { theme: string; file: string } }>('/art/sym/:theme/:file', async (request, reply) => {
    const symbol = /^(\d)\.svg$/.exec(request.params.file)?.[1];
    if (!isTheme(request.params.theme) || symbol === undefined || Number(symbol) >= SYMBOL_COUNT) throw new VendorRefusal('BAD_REQUEST', 'no such art');
    return svg(reply, symbolSvg(request.params.theme, Number(symbol)));
  });

  scope.post('/play/api/state', async (request, reply) => {
    const { session: s, title } = await session(request);
    await recover(s);
    const { balance } = await wallet.balance(s.operator, s.player);
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      game: { gameKey: title.gameKey, name: title.names[s.lang], brand: title.brand, colors: themeColors(title.theme) },
      lang: s.lang,
      texts: textsFor(s.lang),
      balance,
      bets: SLOT_BETS,
      lines: PAYLINES,
      paytable: PAYTABLE,
      scatterPays: SCATTER_PAYS,
      rtp: TARGET_RTP,
      fairness: await rounds.seedPair(s),
      symbols: Array.from({ length: SYMBOL_COUNT }, (_, i) => `../art/sym/${title.theme}/${i}.svg`),
    });
  });

  const spinBody = z.object({ bet: z.number().int().refine((b) => SLOT_BETS.includes(b)) }).strict();
  // One round drawn and settled at once (rounds.play): a slot round is never left open by a spin.
  // The session and the seed pair are read once and kept (sessions.playContext): a spin is one round trip.
  scope.post('/play/api/spin', async (request, reply) => {
    const token = bearer(request);
    const found = token ? await sessions.playContext(token) : null;
    const { session: s, title } = titled(found?.session);
    const { bet } = parseBody(spinBody, request.body);
    const lineBet = bet / LINES;
    const played = await rounds.play({
      operator: s.operator, player: s.player, gameKey: s.gameKey, bet, pair: found!.pair,
      draw: (rng) => {
        const result = spin(rng);
        return { win: result.totalPay * lineBet, outcome: describeSpin(result, lineBet), detail: spinReport(result, title.theme, lineBet), result };
      },
    });
    found!.keep(played.pair);
    const { result } = played;
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      grid: result.grid,
      lineWins: result.lineWins.map((w) => ({ ...w, pay: w.pay * lineBet })),
      scatters: result.scatters,
      scatterWin: result.scatterPay * bet,
      win: result.totalPay * lineBet,
      balance: played.balanceAfter,
      roundId: played.roundId,
      proof: played.proof,
    });
  });

  const seedBody = z.object({ clientSeed: z.string().regex(PLAYER_CLIENT_SEED).optional() }).strict();
  scope.post('/play/api/seed', async (request, reply) => {
    const { session: s } = await session(request);
    const { clientSeed } = parseBody(seedBody, request.body);
    return reply.header('cache-control', 'no-store').send({ ok: true, ...(await rounds.rotateSeed(s, clientSeed)) });
  });

  async function recover(s: PlayerSession): Promise<void> {
    for (const round of await rounds.openRounds({ operator: s.operator, player: s.player, kind: 'slot' })) await settleSlotRound(round);
  }
}

function svg(reply: FastifyReply, markup: string): FastifyReply {
  return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(markup);
}

/** A refusal of the game page's calls (its own codes: SESSION for a missing or ended session). */
export class PlayRefusal extends Error {
  constructor(readonly code: 'SESSION', readonly status: number) {
    super(code);
  }
}
