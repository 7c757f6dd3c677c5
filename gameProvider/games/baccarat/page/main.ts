/**
 * The baccarat table page (runs in the player's browser): polls the table's state every second, draws
 * the felt, the cards and the bead road in SVG, counts the betting time down, and takes the player's
 * chips on the five spots; "place bet" sends them as one bet (one round at the vendor).
 */
import { failureCode, formatWon, h, pageLang, playCall, pollState, s, serverNow, toast, translator } from '../../page/common';
import { TEXTS } from './texts';

type Spot = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
type Bets = Partial<Record<Spot, number>>;
interface DealtCard { side: 'player' | 'banker'; rank: number; suit: string; at: number }
interface State {
  table: { gameKey: string; name: string; felt: string; unit: number; maxSpot: number; maxRound: number; bettingMs: number };
  now: number;
  round: { roundNo: number; phase: 'betting' | 'dealing' | 'result'; bettingEndsAt: number; resultAt: number; nextRoundAt: number; serverSeedHash: string };
  coup: { winner: 'player' | 'banker' | 'tie'; playerTotal: number; bankerTotal: number; playerPair: boolean; bankerPair: boolean; cards: DealtCard[] } | null;
  myBets: Bets;
  myReturn: number | null;
  balance: number;
  road: { roundNo: number; winner: 'player' | 'banker' | 'tie'; playerPair: boolean; bankerPair: boolean }[];
}

const lang = pageLang();
const t = translator(TEXTS, lang);
const won = (amount: number) => formatWon(amount, lang);
document.documentElement.lang = lang;

const SPOTS: { spot: Spot; pays: string }[] = [
  { spot: 'playerPair', pays: '11:1' }, { spot: 'tie', pays: '8:1' }, { spot: 'bankerPair', pays: '11:1' },
  { spot: 'player', pays: '1:1' }, { spot: 'banker', pays: '0.95:1' },
];
const CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000];
const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANK_NAME = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

let state: State | null = null;
let chip = CHIPS[1];
let pending: Bets = {};
let sending = false;
let shownCards = 0;


// ---------- the page's parts ----------
const titleEl = h('h1', { class: 'title' });
const roundEl = h('span', { class: 'round' });
const balanceEl = h('b', { 'data-testid': 'balance' });
/** Phones get a narrower felt with bigger cards; the layouts differ only in these places. */
const narrow = matchMedia('(max-width: 600px)').matches;
const L = narrow
  ? { w: 600, h: 440, box: 270, sides: { player: 15, banker: 315 }, middle: [300, 360], banner: 360, shoe: 500, rule: false }
  : { w: 1000, h: 460, box: 280, sides: { player: 130, banker: 590 }, middle: [500, 170], banner: 360, shoe: 884, rule: true };
const felt = s('svg', { class: 'felt', viewBox: `0 0 ${L.w} ${L.h}`, role: 'img' });
const spotButtons = new Map<Spot, HTMLButtonElement>();
const spotsEl = h('section', { class: 'spots' });
for (const { spot, pays } of SPOTS) {
  const button = h('button', { class: `spot spot-${spot}`, type: 'button', 'data-spot': spot, onclick: () => addChip(spot) },
    h('span', { class: 'spot-name' }, t(spot)), h('span', { class: 'spot-pays' }, pays), h('span', { class: 'spot-stake' }));
  spotButtons.set(spot, button);
  spotsEl.append(button);
}
const chipButtons = CHIPS.map((value) => h('button', {
  class: 'chip', type: 'button', 'data-chip': String(value), 'aria-pressed': String(value === chip),
  onclick: () => { chip = value; renderControls(); },
}, value >= 10_000 ? t('chipMan', { n: value / 10_000 }) : t('chipCheon', { n: value / 1_000 })));
const clearButton = h('button', { class: 'action clear', type: 'button', onclick: () => { pending = {}; renderControls(); } }, t('clear'));
const confirmButton = h('button', { class: 'action confirm', type: 'button', onclick: () => void placeBet() }, t('confirm'));
const roadSvg = s('svg', { class: 'road-grid', role: 'img' });
const hashEl = h('code', { class: 'hash' });
const statusEl = h('p', { class: 'status', role: 'status' });

document.getElementById('app')!.append(
  h('div', { class: 'bac' },
    h('header', { class: 'bar' }, titleEl, roundEl, h('span', { class: 'money' }, t('gameMoney'), ' ', balanceEl)),
    h('main', { class: 'stage' }, felt),
    statusEl,
    spotsEl,
    h('section', { class: 'controls' }, h('div', { class: 'chips' }, ...chipButtons), h('div', { class: 'actions' }, clearButton, confirmButton)),
    h('section', { class: 'road' }, h('h2', {}, t('road')), h('div', { class: 'road-scroll' }, roadSvg)),
    h('footer', { class: 'proof' }, t('seedHash'), ' ', hashEl, h('span', { class: 'limits' }, t('limits', { min: won(1_000), max: won(5_000_000) }))),
  ),
);

// ---------- drawing ----------
function cardFace(card: DealtCard, x: number, y: number, sideways: boolean, fresh: boolean): SVGGElement {
  const red = card.suit === 'H' || card.suit === 'D';
  const colour = red ? '#c62828' : '#1b1b1b';
  const face = s('g', { class: fresh ? 'card card-new' : 'card' },
    s('rect', { x: 0, y: 0, width: 72, height: 102, rx: 8, fill: '#fdfdf8', stroke: '#b9b4a6', 'stroke-width': 1.5 }),
    s('text', { x: 8, y: 24, 'font-size': 22, 'font-weight': 700, fill: colour }, RANK_NAME[card.rank]),
    s('text', { x: 8, y: 44, 'font-size': 18, fill: colour }, SUIT_GLYPH[card.suit]),
    s('text', { x: 36, y: 72, 'font-size': 40, 'text-anchor': 'middle', fill: colour }, SUIT_GLYPH[card.suit]),
    s('text', { x: 64, y: 94, 'font-size': 16, 'text-anchor': 'end', fill: colour }, RANK_NAME[card.rank]),
  );
  return s('g', { transform: sideways ? `translate(${x + 102} ${y + 16}) rotate(90)` : `translate(${x} ${y})` }, face);
}

const baseLayer = s('g');
const cardsLayer = s('g');
const overlayLayer = s('g');
/** The result banner has a layer of its own: redrawn with the overlay, its entrance would replay. */
const bannerLayer = s('g');
felt.append(baseLayer, cardsLayer, overlayLayer, bannerLayer);
const SIDES: { side: 'player' | 'banker'; x: number; colour: string }[] = [
  { side: 'player', x: L.sides.player, colour: '#64b5f6' }, { side: 'banker', x: L.sides.banker, colour: '#ef9a9a' },
];

function drawBase(colour: string): void {
  baseLayer.replaceChildren(
    s('defs', {}, s('radialGradient', { id: 'feltShade', cx: '50%', cy: '20%', r: '80%' },
      s('stop', { offset: '0%', 'stop-color': '#ffffff', 'stop-opacity': 0.18 }), s('stop', { offset: '100%', 'stop-color': '#000000', 'stop-opacity': 0.35 }))),
    s('rect', { x: 0, y: 0, width: L.w, height: L.h, rx: 28, fill: colour }),
    s('rect', { x: 0, y: 0, width: L.w, height: L.h, rx: 28, fill: 'url(#feltShade)' }),
    s('path', { d: `M ${L.w * 0.06} 120 Q ${L.w / 2} ${L.h + 10} ${L.w * 0.94} 120`, fill: 'none', stroke: '#e9d48a', 'stroke-width': 3, opacity: 0.7 }),
    // The shoe.
    s('g', { transform: `translate(${L.shoe} ${narrow ? 352 : 20})` },
      s('rect', { width: 92, height: 64, rx: 8, fill: '#2b2b2b', stroke: '#e9d48a' }),
      s('rect', { x: 10, y: 10, width: 60, height: 44, rx: 5, fill: '#7b1f2a', stroke: '#f5e6b8' })),
  );
  if (L.rule) baseLayer.append(s('text', { x: L.w / 2, y: 430, 'text-anchor': 'middle', 'font-size': 17, fill: '#e9d48a', opacity: 0.85 }, t('feltRule')));
  for (const { side, x, colour: line } of SIDES) {
    baseLayer.append(
      s('text', { x: x + L.box / 2, y: 64, 'text-anchor': 'middle', 'font-size': 30, 'font-weight': 800, fill: line, 'letter-spacing': 2 }, t(side).toUpperCase()),
      s('rect', { x, y: 86, width: L.box, height: 150, rx: 14, fill: 'none', stroke: line, 'stroke-width': 2, 'stroke-dasharray': '8 6', opacity: 0.6 }),
    );
  }
}

/** Turns over the cards whose time has come (each new one slides in from the shoe), and draws the rest. */
function drawFelt(now: number): void {
  if (!state) return;
  const { round, coup } = state;
  const total = { player: 0, banker: 0 };
  const counts = { player: 0, banker: 0 };
  if (coup) {
    coup.cards.forEach((card, i) => {
      if (card.at > now) return;
      const index = counts[card.side]++;
      total[card.side] = (total[card.side] + (card.rank >= 10 ? 0 : card.rank)) % 10;
      if (i < shownCards) return;
      const base = (card.side === 'player' ? L.sides.player : L.sides.banker) + (narrow ? 8 : 16);
      cardsLayer.append(cardFace(card, base + index * 82, 110, index === 2, now - card.at < 1_000));
      shownCards = i + 1;
    });
  }
  overlayLayer.replaceChildren();
  for (const { side, x, colour } of SIDES) {
    if (counts[side] === 0) continue;
    overlayLayer.append(s('circle', { cx: x + L.box / 2, cy: 282, r: 30, fill: '#111', stroke: colour, 'stroke-width': 3 }),
      s('text', { x: x + L.box / 2, y: 294, 'text-anchor': 'middle', 'font-size': 32, 'font-weight': 800, fill: '#fff', 'data-testid': `total-${side}` }, String(total[side])));
  }
  if (round.phase === 'betting') {
    const left = Math.max(0, round.bettingEndsAt - now);
    const share = left / state.table.bettingMs;
    const r = 46;
    const length = 2 * Math.PI * r;
    overlayLayer.append(s('g', { transform: `translate(${L.middle[0]} ${L.middle[1]})` },
      s('circle', { r, fill: '#0008', stroke: '#ffffff33', 'stroke-width': 8 }),
      s('circle', {
        r, fill: 'none', stroke: left < 5_000 ? '#ff7043' : '#ffd54f', 'stroke-width': 8, 'stroke-linecap': 'round',
        'stroke-dasharray': `${length * share} ${length}`, transform: 'rotate(-90)',
      }),
      s('text', { y: 14, 'text-anchor': 'middle', 'font-size': 40, 'font-weight': 800, fill: '#fff', 'data-testid': 'countdown' }, String(Math.ceil(left / 1000)))));
  }
  if (coup && now >= round.resultAt) {
    if (bannerLayer.dataset.round !== String(round.roundNo)) {
      bannerLayer.dataset.round = String(round.roundNo);
      const text = coup.winner === 'player' ? t('playerWins') : coup.winner === 'banker' ? t('bankerWins') : t('tieResult');
      const colour = coup.winner === 'player' ? '#1565c0' : coup.winner === 'banker' ? '#c62828' : '#2e7d32';
      bannerLayer.replaceChildren(s('g', { class: 'banner', transform: `translate(${L.w / 2} ${L.banner})` },
        s('rect', { x: -200, y: -34, width: 400, height: 60, rx: 30, fill: colour, stroke: '#fff', 'stroke-width': 3 }),
        s('text', { y: 8, 'text-anchor': 'middle', 'font-size': 28, 'font-weight': 800, fill: '#fff', 'data-testid': 'winner' },
          `${text}  ${coup.playerTotal} : ${coup.bankerTotal}`)));
    }
  } else if (bannerLayer.dataset.round) {
    delete bannerLayer.dataset.round;
    bannerLayer.replaceChildren();
  }
}

function drawRoad(): void {
  if (!state) return;
  const rows = 6;
  const cell = 26;
  const columns = Math.max(12, Math.ceil(state.road.length / rows));
  roadSvg.setAttribute('viewBox', `0 0 ${columns * cell} ${rows * cell}`);
  roadSvg.setAttribute('width', String(columns * cell));
  roadSvg.setAttribute('height', String(rows * cell));
  roadSvg.replaceChildren();
  for (let c = 0; c < columns; c += 1) for (let r = 0; r < rows; r += 1) {
    roadSvg.append(s('rect', { x: c * cell, y: r * cell, width: cell, height: cell, fill: '#fff', stroke: '#d8d8d8' }));
  }
  const letter = { player: t('roadPlayer'), banker: t('roadBanker'), tie: t('roadTie') };
  const colour = { player: '#1565c0', banker: '#c62828', tie: '#2e7d32' };
  state.road.forEach((entry, i) => {
    const cx = Math.floor(i / rows) * cell + cell / 2;
    const cy = (i % rows) * cell + cell / 2;
    roadSvg.append(
      s('circle', { cx, cy, r: 11, fill: colour[entry.winner], 'data-road': entry.winner }),
      s('text', { x: cx, y: cy + 4.5, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: '#fff' }, letter[entry.winner]),
    );
    if (entry.bankerPair) roadSvg.append(s('circle', { cx: cx - 8, cy: cy - 8, r: 3.5, fill: '#c62828', stroke: '#fff' }));
    if (entry.playerPair) roadSvg.append(s('circle', { cx: cx + 8, cy: cy + 8, r: 3.5, fill: '#1565c0', stroke: '#fff' }));
  });
}

function renderControls(): void {
  const betting = state?.round.phase === 'betting' && serverNow() < state.round.bettingEndsAt;
  for (const [spot, button] of spotButtons) {
    const placed = state?.myBets[spot] ?? 0;
    const added = pending[spot] ?? 0;
    const stake = button.querySelector('.spot-stake')!;
    stake.textContent = placed || added ? `${placed ? won(placed) : ''}${added ? ` +${won(added)}` : ''}` : '';
    button.disabled = !betting;
    const coup = state?.coup;
    const won_ = coup && serverNow() >= (state?.round.resultAt ?? Infinity)
      && ((spot === 'player' || spot === 'banker' || spot === 'tie') ? coup.winner === spot : spot === 'playerPair' ? coup.playerPair : coup.bankerPair);
    button.classList.toggle('spot-won', Boolean(won_));
  }
  for (const button of chipButtons) button.setAttribute('aria-pressed', String(Number(button.dataset.chip) === chip));
  const hasPending = Object.values(pending).some((amount) => (amount ?? 0) > 0);
  confirmButton.disabled = !betting || !hasPending || sending;
  clearButton.disabled = !hasPending || sending;
}

function renderStatus(now: number): void {
  if (!state) return;
  const { round, coup, myReturn } = state;
  if (round.phase === 'betting') statusEl.textContent = t('placeBets');
  else if (!coup || now < round.resultAt) statusEl.textContent = t('dealing');
  else if (myReturn !== null) {
    const staked = Object.values(state.myBets).reduce((sum, amount) => sum + (amount ?? 0), 0);
    statusEl.textContent = myReturn > staked ? t('youGet', { amount: won(myReturn) })
      : myReturn > 0 ? t('returned', { amount: won(myReturn) }) : t('noWin');
  }
  else statusEl.textContent = t('nextRound', { seconds: Math.max(0, Math.ceil((round.nextRoundAt - now) / 1000)) });
  statusEl.dataset.phase = round.phase;
}

function render(): void {
  if (!state) return;
  const now = serverNow();
  titleEl.textContent = state.table.name;
  roundEl.textContent = t('round', { n: state.round.roundNo });
  balanceEl.textContent = won(state.balance);
  hashEl.textContent = `${state.round.serverSeedHash.slice(0, 16)}…`;
  hashEl.title = state.round.serverSeedHash;
  drawFelt(now);
  renderStatus(now);
  renderControls();
}

// ---------- actions ----------
function addChip(spot: Spot): void {
  if (!state || state.round.phase !== 'betting') return;
  const next = (pending[spot] ?? 0) + chip;
  if ((state.myBets[spot] ?? 0) + next > state.table.maxSpot) {
    toast(t('OVER_LIMIT'), 'error');
    return;
  }
  pending = { ...pending, [spot]: next };
  renderControls();
}

async function placeBet(): Promise<void> {
  if (sending) return;
  sending = true;
  renderControls();
  try {
    const answer = await playCall<{ balance: number; myBets: Bets }>('baccarat', 'bet', { bets: pending });
    pending = {};
    if (state) state = { ...state, balance: answer.balance, myBets: answer.myBets };
    toast(t('betPlaced'));
  } catch (error) {
    const code = failureCode(error);
    toast(code in TEXTS ? t(code as keyof typeof TEXTS) : t('BAD_BET'), 'error');
  } finally {
    sending = false;
    render();
  }
}

function read(next: State): number {
  if (!state) drawBase(next.table.felt);
  if (!state || next.round.roundNo !== state.round.roundNo) {
    shownCards = 0;
    cardsLayer.replaceChildren();
    if (state) pending = {};
  }
  state = next;
  drawRoad();
  render();
  return 1_000;
}

function frame(): void {
  if (state) {
    const now = serverNow();
    drawFelt(now);
    renderStatus(now);
    if (state.round.phase === 'betting' && now >= state.round.bettingEndsAt) pending = {};
    renderControls();
  }
  setTimeout(() => requestAnimationFrame(frame), 200);
}

pollState<State>('baccarat', {
  got: read, retryMs: 1_000,
  networkDown: () => toast(t('NETWORK'), 'error'),
  sessionEnded: () => { statusEl.textContent = t('SESSION'); },
});
requestAnimationFrame(frame);
