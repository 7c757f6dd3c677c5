/** The catalogue art of the table games (SVG made here): a baccarat table's felt and cards, the fishing sea, the e-sports arena. */
import { findTable } from './baccarat/tables';
import { findFishingGame } from './fishing/service';
import { findArena, TEAMS } from './esport/teams';

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function card(x: number, y: number, rank: string, suit: string, red: boolean, turn: number): string {
  const colour = red ? '#c62828' : '#1b1b1b';
  return `<g transform="translate(${x} ${y}) rotate(${turn})"><rect width="58" height="82" rx="7" fill="#fdfdf8" stroke="#b9b4a6"/>`
    + `<text x="7" y="20" font-size="17" font-weight="700" fill="${colour}">${rank}</text>`
    + `<text x="29" y="58" font-size="30" text-anchor="middle" fill="${colour}">${suit}</text></g>`;
}

function baccaratArt(name: string, felt: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">`
    + `<defs><radialGradient id="g" cx="50%" cy="30%" r="80%"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#000" stop-opacity=".4"/></radialGradient></defs>`
    + `<rect width="320" height="200" rx="18" fill="${felt}"/><rect width="320" height="200" rx="18" fill="url(#g)"/>`
    + `<path d="M20 60 Q160 230 300 60" fill="none" stroke="#e9d48a" stroke-width="2" opacity=".7"/>`
    + card(70, 40, 'K', '♠', false, -8) + card(112, 44, '9', '♥', true, 6) + card(160, 40, 'A', '♦', true, -4) + card(202, 44, '8', '♣', false, 8)
    + `<text x="160" y="176" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="800" fill="#ffe082">${escape(name)}</text></svg>`;
}

function fishingArt(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">`
    + `<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c6ea8"/><stop offset="1" stop-color="#03203d"/></linearGradient></defs>`
    + `<rect width="320" height="200" rx="18" fill="url(#w)"/><path d="M0 180 Q80 165 160 178 T320 172 V200 H0Z" fill="#c2a36b"/>`
    + `<g transform="translate(110 80)"><path d="M-70 0 L-100 -22 Q-90 0 -100 22Z" fill="#1f4e8c"/><ellipse rx="78" ry="34" fill="#2d6cb5"/><circle cx="48" cy="2" r="5" fill="#fff"/></g>`
    + `<g transform="translate(240 110)"><path d="M-30 0 L-48 -16 Q-42 0 -48 16Z" fill="#ff7a1a"/><ellipse rx="32" ry="20" fill="#ff7a1a"/><rect x="-12" y="-18" width="7" height="36" fill="#fff"/><circle cx="18" cy="-4" r="4" fill="#111"/></g>`
    + `<circle cx="250" cy="40" r="6" fill="#ffffff55"/><circle cx="262" cy="58" r="4" fill="#ffffff55"/>`
    + `<text x="160" y="160" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="800" fill="#ffe082">${escape(name)}</text></svg>`;
}

function crest(x: number, y: number, tag: string, colour: string): string {
  return `<g transform="translate(${x} ${y})"><path d="M0 -34 L30 -22 L26 16 Q14 32 0 38 Q-14 32 -26 16 L-30 -22Z" fill="${colour}" stroke="#fff" stroke-width="3"/>`
    + `<text y="8" text-anchor="middle" font-family="sans-serif" font-size="16" font-weight="800" fill="#fff">${escape(tag)}</text></g>`;
}

function esportArt(name: string): string {
  const [home, away] = [TEAMS[0]!, TEAMS[1]!];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">`
    + `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a1244"/><stop offset="1" stop-color="#0a2a4a"/></linearGradient></defs>`
    + `<rect width="320" height="200" rx="18" fill="url(#a)"/>`
    + `<path d="M0 150 L320 110 L320 200 L0 200Z" fill="#ffffff10"/><path d="M60 0 L140 200 M260 0 L180 200" stroke="#7c4dff55" stroke-width="2"/>`
    + crest(80, 78, home.tag, home.colour) + crest(240, 78, away.tag, away.colour)
    + `<text x="160" y="90" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="900" fill="#ffe082">VS</text>`
    + `<text x="160" y="168" text-anchor="middle" font-family="sans-serif" font-size="22" font-weight="800" fill="#ffe082">${escape(name)}</text></svg>`;
}

/** The SVG art of a table game's key, or null if it is not one of these games. */
export function tableGameArt(gameKey: string): string | null {
  const table = findTable(gameKey);
  if (table) return baccaratArt(table.names.en, table.felt);
  const fishing = findFishingGame(gameKey);
  if (fishing) return fishingArt(fishing.names.en);
  const arena = findArena(gameKey);
  if (arena) return esportArt(arena.names.en);
  return null;
}
