/**
 * The fishing page (runs in the player's browser): the fish of the current and the previous wave swim
 * on paths computed here from the waves' seeds; a click or tap on a fish fires a shot at it (a bet the
 * vendor decides), the bullet flies, and a catch shows its payout. Portrait phones see the sea turned
 * a quarter so the fish swim from top to bottom and the cannon sits at the bottom.
 */
import { failureCode, formatWon, h, pageLang, playCall, pollState, serverNow, toast, translator } from '../../page/common';
import { FISH, type Fish, type FishKind, fishPosition, waveFish, WORLD } from '../engine';
import { drawFish, drawSea } from './art';
import { TEXTS } from './texts';

interface SeaState {
  now: number;
  waveMs: number;
  waves: { waveNo: number; seed: string; startsAt: number }[];
  stakes: number[];
  fish: { kind: FishKind; multiplier: number }[];
  rtpPercent: number;
  balance: number;
  caught: { waveNo: number; fishId: number }[];
  fairness: SeedPair;
}
/** The player's seed pair: the committed hash every shot draws from, the client seed, the next nonce. */
interface SeedPair { serverSeedHash: string; clientSeed: string; nonce: number }
interface Rotated { revealed: SeedPair & { serverSeed: string }; active: SeedPair }
interface ShotAnswer { hit: boolean; win: number; multiplier: number; balance: number }
interface Bullet {
  from: { x: number; y: number };
  target: { waveNo: number; fish: Fish };
  firedAt: number;
  answer: ShotAnswer | null | 'failed';
}
interface Effect { x: number; y: number; startedAt: number; kind: 'catch' | 'splash'; text: string; fish?: FishKind; size?: number }

const lang = pageLang();
const t = translator(TEXTS, lang);
const won = (amount: number) => formatWon(amount, lang);
document.documentElement.lang = lang;

const canvas = h('canvas', { class: 'sea', 'data-testid': 'sea' });
const ctx = canvas.getContext('2d')!;
const balanceEl = h('b', { 'data-testid': 'balance' }, '—');
const lastWinEl = h('b', { class: 'last-win' }, '0');
const stakeEl = h('b', { class: 'stake-value', 'data-testid': 'stake' });
const paytable = h('dialog', { class: 'paytable' });
const hint = h('p', { class: 'hint' }, t('aimHint'));

let state: SeaState | null = null;
let revealed: Rotated['revealed'] | null = null;
let stakeIndex = 3;
let balance = 0;
const waves = new Map<number, { startsAt: number; fish: Fish[] }>();
const caught = new Set<string>();
const bullets: Bullet[] = [];
const effects: Effect[] = [];
let inFlight = 0;
let bossAnnounced = -1;

const stake = () => state?.stakes[stakeIndex] ?? 1_000;

document.getElementById('app')!.append(
  canvas,
  h('div', { class: 'hud hud-top' },
    h('span', { class: 'money' }, t('gameMoney'), ' ', balanceEl),
    h('span', { class: 'win' }, t('lastWin'), ' ', lastWinEl),
    h('button', { class: 'pay-button', type: 'button', onclick: () => openPaytable() }, t('paytable'))),
  h('div', { class: 'hud hud-bottom' },
    h('button', { class: 'stake-step', type: 'button', 'aria-label': '-', onclick: () => changeStake(-1) }, '−'),
    h('span', { class: 'stake' }, t('stake'), ' ', stakeEl),
    h('button', { class: 'stake-step', type: 'button', 'aria-label': '+', onclick: () => changeStake(1) }, '+')),
  hint,
  paytable,
);

// ---------- the view: world units to screen pixels ----------
let view = { scale: 1, x: 0, y: 0, portrait: false, width: 0, height: 0 };
function resize(): void {
  const ratio = window.devicePixelRatio || 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const portrait = height > width;
  const scale = portrait ? Math.min(width / WORLD.height, height / WORLD.width) : Math.min(width / WORLD.width, height / WORLD.height);
  const shown = portrait ? { w: WORLD.height * scale, h: WORLD.width * scale } : { w: WORLD.width * scale, h: WORLD.height * scale };
  view = { scale, x: (width - shown.w) / 2, y: (height - shown.h) / 2, portrait, width, height };
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
}

function toScreen(x: number, y: number): { x: number; y: number } {
  return view.portrait
    ? { x: view.x + (WORLD.height - y) * view.scale, y: view.y + x * view.scale }
    : { x: view.x + x * view.scale, y: view.y + y * view.scale };
}

function cannonAt(): { x: number; y: number } {
  return { x: view.width / 2, y: view.height - 34 };
}

// ---------- waves ----------
function learnWaves(next: SeaState): void {
  for (const wave of next.waves) {
    if (!waves.has(wave.waveNo)) waves.set(wave.waveNo, { startsAt: wave.startsAt, fish: waveFish(wave.seed, wave.waveNo) });
  }
  const keep = new Set(next.waves.map((w) => w.waveNo));
  for (const waveNo of waves.keys()) if (!keep.has(waveNo)) waves.delete(waveNo);
  for (const c of next.caught) caught.add(`${c.waveNo}:${c.fishId}`);
}

function swimming(now: number): { waveNo: number; fish: Fish; x: number; y: number; heading: number }[] {
  const list: { waveNo: number; fish: Fish; x: number; y: number; heading: number }[] = [];
  for (const [waveNo, wave] of waves) {
    for (const fish of wave.fish) {
      if (caught.has(`${waveNo}:${fish.id}`)) continue;
      const at = fishPosition(fish, now - wave.startsAt);
      if (at) list.push({ waveNo, fish, ...at });
    }
  }
  return list;
}

// ---------- firing ----------
function fireAt(screenX: number, screenY: number): void {
  if (!state) return;
  const now = serverNow();
  let best: { waveNo: number; fish: Fish; distance: number } | null = null;
  for (const swimmer of swimming(now)) {
    const at = toScreen(swimmer.x, swimmer.y);
    const distance = Math.hypot(at.x - screenX, at.y - screenY);
    const reach = (FISH[swimmer.fish.kind].size / 2) * view.scale + 12;
    if (distance < reach && (!best || distance < best.distance)) best = { waveNo: swimmer.waveNo, fish: swimmer.fish, distance };
  }
  if (!best) {
    effects.push({ x: screenX, y: screenY, startedAt: performance.now(), kind: 'splash', text: '' });
    return;
  }
  if (inFlight >= 4) return;
  if (balance < stake()) {
    toast(t('INSUFFICIENT_FUNDS'), 'error');
    return;
  }
  hint.hidden = true;
  const bullet: Bullet = { from: cannonAt(), target: { waveNo: best.waveNo, fish: best.fish }, firedAt: performance.now(), answer: null };
  bullets.push(bullet);
  balance -= stake();
  balanceEl.textContent = won(balance);
  inFlight += 1;
  playCall<ShotAnswer>('fishing', 'shoot', { waveNo: best.waveNo, fishId: best.fish.id, stake: stake() })
    .then((answer) => {
      bullet.answer = answer;
      balance = answer.balance;
    })
    .catch((error: unknown) => {
      bullet.answer = 'failed';
      balance += stake();
      const code = failureCode(error);
      // A fish caught by an earlier bullet still in flight: the shot just splashes (and cost nothing).
      if (code !== 'NO_FISH') toast(code in TEXTS ? t(code as keyof typeof TEXTS) : t('BAD_SHOT'), 'error');
    })
    .finally(() => {
      inFlight -= 1;
      balanceEl.textContent = won(balance);
    });
}

let holding: { x: number; y: number } | null = null;
canvas.addEventListener('pointerdown', (event) => {
  holding = { x: event.clientX, y: event.clientY };
  fireAt(event.clientX, event.clientY);
});
canvas.addEventListener('pointermove', (event) => {
  if (holding) holding = { x: event.clientX, y: event.clientY };
});
for (const name of ['pointerup', 'pointercancel', 'pointerleave'] as const) canvas.addEventListener(name, () => { holding = null; });
setInterval(() => {
  if (holding) fireAt(holding.x, holding.y);
}, 350);

function changeStake(step: number): void {
  if (!state) return;
  stakeIndex = Math.min(state.stakes.length - 1, Math.max(0, stakeIndex + step));
  stakeEl.textContent = won(stake());
}

function openPaytable(): void {
  if (!state) return;
  const rows = state.fish.map(({ kind, multiplier }) => {
    const icon = h('canvas', { class: 'pay-icon', width: '84', height: '48' });
    const c = icon.getContext('2d')!;
    c.translate(42, 24);
    const size = FISH[kind].size;
    c.scale(70 / size, 70 / size);
    drawFish(c, kind, size, 0);
    return h('li', {}, icon, h('span', { class: 'pay-name' }, t(kind)), h('b', {}, `×${multiplier}`));
  });
  paytable.replaceChildren(
    h('h2', {}, t('paytable')),
    h('ul', {}, ...rows),
    h('p', {}, t('rules', { rtp: state.rtpPercent })),
    fairnessPart(state.fairness),
    h('button', { type: 'button', onclick: () => paytable.close() }, t('close')),
  );
  if (!paytable.open) paytable.showModal();
}

function facts(rows: [string, string | number][]): HTMLDListElement {
  return h('dl', { class: 'facts' }, ...rows.flatMap(([label, value]) => [h('dt', {}, label), h('dd', { class: 'mono' }, String(value))]));
}

/** The seeds: the hash committed before any shot, the client seed to choose, the seed revealed by a rotation. */
function fairnessPart(pair: SeedPair): HTMLElement {
  const input = h('input', { class: 'client-seed', maxlength: '64', 'aria-label': t('clientSeed') });
  input.value = pair.clientSeed;
  const problem = h('p', { class: 'problem', role: 'alert' });
  const rotate = async () => {
    const clientSeed = input.value.trim();
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(clientSeed)) {
      problem.textContent = t('badSeed');
      return;
    }
    try {
      const rotated = await playCall<Rotated>('fishing', 'seed', { clientSeed });
      revealed = rotated.revealed;
      if (state) state = { ...state, fairness: rotated.active };
      openPaytable();
    } catch (error) {
      problem.textContent = t(failureCode(error) === 'SESSION' ? 'SESSION' : 'NETWORK');
    }
  };
  const used = revealed && (revealed.nonce === 0 ? '—' : revealed.nonce === 1 ? '0' : `0 – ${revealed.nonce - 1}`);
  return h('section', { class: 'fairness' },
    h('h3', {}, t('fairness')),
    h('p', {}, t('fairnessHow')),
    facts([[t('committed'), pair.serverSeedHash], [t('clientSeed'), pair.clientSeed], [t('nextNonce'), pair.nonce]]),
    revealed && h('div', { class: 'revealed' }, h('h3', {}, t('revealed')),
      facts([[t('serverSeed'), revealed.serverSeed], [t('committed'), revealed.serverSeedHash], [t('clientSeed'), revealed.clientSeed], [t('usedNonces'), used ?? '']])),
    h('label', { class: 'seed-field' }, t('clientSeed'), input),
    problem,
    h('button', { type: 'button', class: 'rotate', onclick: () => void rotate() }, t('rotate')));
}

// ---------- drawing ----------
function drawWorld(time: number, now: number): void {
  // The sea itself stays upright (sand at the bottom) even when the fish's world is turned.
  ctx.save();
  ctx.translate(view.x, view.y);
  ctx.scale(view.scale, view.scale);
  ctx.beginPath();
  ctx.rect(0, 0, view.portrait ? WORLD.height : WORLD.width, view.portrait ? WORLD.width : WORLD.height);
  ctx.clip();
  drawSea(ctx, view.portrait ? WORLD.height : WORLD.width, view.portrait ? WORLD.width : WORLD.height, time);
  ctx.restore();
  ctx.save();
  if (view.portrait) {
    ctx.translate(view.x + WORLD.height * view.scale, view.y);
    ctx.rotate(Math.PI / 2);
  } else {
    ctx.translate(view.x, view.y);
  }
  ctx.scale(view.scale, view.scale);
  for (const swimmer of swimming(now)) {
    ctx.save();
    ctx.translate(swimmer.x, swimmer.y);
    // Heading to the left would turn the fish upside down: mirror it so its back stays up.
    ctx.rotate(swimmer.heading);
    if (swimmer.fish.direction === -1) ctx.scale(1, -1);
    drawFish(ctx, swimmer.fish.kind, FISH[swimmer.fish.kind].size, time + swimmer.fish.id);
    ctx.restore();
    if (FISH[swimmer.fish.kind].multiplier >= 20) {
      ctx.save();
      ctx.translate(swimmer.x, swimmer.y + FISH[swimmer.fish.kind].size * 0.45);
      if (view.portrait) ctx.rotate(-Math.PI / 2);
      ctx.font = 'bold 30px sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = '#ffe066';
      ctx.fillText(`×${FISH[swimmer.fish.kind].multiplier}`, 0, 0);
      ctx.restore();
    }
    if (swimmer.fish.kind === 'dragon' && bossAnnounced !== swimmer.waveNo) {
      bossAnnounced = swimmer.waveNo;
      toast(t('bossComing'));
    }
  }
  ctx.restore();
}

function drawCannon(aim: { x: number; y: number } | null): void {
  const at = cannonAt();
  const angle = aim ? Math.atan2(aim.y - at.y, aim.x - at.x) : -Math.PI / 2;
  ctx.save();
  ctx.translate(at.x, at.y);
  ctx.fillStyle = '#2b2f36';
  ctx.beginPath();
  ctx.arc(0, 0, 30, Math.PI, 0);
  ctx.fill();
  ctx.rotate(angle);
  const barrel = ctx.createLinearGradient(0, -10, 0, 10);
  barrel.addColorStop(0, '#ffe082');
  barrel.addColorStop(1, '#b8860b');
  ctx.fillStyle = barrel;
  ctx.fillRect(0, -11, 48, 22);
  ctx.restore();
}

function drawBullets(now: number, clock: number): void {
  for (let i = bullets.length - 1; i >= 0; i -= 1) {
    const bullet = bullets[i];
    const wave = waves.get(bullet.target.waveNo);
    const fishAt = wave && fishPosition(bullet.target.fish, now - wave.startsAt);
    const target = fishAt ? toScreen(fishAt.x, fishAt.y) : bullet.from;
    const distance = Math.hypot(target.x - bullet.from.x, target.y - bullet.from.y);
    const progress = Math.min(1, ((clock - bullet.firedAt) * 1.6) / Math.max(distance, 1));
    const x = bullet.from.x + (target.x - bullet.from.x) * progress;
    const y = bullet.from.y + (target.y - bullet.from.y) * progress;
    if (progress < 1 || bullet.answer === null) {
      ctx.fillStyle = '#fff8c4';
      ctx.beginPath();
      ctx.arc(x, y, progress < 1 ? 7 : 16 + Math.sin(clock / 60) * 4, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    bullets.splice(i, 1);
    if (bullet.answer === 'failed') continue;
    if (bullet.answer.hit) {
      caught.add(`${bullet.target.waveNo}:${bullet.target.fish.id}`);
      effects.push({ x, y, startedAt: clock, kind: 'catch', text: t('caught', { amount: won(bullet.answer.win) }), fish: bullet.target.fish.kind, size: FISH[bullet.target.fish.kind].size });
      lastWinEl.textContent = won(bullet.answer.win);
    } else {
      effects.push({ x, y, startedAt: clock, kind: 'splash', text: '' });
    }
  }
}

function drawEffects(clock: number): void {
  for (let i = effects.length - 1; i >= 0; i -= 1) {
    const effect = effects[i];
    const age = (clock - effect.startedAt) / 1000;
    const life = effect.kind === 'catch' ? 1.6 : 0.5;
    if (age > life) {
      effects.splice(i, 1);
      continue;
    }
    ctx.save();
    ctx.globalAlpha = 1 - age / life;
    if (effect.kind === 'catch' && effect.fish && effect.size) {
      ctx.save();
      ctx.translate(effect.x, effect.y);
      ctx.rotate(age * 8);
      const scale = (view.scale * (1 - age / life)) || 0.01;
      ctx.scale(scale, scale);
      drawFish(ctx, effect.fish, effect.size, 0);
      ctx.restore();
      ctx.fillStyle = '#ffd23f';
      for (let k = 0; k < 8; k += 1) {
        const a = (k / 8) * Math.PI * 2;
        ctx.beginPath();
        ctx.arc(effect.x + Math.cos(a) * age * 120, effect.y + Math.sin(a) * age * 120, 7, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.font = 'bold 30px sans-serif';
      ctx.textAlign = 'center';
      ctx.lineWidth = 5;
      ctx.strokeStyle = '#5a3b00';
      ctx.strokeText(effect.text, effect.x, effect.y - 30 - age * 40);
      ctx.fillText(effect.text, effect.x, effect.y - 30 - age * 40);
    } else {
      ctx.strokeStyle = '#e0f7ff';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(effect.x, effect.y, 10 + age * 60, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }
}

function frame(clock: number): void {
  const now = serverNow();
  ctx.clearRect(0, 0, view.width, view.height);
  ctx.fillStyle = '#02101f';
  ctx.fillRect(0, 0, view.width, view.height);
  drawWorld(clock / 1000, now);
  drawBullets(now, clock);
  drawEffects(clock);
  drawCannon(holding ?? (bullets.length ? bullets[bullets.length - 1].from : null));
  requestAnimationFrame(frame);
}

// ---------- the vendor ----------
function read(next: SeaState): number {
  state = next;
  learnWaves(next);
  if (inFlight === 0) balance = next.balance;
  balanceEl.textContent = won(balance);
  stakeEl.textContent = won(stake());
  const current = next.waves[next.waves.length - 1];
  return Math.min(5_000, Math.max(200, current.startsAt + next.waveMs - serverNow() + 100));
}

window.addEventListener('resize', resize);
resize();
pollState<SeaState>('fishing', {
  got: read, retryMs: 2_000,
  networkDown: () => toast(t('NETWORK'), 'error'),
  sessionEnded: () => toast(t('SESSION'), 'error'),
});
requestAnimationFrame(frame);
