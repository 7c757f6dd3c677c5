// The slot game page: reads the session token from the launch URL's fragment, asks the vendor for the
// game's state, and spins. Plain ES module, no build; every call goes to the vendor that served it.
const gameKey = document.body.dataset.game;
const storeKey = `vendor-session:${gameKey}`;
const fragment = new URLSearchParams(location.hash.slice(1)).get('s');
if (fragment) {
  sessionStorage.setItem(storeKey, fragment);
  history.replaceState(null, '', location.pathname + location.search);
}
const token = sessionStorage.getItem(storeKey) ?? '';
const main = document.querySelector('main.slot');

async function call(path, body) {
  const response = await fetch(`api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return response.json().catch(() => ({ ok: false, code: 'UNAVAILABLE' }));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fail(message) {
  main.replaceChildren(el('p', 'fatal', message));
  main.removeAttribute('aria-busy');
}

const state = await call('state');
if (!state.ok) {
  fail(state.code === 'SESSION' ? 'Session expired · 세션 만료 · Phiên hết hạn' : 'Unavailable');
} else {
  start(state);
}

function start(game) {
  const { texts } = game;
  const money = (n) => n.toLocaleString(game.lang === 'vi' ? 'vi-VN' : game.lang === 'en' ? 'en-US' : 'ko-KR');
  document.documentElement.style.setProperty('--bg1', game.game.colors[0]);
  document.documentElement.style.setProperty('--bg2', game.game.colors[1]);
  let balance = game.balance;
  let betIndex = Math.max(0, game.bets.findIndex((b) => b <= balance && b >= 1000));
  // The player's seed pair: the committed hash shown before any spin, the client seed, the next nonce.
  let fairness = game.fairness;
  let lastProof = null;
  let revealed = null;

  const header = el('header', 'bar');
  const title = el('h1', 'title', game.game.name);
  const wallet = el('div', 'money');
  const balanceView = el('strong', 'balance', money(balance));
  wallet.append(el('span', 'label', texts.balance), balanceView);
  header.append(title, wallet);

  const reels = el('section', 'reels');
  const cells = [];
  for (let reel = 0; reel < 5; reel += 1) {
    const column = el('div', 'reel');
    cells.push([]);
    for (let row = 0; row < 3; row += 1) {
      const img = el('img', 'cell');
      img.alt = '';
      img.src = game.symbols[(reel * 3 + row) % 8];
      column.append(img);
      cells[reel].push(img);
    }
    reels.append(column);
  }

  const winView = el('p', 'win');
  winView.setAttribute('aria-live', 'polite');
  const message = el('p', 'message');
  message.setAttribute('role', 'alert');

  const controls = el('footer', 'controls');
  const down = el('button', 'step', '−');
  const up = el('button', 'step', '+');
  down.setAttribute('aria-label', `${texts.bet} −`);
  up.setAttribute('aria-label', `${texts.bet} +`);
  const betBox = el('div', 'bet');
  const betView = el('strong', '', '');
  betBox.append(el('span', 'label', `${texts.bet} · ${texts.lines}`), betView);
  const spinButton = el('button', 'spin', texts.spin);
  const infoButton = el('button', 'info', texts.paytable);
  const seedsButton = el('button', 'info', texts.seeds);
  controls.append(down, betBox, up, spinButton, infoButton, seedsButton);

  const commit = el('p', 'commit');
  const commitHash = el('span', 'mono hash');
  commit.append(el('span', 'label', texts.committed), commitHash);
  function showCommit() {
    commitHash.textContent = fairness.serverSeedHash;
  }
  showCommit();

  const dialog = el('dialog', 'paytable');
  const seedsDialog = el('dialog', 'paytable seeds');
  main.replaceChildren(header, reels, winView, message, controls, commit, dialog, seedsDialog);
  main.removeAttribute('aria-busy');

  function showBet() {
    betView.textContent = money(game.bets[betIndex]);
    down.disabled = betIndex === 0;
    up.disabled = betIndex === game.bets.length - 1;
  }
  showBet();
  down.addEventListener('click', () => { betIndex = Math.max(0, betIndex - 1); showBet(); });
  up.addEventListener('click', () => { betIndex = Math.min(game.bets.length - 1, betIndex + 1); showBet(); });

  function fillPaytable() {
    const lineBet = game.bets[betIndex] / 20;
    const rows = game.paytable.map((pays, symbol) => {
      const row = el('div', 'pay');
      const img = el('img');
      img.src = game.symbols[symbol];
      img.alt = '';
      row.append(img, el('span', '', pays.map((p, i) => `${i + 3}× ${money(p * lineBet)}`).join(' · ')));
      return row;
    });
    const scatter = el('div', 'pay');
    const scatterImg = el('img');
    scatterImg.src = game.symbols[9];
    scatterImg.alt = '';
    scatter.append(scatterImg, el('span', '', game.scatterPays.map((p, i) => `${i + 3}× ${money(p * game.bets[betIndex])}`).join(' · ')));
    const close = el('button', 'close', texts.close);
    close.addEventListener('click', () => dialog.close());
    const proof = el('div', 'proof');
    proof.append(el('h3', '', texts.fairness), el('p', '', texts.fairnessHow));
    const wild = el('div', 'pay');
    const wildImg = el('img');
    wildImg.src = game.symbols[8];
    wildImg.alt = '';
    wild.append(wildImg, el('span', '', texts.wild));
    dialog.replaceChildren(el('h2', '', texts.paytable), el('p', 'note', texts.linePays), ...rows, wild, scatter,
      el('p', 'note', texts.scatter), el('p', 'note', `${texts.rtp}: ${(game.rtp * 100).toFixed(2)}%`), proof, close);
  }
  infoButton.addEventListener('click', () => { fillPaytable(); dialog.showModal(); });

  const facts = (rows) => {
    const list = el('dl', 'facts');
    for (const [label, value] of rows) list.append(el('dt', '', label), el('dd', 'mono', String(value)));
    return list;
  };
  function fillSeeds() {
    const input = el('input', 'client-seed');
    input.value = fairness.clientSeed;
    input.maxLength = 64;
    input.setAttribute('aria-label', texts.clientSeed);
    const problem = el('p', 'message');
    problem.setAttribute('role', 'alert');
    const rotate = el('button', 'rotate', texts.rotate);
    rotate.addEventListener('click', async () => {
      const clientSeed = input.value.trim();
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(clientSeed)) {
        problem.textContent = texts.badSeed;
        return;
      }
      rotate.disabled = true;
      const answer = await call('seed', { clientSeed });
      rotate.disabled = false;
      if (!answer.ok) {
        problem.textContent = answer.code === 'SESSION' ? texts.expired : texts.failed;
        return;
      }
      fairness = answer.active;
      revealed = answer.revealed;
      showCommit();
      fillSeeds();
    });
    const close = el('button', 'close', texts.close);
    close.addEventListener('click', () => seedsDialog.close());
    const parts = [el('h2', '', texts.seeds), el('h3', '', texts.active),
      facts([[texts.hash, fairness.serverSeedHash], [texts.clientSeed, fairness.clientSeed], [texts.nextNonce, fairness.nonce]])];
    if (lastProof) parts.push(el('h3', '', texts.lastSpin), facts([[texts.hash, lastProof.serverSeedHash], [texts.clientSeed, lastProof.clientSeed], [texts.nonce, lastProof.nonce]]));
    if (revealed) {
      const used = revealed.nonce === 0 ? '—' : revealed.nonce === 1 ? '0' : `0 – ${revealed.nonce - 1}`;
      const block = el('div', 'revealed');
      block.append(el('h3', '', texts.revealed),
        facts([[texts.seed, revealed.serverSeed], [texts.hash, revealed.serverSeedHash], [texts.clientSeed, revealed.clientSeed], [texts.usedNonces, used]]));
      parts.push(block);
    }
    const label = el('label', 'field');
    label.append(el('span', 'label', texts.clientSeed), input);
    parts.push(el('p', 'note', texts.rotateHelp), label, problem, rotate, close);
    seedsDialog.replaceChildren(...parts);
  }
  seedsButton.addEventListener('click', () => { fillSeeds(); seedsDialog.showModal(); });

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;

  async function spin() {
    const bet = game.bets[betIndex];
    message.textContent = '';
    if (bet > balance) {
      message.textContent = texts.noMoney;
      return;
    }
    spinButton.disabled = true;
    for (const column of cells) for (const cell of column) cell.classList.remove('hit');
    winView.textContent = '';
    balanceView.textContent = money(balance - bet);
    for (const column of cells) for (const cell of column) cell.classList.add('blur');
    let tick = 0;
    const timer = reduced ? null : setInterval(() => {
      tick += 1;
      cells.forEach((column, reel) => column.forEach((cell, row) => { cell.src = game.symbols[(tick + reel * 2 + row * 3) % 10]; }));
    }, 70);
    const answer = await call('spin', { bet });
    await wait(reduced ? 0 : 450);
    if (timer) clearInterval(timer);
    if (!answer.ok) {
      for (const column of cells) for (const cell of column) cell.classList.remove('blur');
      balanceView.textContent = money(balance);
      message.textContent = answer.code === 'INSUFFICIENT_FUNDS' ? texts.noMoney : answer.code === 'SESSION' ? texts.expired : texts.failed;
      spinButton.disabled = false;
      return;
    }
    for (let reel = 0; reel < 5; reel += 1) {
      cells[reel].forEach((cell, row) => { cell.src = game.symbols[answer.grid[reel][row]]; cell.classList.remove('blur'); });
      if (!reduced) await wait(120);
    }
    for (const lineWin of answer.lineWins) {
      const rows = game.lines[lineWin.line];
      for (let reel = 0; reel < lineWin.count; reel += 1) cells[reel][rows[reel]].classList.add('hit');
    }
    if (answer.scatterWin > 0) {
      cells.forEach((column, reel) => column.forEach((cell, row) => { if (answer.grid[reel][row] === 9) cell.classList.add('hit'); }));
    }
    balance = answer.balance;
    lastProof = answer.proof;
    fairness = { ...fairness, nonce: answer.proof.nonce + 1 };
    balanceView.textContent = money(balance);
    winView.textContent = answer.win > 0 ? `${texts.win} ${money(answer.win)}` : '';
    spinButton.disabled = false;
  }
  spinButton.addEventListener('click', () => { void spin(); });
  document.addEventListener('keydown', (event) => {
    if (event.code === 'Space' && !spinButton.disabled && !dialog.open && !seedsDialog.open) {
      event.preventDefault();
      void spin();
    }
  });
}
