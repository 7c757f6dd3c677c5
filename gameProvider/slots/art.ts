/**
 * The slots' art, drawn in code as SVG: each theme has two colours and four high symbols made of simple
 * shapes; the low symbols are card letters, the wild and the scatter are labelled tiles. Titles'
 * thumbnails show three of their symbols on the theme's colours with the English name.
 */
import { SCATTER, WILD } from './engine';
import type { ThemeId } from './titles';

type Draw = (color: string) => string;

const SHAPES: Record<string, Draw> = {
  cherry: (c) => `<path d="M50 18 C48 40 38 52 34 62 M50 18 C56 40 64 50 68 60" stroke="#2f7d32" stroke-width="4" fill="none"/><circle cx="34" cy="68" r="14" fill="${c}"/><circle cx="68" cy="66" r="14" fill="${c}"/><circle cx="29" cy="63" r="4" fill="#fff" opacity=".6"/>`,
  lemon: (c) => `<ellipse cx="50" cy="52" rx="30" ry="22" fill="${c}"/><ellipse cx="40" cy="44" rx="8" ry="4" fill="#fff" opacity=".5"/>`,
  grapes: (c) => [[40, 36], [60, 36], [30, 52], [50, 52], [70, 52], [40, 68], [60, 68], [50, 82]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${c}"/>`).join('') + '<path d="M50 26 L56 14" stroke="#2f7d32" stroke-width="4"/>',
  seven: (c) => `<text x="50" y="76" font-size="70" font-weight="900" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" fill="${c}" stroke="#fff" stroke-width="2">7</text>`,
  diamond: (c) => `<path d="M50 14 L82 42 L50 88 L18 42 Z" fill="${c}"/><path d="M18 42 L82 42 M34 28 L50 88 L66 28" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>`,
  emerald: (c) => `<path d="M34 16 H66 L84 34 V66 L66 84 H34 L16 66 V34 Z" fill="${c}"/><rect x="34" y="34" width="32" height="32" fill="#fff" opacity=".25"/>`,
  crown: (c) => `<path d="M16 74 L20 30 L36 50 L50 22 L64 50 L80 30 L84 74 Z" fill="${c}"/><rect x="16" y="74" width="68" height="8" fill="${c}"/><circle cx="50" cy="60" r="6" fill="#fff" opacity=".7"/>`,
  ring: (c) => `<circle cx="50" cy="60" r="24" fill="none" stroke="${c}" stroke-width="8"/><path d="M50 16 L62 30 L50 40 L38 30 Z" fill="#9fe7ff"/>`,
  pearl: (c) => `<circle cx="50" cy="52" r="28" fill="${c}"/><circle cx="40" cy="42" r="9" fill="#fff" opacity=".7"/>`,
  coin: (c) => `<circle cx="50" cy="50" r="32" fill="${c}"/><circle cx="50" cy="50" r="24" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/><rect x="42" y="42" width="16" height="16" fill="#0006"/>`,
  lantern: (c) => `<rect x="44" y="12" width="12" height="8" fill="#f4c542"/><ellipse cx="50" cy="50" rx="28" ry="30" fill="${c}"/><path d="M50 20 V80 M30 32 Q50 50 30 68 M70 32 Q50 50 70 68" stroke="#f4c542" stroke-width="3" fill="none"/><path d="M50 80 V92" stroke="#f4c542" stroke-width="4"/>`,
  fan: (c) => `<path d="M50 82 L14 40 A46 46 0 0 1 86 40 Z" fill="${c}"/><path d="M50 82 L32 30 M50 82 L50 26 M50 82 L68 30" stroke="#fff" stroke-width="2" opacity=".6"/>`,
  fish: (c) => `<ellipse cx="46" cy="50" rx="28" ry="18" fill="${c}"/><path d="M70 50 L90 34 L90 66 Z" fill="${c}"/><circle cx="32" cy="46" r="4" fill="#fff"/>`,
  shell: (c) => `<path d="M50 84 L16 46 Q50 0 84 46 Z" fill="${c}"/><path d="M50 84 L30 34 M50 84 L50 24 M50 84 L70 34" stroke="#fff" stroke-width="3" opacity=".6"/>`,
  starfish: (c) => `<path d="M50 12 L60 40 L90 40 L66 58 L76 88 L50 70 L24 88 L34 58 L10 40 L40 40 Z" fill="${c}"/>`,
  wave: (c) => `<path d="M10 62 Q30 30 50 56 T90 50 V84 H10 Z" fill="${c}"/><circle cx="70" cy="30" r="8" fill="#fff" opacity=".7"/>`,
  pyramid: (c) => `<path d="M50 16 L88 80 H12 Z" fill="${c}"/><path d="M50 16 L60 80" stroke="#0004" stroke-width="3"/>`,
  eye: (c) => `<path d="M12 50 Q50 18 88 50 Q50 82 12 50 Z" fill="${c}"/><circle cx="50" cy="50" r="12" fill="#1b1b3a"/><path d="M40 64 L34 84" stroke="${c}" stroke-width="5"/>`,
  ankh: (c) => `<ellipse cx="50" cy="30" rx="14" ry="16" fill="none" stroke="${c}" stroke-width="8"/><path d="M50 46 V88 M28 52 H72" stroke="${c}" stroke-width="9"/>`,
  scarab: (c) => `<ellipse cx="50" cy="56" rx="22" ry="28" fill="${c}"/><circle cx="50" cy="26" r="10" fill="${c}"/><path d="M50 30 V84 M28 46 L12 36 M72 46 L88 36 M28 66 L12 76 M72 66 L88 76" stroke="${c}" stroke-width="4"/>`,
  planet: (c) => `<circle cx="50" cy="50" r="24" fill="${c}"/><ellipse cx="50" cy="52" rx="42" ry="10" fill="none" stroke="#fff" stroke-width="4" opacity=".8"/>`,
  rocket: (c) => `<path d="M50 10 Q68 30 64 66 H36 Q32 30 50 10 Z" fill="${c}"/><circle cx="50" cy="38" r="7" fill="#9fe7ff"/><path d="M36 56 L22 74 L36 70 Z M64 56 L78 74 L64 70 Z" fill="${c}"/><path d="M42 68 L50 90 L58 68 Z" fill="#ff8a00"/>`,
  moon: (c) => `<path d="M62 14 A38 38 0 1 0 62 86 A30 30 0 1 1 62 14 Z" fill="${c}"/>`,
  comet: (c) => `<circle cx="64" cy="36" r="14" fill="${c}"/><path d="M54 46 L14 86 M58 50 L26 88 M50 42 L12 74" stroke="${c}" stroke-width="4" opacity=".7"/>`,
  paw: (c) => `<ellipse cx="50" cy="64" rx="20" ry="16" fill="${c}"/>${[[26, 40], [42, 28], [58, 28], [74, 40]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="8" ry="10" fill="${c}"/>`).join('')}`,
  claw: (c) => `<path d="M24 16 Q40 50 28 86 M46 14 Q62 50 50 88 M68 16 Q84 50 72 86" stroke="${c}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  goldbar: (c) => `<path d="M18 70 L30 40 H70 L82 70 Z" fill="${c}"/><path d="M30 40 L36 52 H64 L70 40" fill="#fff" opacity=".3"/>`,
  jade: (c) => `<circle cx="50" cy="50" r="30" fill="${c}"/><circle cx="50" cy="50" r="10" fill="#0005"/>`,
  lollipop: (c) => `<path d="M50 56 V92" stroke="#eee" stroke-width="6"/><circle cx="50" cy="38" r="26" fill="${c}"/><path d="M50 38 m-16 0 a16 16 0 1 0 32 0 a10 10 0 1 0 -20 0" stroke="#fff" stroke-width="4" fill="none"/>`,
  wrapped: (c) => `<ellipse cx="50" cy="50" rx="24" ry="18" fill="${c}"/><path d="M26 50 L8 36 L8 64 Z M74 50 L92 36 L92 64 Z" fill="${c}"/><path d="M40 36 L44 64 M56 36 L60 64" stroke="#fff" stroke-width="3" opacity=".6"/>`,
  heart: (c) => `<path d="M50 86 L16 50 A18 18 0 0 1 50 28 A18 18 0 0 1 84 50 Z" fill="${c}"/>`,
  donut: (c) => `<circle cx="50" cy="50" r="32" fill="${c}"/><circle cx="50" cy="50" r="11" fill="#fff"/><path d="M30 36 l4 3 M62 30 l3 4 M70 58 l-4 3 M36 66 l4 -2" stroke="#fff" stroke-width="3"/>`,
};

interface Theme {
  background: [string, string];
  high: [string, string][];
  letters: string;
}

const THEMES: Record<ThemeId, Theme> = {
  fruits: { background: ['#3b0a45', '#7a1f5c'], high: [['seven', '#e53935'], ['cherry', '#d81b60'], ['grapes', '#8e24aa'], ['lemon', '#fdd835']], letters: '#ffd54f' },
  gems: { background: ['#0b1d3a', '#1e4b7a'], high: [['crown', '#ffca28'], ['diamond', '#4fc3f7'], ['emerald', '#43a047'], ['ring', '#ffb300']], letters: '#b3e5fc' },
  dragon: { background: ['#3e0a0a', '#8b1a1a'], high: [['jade', '#2e7d32'], ['lantern', '#e53935'], ['coin', '#fbc02d'], ['fan', '#ff7043']], letters: '#ffe082' },
  ocean: { background: ['#01304a', '#03668f'], high: [['pearl', '#f5f5f5'], ['fish', '#ff7043'], ['shell', '#f48fb1'], ['starfish', '#ffb74d']], letters: '#80deea' },
  pharaoh: { background: ['#3a2a05', '#7a5a12'], high: [['eye', '#1e88e5'], ['ankh', '#fdd835'], ['scarab', '#26a69a'], ['pyramid', '#ffb74d']], letters: '#fff3c4' },
  space: { background: ['#0a0a2a', '#2a1a5e'], high: [['rocket', '#e0e0e0'], ['planet', '#ab47bc'], ['moon', '#fff176'], ['comet', '#4dd0e1']], letters: '#b39ddb' },
  tiger: { background: ['#2a1500', '#6d3a00'], high: [['goldbar', '#ffc107'], ['paw', '#ff9800'], ['claw', '#ff7043'], ['coin', '#ffd54f']], letters: '#ffe0b2' },
  candy: { background: ['#4a0d3a', '#c2185b'], high: [['lollipop', '#ff4081'], ['heart', '#e91e63'], ['wrapped', '#7c4dff'], ['donut', '#ff9800']], letters: '#fff' },
};

const LETTERS = ['A', 'K', 'Q', 'J'];

function tile(theme: Theme, inner: string): string {
  return `<rect x="3" y="3" width="94" height="94" rx="14" fill="#0003" stroke="${theme.letters}" stroke-opacity=".35" stroke-width="2"/>${inner}`;
}

/** One symbol (0-9) of a theme, as the inner markup of a 100×100 viewBox. */
function symbolMarkup(themeId: ThemeId, symbol: number): string {
  const theme = THEMES[themeId];
  if (symbol === WILD) {
    return `<rect x="3" y="3" width="94" height="94" rx="14" fill="#ffb300"/><rect x="9" y="9" width="82" height="82" rx="10" fill="none" stroke="#fff" stroke-width="3"/><text x="50" y="60" font-size="26" font-weight="900" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" fill="#4a2500">WILD</text>`;
  }
  if (symbol === SCATTER) {
    return `<rect x="3" y="3" width="94" height="94" rx="14" fill="#6a1b9a"/>${SHAPES.starfish!('#ffeb3b')}<text x="50" y="92" font-size="14" font-weight="900" text-anchor="middle" font-family="Arial, sans-serif" fill="#fff">SCATTER</text>`;
  }
  if (symbol < 4) {
    const [shape, color] = theme.high[symbol]!;
    return tile(theme, SHAPES[shape]!(color));
  }
  return tile(theme, `<text x="50" y="70" font-size="56" font-weight="900" text-anchor="middle" font-family="Georgia, serif" fill="${theme.letters}">${LETTERS[symbol - 4]}</text>`);
}

/** The keys of a theme's ten symbols (0-9): its four high symbols' shapes, A, K, Q, J, wild, scatter. */
export function themeSymbols(themeId: ThemeId): string[] {
  return [...THEMES[themeId].high.map(([shape]) => shape), ...LETTERS, 'wild', 'scatter'];
}

export function isTheme(value: string): value is ThemeId {
  return Object.hasOwn(THEMES, value);
}

export function symbolSvg(themeId: ThemeId, symbol: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">${symbolMarkup(themeId, symbol)}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A title's thumbnail (320×240): two of its symbols (picked by its name) and the wild, on the theme's colours. */
export function thumbnailSvg(themeId: ThemeId, name: string): string {
  const theme = THEMES[themeId];
  const hash = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const first = hash % 4;
  const symbols = [first, WILD, (first + 1 + (hash >>> 2) % 3) % 4].map((s, i) => `<svg x="${24 + i * 96}" y="40" width="80" height="80" viewBox="0 0 100 100">${symbolMarkup(themeId, s)}</svg>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240">`
    + `<defs><linearGradient id="bg-${themeId}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.background[0]}"/><stop offset="1" stop-color="${theme.background[1]}"/></linearGradient></defs>`
    + `<rect width="320" height="240" fill="url(#bg-${themeId})"/>${symbols}`
    + `<text x="160" y="180" font-size="26" font-weight="800" text-anchor="middle" font-family="Arial, sans-serif" fill="#fff">${escapeXml(name)}</text>`
    + `<text x="160" y="212" font-size="14" text-anchor="middle" font-family="Arial, sans-serif" fill="${theme.letters}">5×3 · 20 LINES</text></svg>`;
}

export function themeColors(themeId: ThemeId): [string, string] {
  return THEMES[themeId].background;
}
