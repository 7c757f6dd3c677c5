/**
 * The e-sports arena page (game 101, runs in the player's browser): polls the arena's state every
 * second; shows the round's two best-of-3 matches with their prices, each map as it ends; takes one pick
 * (one folder) or one pick on each match (two folders) into the slip, and sends it with its stake as one
 * bet (one round at the vendor). The player's slips of the round, the recent results and the round's
 * seed hash sit beside it.
 */
import { failureCode, formatWon, h, pageLang, playCall, pollState, serverNow, toast, translator } from '../../page/common';
import { TEXTS } from './texts';

type Side = 'home' | 'away';
type SlipPick = { match: 0 | 1; market: 'winner'; pick: Side } | { match: 0 | 1; market: 'maps'; pick: 'two' | 'three' };
interface TeamView { tag: string; name: string; colour: string }
interface MapView { winner: Side; homeKills: number; awayKills: number; minutes: number; at: number }
interface MatchView {
  home: TeamView;
  away: TeamView;
  prices: { winner: Record<Side, number>; maps: { two: number; three: number } };
  maps: MapView[];
  homeMaps: number;
  awayMaps: number;
  finished: boolean;
}
interface State {
  arena: { gameKey: string; name: string; unit: number; maxSlip: number; maxRound: number; playingMs: number };
  now: number;
  round: { roundNo: number; phase: 'betting' | 'playing' | 'result'; bettingEndsAt: number; resultAt: number; nextRoundAt: number; serverSeedHash: string };
  matches: MatchView[];
  mySlips: { roundId: string; roundNo: number; picks: SlipPick[]; oddsCents: number; stake: number; win: number | null }[];
  balance: number;
  history: { roundNo: number; scores: { home: string; away: string; homeMaps: number; awayMaps: number }[] }[];
}

const lang = pageLang();
const t = translator(TEXTS, lang);
const won = (amount: number) => formatWon(amount, lang);
const oddsText = (cents: number) => (cents / 100).toFixed(2);
document.documentElement.lang = lang;

const CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000];

let state: State | null = null;
let picks: SlipPick[] = [];
let stake = 0;
let sending = false;


function priceOf(pick: SlipPick): number {
  const match = state!.matches[pick.match]!;
  return pick.market === 'winner' ? match.prices.winner[pick.pick] : match.prices.maps[pick.pick];
}
/** The slip's odds: a pick's price, or the two prices' product rounded down to 0.01 (as the vendor computes it). */
function slipOdds(list: readonly SlipPick[]): number {
  return list.reduce((odds, pick, i) => (i === 0 ? priceOf(pick) : Math.floor((odds * priceOf(pick)) / 100)), 0);
}
function pickLabel(pick: SlipPick, matches: readonly MatchView[]): string {
  const match = matches[pick.match]!;
  if (pick.market === 'winner') return t('winOf', { team: match[pick.pick].name });
  return t(pick.pick);
}
/** A pick of the last round, named from that round's score line (its teams' tags). */
function lastPickLabel(pick: SlipPick, roundNo: number): string {
  const score = state?.history.find((entry) => entry.roundNo === roundNo)?.scores[pick.match];
  if (pick.market === 'maps') return `${score ? `${score.home}-${score.away} ` : ''}${t(pick.pick)}`;
  return score ? t('winOf', { team: pick.pick === 'home' ? score.home : score.away }) : t(pick.pick === 'home' ? 'homeTeam' : 'awayTeam');
}
const samePick = (a: SlipPick, b: SlipPick) => a.match === b.match && a.market === b.market && a.pick === b.pick;

// ---------- the page's parts ----------
const titleEl = h('h1', { class: 'title' });
const roundEl = h('span', { class: 'round' });
const balanceEl = h('b', { 'data-testid': 'balance' });
const phaseEl = h('p', { class: 'phase', role: 'status' });
const matchesEl = h('section', { class: 'matches' });
const slipPicksEl = h('ul', { class: 'slip-picks' });
const slipModeEl = h('span', { class: 'slip-mode', 'data-testid': 'slip-mode' });
const oddsEl = h('b', { 'data-testid': 'slip-odds' });
const stakeEl = h('b', { 'data-testid': 'slip-stake' });
const payoutEl = h('b', { 'data-testid': 'slip-payout' });
const chipButtons = CHIPS.map((value) => h('button', {
  class: 'chip', type: 'button', 'data-chip': String(value), onclick: () => { stake = Math.min(stake + value, state?.arena.maxSlip ?? stake + value); renderSlip(); },
}, `+${won(value)}`));
const clearButton = h('button', { class: 'action clear', type: 'button', onclick: () => { picks = []; stake = 0; render(); } }, t('clear'));
const confirmButton = h('button', { class: 'action confirm', type: 'button', 'data-testid': 'place-bet', onclick: () => void placeBet() }, t('confirm'));
const mySlipsEl = h('ul', { class: 'my-slips', 'data-testid': 'my-slips' });
const historyEl = h('ol', { class: 'history-list' });
const hashEl = h('code', { class: 'hash' });
const rulesEl = h('span', { class: 'rules' });

document.getElementById('app')!.append(
  h('div', { class: 'arena' },
    h('header', { class: 'bar' }, titleEl, roundEl, h('span', { class: 'money' }, t('gameMoney'), ' ', balanceEl)),
    phaseEl,
    matchesEl,
    h('aside', { class: 'slip', 'data-testid': 'slip' },
      h('h2', {}, t('slip'), ' ', slipModeEl),
      slipPicksEl,
      h('dl', { class: 'slip-sums' },
        h('dt', {}, t('totalOdds')), h('dd', {}, oddsEl),
        h('dt', {}, t('stake')), h('dd', {}, stakeEl),
        h('dt', {}, t('payout')), h('dd', {}, payoutEl)),
      h('div', { class: 'chips' }, ...chipButtons),
      h('div', { class: 'actions' }, clearButton, confirmButton),
      h('h2', {}, t('mySlips')), mySlipsEl),
    h('section', { class: 'history' }, h('h2', {}, t('history')), historyEl),
    h('footer', { class: 'proof' }, h('span', {}, t('seedHash'), ' ', hashEl), rulesEl),
  ),
);

// ---------- drawing ----------
function crest(team: TeamView): HTMLElement {
  const el = h('span', { class: 'crest' }, team.tag);
  el.style.background = team.colour;
  return el;
}

function priceButton(pick: SlipPick, label: string, cents: number, betting: boolean): HTMLButtonElement {
  const chosen = picks.some((p) => samePick(p, pick));
  return h('button', {
    class: chosen ? 'price price-on' : 'price', type: 'button', disabled: !betting, 'aria-pressed': String(chosen),
    'data-pick': `${pick.match}:${pick.market}:${pick.pick}`, onclick: () => togglePick(pick),
  }, h('span', { class: 'price-label' }, label), h('b', { class: 'price-odds' }, oddsText(cents)));
}

function mapRow(match: MatchView, index: number, now: number): HTMLElement {
  const map = match.maps[index];
  const label = h('span', { class: 'map-name' }, t('mapN', { n: index + 1 }));
  if (map) {
    const winner = match[map.winner];
    return h('li', { class: `map map-done map-${map.winner}`, 'data-map': String(index + 1) }, label,
      h('b', { class: 'map-winner' }, winner.tag),
      h('span', { class: 'map-facts' }, t('kills', { home: map.homeKills, away: map.awayKills, minutes: map.minutes })));
  }
  if (!state || state.round.phase === 'betting') return h('li', { class: 'map' }, label, h('span', { class: 'map-facts' }, t('waiting')));
  if (match.finished || state.round.phase === 'result') return h('li', { class: 'map map-skip' }, label, h('span', { class: 'map-facts' }, t('notPlayed')));
  // The map in play: its share of the playing time so far.
  const step = state.arena.playingMs / 3;
  const startedAt = state.round.bettingEndsAt + step * index;
  if (now < startedAt) return h('li', { class: 'map' }, label, h('span', { class: 'map-facts' }, t('waiting')));
  const bar = h('span', { class: 'map-bar' }, h('i', {}));
  (bar.firstChild as HTMLElement).style.width = `${Math.min(100, ((now - startedAt) / step) * 100)}%`;
  return h('li', { class: 'map map-live' }, label, h('span', { class: 'map-facts' }, t('inPlay')), bar);
}

function renderMatches(now: number): void {
  if (!state) return;
  const betting = state.round.phase === 'betting' && now < state.round.bettingEndsAt;
  matchesEl.replaceChildren(...state.matches.map((match, i) => {
    const index = i as 0 | 1;
    const decided = match.finished;
    return h('article', { class: 'match', 'data-testid': `match-${i}` },
      h('header', { class: 'match-head' }, h('span', {}, t('matchN', { n: i + 1 })), h('span', { class: 'bo' }, t('bo3'))),
      h('div', { class: 'versus' },
        h('div', { class: `team team-home${decided && match.homeMaps === 2 ? ' team-won' : ''}` }, crest(match.home), h('span', { class: 'team-name' }, match.home.name)),
        h('div', { class: 'score', 'data-testid': `score-${i}` }, `${match.homeMaps} : ${match.awayMaps}`),
        h('div', { class: `team team-away${decided && match.awayMaps === 2 ? ' team-won' : ''}` }, crest(match.away), h('span', { class: 'team-name' }, match.away.name))),
      h('ol', { class: 'maps' }, ...[0, 1, 2].map((n) => mapRow(match, n, now))),
      h('div', { class: 'market' }, h('span', { class: 'market-name' }, t('winnerMarket')),
        priceButton({ match: index, market: 'winner', pick: 'home' }, match.home.tag, match.prices.winner.home, betting),
        priceButton({ match: index, market: 'winner', pick: 'away' }, match.away.tag, match.prices.winner.away, betting)),
      h('div', { class: 'market' }, h('span', { class: 'market-name' }, t('mapsMarket')),
        priceButton({ match: index, market: 'maps', pick: 'two' }, t('two'), match.prices.maps.two, betting),
        priceButton({ match: index, market: 'maps', pick: 'three' }, t('three'), match.prices.maps.three, betting)),
    );
  }));
}

function renderSlip(): void {
  const betting = Boolean(state && state.round.phase === 'betting' && serverNow() < state.round.bettingEndsAt);
  slipModeEl.textContent = picks.length === 2 ? t('twoFolder') : picks.length === 1 ? t('oneFolder') : '';
  if (picks.length === 0 || !state) {
    slipPicksEl.replaceChildren(h('li', { class: 'slip-empty' }, t('emptySlip')));
  } else {
    slipPicksEl.replaceChildren(...picks.map((pick) => h('li', { class: 'slip-pick' },
      h('span', { class: 'slip-match' }, t('matchN', { n: pick.match + 1 })),
      h('span', { class: 'slip-label' }, pickLabel(pick, state!.matches)),
      h('b', {}, oddsText(priceOf(pick))),
      h('button', { class: 'remove', type: 'button', 'aria-label': t('remove'), onclick: () => { picks = picks.filter((p) => !samePick(p, pick)); render(); } }, '×'))));
  }
  const odds = state && picks.length > 0 ? slipOdds(picks) : 0;
  oddsEl.textContent = odds ? oddsText(odds) : '-';
  stakeEl.textContent = `${won(stake)}`;
  payoutEl.textContent = odds && stake ? won(Math.floor((stake * odds) / 100)) : '-';
  for (const chip of chipButtons) chip.disabled = !betting || sending;
  confirmButton.disabled = !betting || sending || picks.length === 0 || stake <= 0;
  clearButton.disabled = sending || (picks.length === 0 && stake === 0);
}

function renderMySlips(): void {
  if (!state) return;
  if (state.mySlips.length === 0) {
    mySlipsEl.replaceChildren(h('li', { class: 'slip-empty' }, t('noSlips')));
    return;
  }
  mySlipsEl.replaceChildren(...state.mySlips.map((slip) => {
    const result = slip.win === null ? t('pending') : slip.win > 0 ? t('won', { amount: won(slip.win) }) : t('lost');
    // A slip of the last round names its picks by the teams' tags (this round's matches are other teams).
    const last = slip.roundNo !== state!.round.roundNo;
    const label = last ? slip.picks.map((pick) => lastPickLabel(pick, slip.roundNo)).join(' + ') : slip.picks.map((pick) => pickLabel(pick, state!.matches)).join(' + ');
    return h('li', { class: `my-slip${slip.win === null ? '' : slip.win > 0 ? ' my-slip-won' : ' my-slip-lost'}`, 'data-testid': 'my-slip', 'data-round': String(slip.roundNo) },
      h('span', { class: 'my-slip-round' }, t('round', { n: slip.roundNo })),
      h('span', {}, label),
      h('span', {}, `${won(slip.stake)} × ${oddsText(slip.oddsCents)}`),
      h('b', { class: 'my-slip-result' }, result));
  }));
}

function renderHistory(): void {
  if (!state) return;
  historyEl.replaceChildren(...state.history.map((entry) => h('li', {},
    h('span', { class: 'history-round' }, t('round', { n: entry.roundNo })),
    ...entry.scores.map((score) => h('span', { class: 'history-score' }, `${score.home} ${score.homeMaps}:${score.awayMaps} ${score.away}`)))));
}

function renderPhase(now: number): void {
  if (!state) return;
  const { round } = state;
  phaseEl.dataset.phase = round.phase;
  if (round.phase === 'betting') phaseEl.textContent = t('placeBets', { seconds: Math.max(0, Math.ceil((round.bettingEndsAt - now) / 1000)) });
  else if (now < round.resultAt) phaseEl.textContent = t('playing');
  else phaseEl.textContent = t('nextRound', { seconds: Math.max(0, Math.ceil((round.nextRoundAt - now) / 1000)) });
}

function render(): void {
  if (!state) return;
  const now = serverNow();
  titleEl.textContent = state.arena.name;
  roundEl.textContent = t('round', { n: state.round.roundNo });
  balanceEl.textContent = won(state.balance);
  hashEl.textContent = `${state.round.serverSeedHash.slice(0, 16)}…`;
  hashEl.title = state.round.serverSeedHash;
  rulesEl.textContent = t('rules', { min: won(state.arena.unit), max: won(state.arena.maxSlip) });
  renderPhase(now);
  renderMatches(now);
  renderSlip();
  renderMySlips();
  renderHistory();
}

// ---------- actions ----------
/** A price toggles its pick; a pick on a match that already has one replaces it (two folders are two matches). */
function togglePick(pick: SlipPick): void {
  if (picks.some((p) => samePick(p, pick))) picks = picks.filter((p) => !samePick(p, pick));
  else picks = [...picks.filter((p) => p.match !== pick.match), pick].sort((a, b) => a.match - b.match);
  render();
}

async function placeBet(): Promise<void> {
  if (sending || !state) return;
  sending = true;
  renderSlip();
  try {
    const answer = await playCall<{ balance: number; roundId: string; oddsCents: number }>('esport', 'bet', { picks, stake });
    state = { ...state, balance: answer.balance, mySlips: [...state.mySlips, { roundId: answer.roundId, roundNo: state.round.roundNo, picks, oddsCents: answer.oddsCents, stake, win: null }] };
    picks = [];
    stake = 0;
    toast(t('betPlaced'));
  } catch (error) {
    const code = failureCode(error);
    toast(code in TEXTS ? t(code as keyof typeof TEXTS) : t('BAD_BET'), 'error');
  } finally {
    sending = false;
    render();
  }
}

pollState<State>('esport', {
  got: (next) => {
    if (state && next.round.roundNo !== state.round.roundNo) picks = [];
    state = next;
    render();
    return 1_000;
  },
  retryMs: 1_000,
  networkDown: () => toast(t('NETWORK'), 'error'),
  sessionEnded: () => { phaseEl.textContent = t('SESSION'); },
});
// The countdown and the map in play move between polls.
setInterval(() => {
  if (!state) return;
  const now = serverNow();
  renderPhase(now);
  renderSlip();
}, 250);
