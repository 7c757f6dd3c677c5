/**
 * Draws the app icons into public/ (node --import tsx scripts/make-icons.ts). No image libraries: the emblem is a
 * few geometric shapes, rasterised with 4x4 supersampling and written by the server's minimal PNG encoder.
 *
 * Emblem: a dark tile, a gold ring and a gold "H" whose crossbar carries a diamond (the "light" of 한빛).
 * The maskable variant fills the whole square and keeps the emblem inside the central 80% safe circle.
 */
import { writeFileSync } from 'node:fs';
import { encodePng } from '../server/png';

type Rgb = readonly [number, number, number];
type Rgba = [number, number, number, number];
interface Options {
  maskable: boolean;
}

const BACKGROUND_CENTRE: Rgb = [0x1b, 0x20, 0x30];
const BACKGROUND_EDGE: Rgb = [0x0b, 0x0d, 0x14];
const GOLD_TOP: Rgb = [0xf6, 0xdc, 0x82];
const GOLD_BOTTOM: Rgb = [0xb0, 0x86, 0x1c];
const SUPERSAMPLE = 4;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => {
  const k = Math.min(1, Math.max(0, t));
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
};

/** Emblem geometry in a unit square centred on (0, 0); `scale` shrinks it for the maskable safe zone. */
function emblem(scale: number) {
  const s = (v: number) => v * scale;
  const inRect = (x: number, y: number, cx: number, cy: number, w: number, h: number) => Math.abs(x - s(cx)) <= s(w) / 2 && Math.abs(y - s(cy)) <= s(h) / 2;
  const inDiamond = (x: number, y: number, r: number) => Math.abs(x) + Math.abs(y) <= s(r);
  return {
    ring: (x: number, y: number) => Math.abs(Math.hypot(x, y) - s(0.39)) <= s(0.025),
    gold: (x: number, y: number) => {
      if (inDiamond(x, y, 0.1)) return inDiamond(x, y, 0.072); // the gem, with a dark gap cutting it free of the bar
      return inRect(x, y, -0.175, 0, 0.09, 0.46) || inRect(x, y, 0.175, 0, 0.09, 0.46) || inRect(x, y, 0, 0, 0.36, 0.075);
    },
    gemHighlight: (x: number, y: number) => inDiamond(x - s(0.015), y + s(0.022), 0.024),
  };
}

function roundedSquare(x: number, y: number, half: number, radius: number): boolean {
  const qx = Math.abs(x) - (half - radius);
  const qy = Math.abs(y) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius <= 0;
}

/** Colour [r, g, b, a] of one sample at unit coordinates (x, y), both in [-0.5, 0.5]. */
function sample(x: number, y: number, { maskable }: Options): Rgba {
  const inTile = maskable || roundedSquare(x, y, 0.5, 0.11);
  if (!inTile) return [0, 0, 0, 0];
  const mark = emblem(maskable ? 0.8 : 1);
  const gold = mix(GOLD_TOP, GOLD_BOTTOM, (y + 0.4) / 0.8);
  if (mark.gemHighlight(x, y)) return [0xff, 0xf6, 0xd5, 255];
  if (mark.ring(x, y) || mark.gold(x, y)) return [...gold, 255];
  return [...mix(BACKGROUND_CENTRE, BACKGROUND_EDGE, Math.hypot(x, y) / 0.7), 255];
}

function render(size: number, options: Options): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (px + (sx + 0.5) / SUPERSAMPLE) / size - 0.5;
          const y = (py + (sy + 0.5) / SUPERSAMPLE) / size - 0.5;
          const [r, g, b, a] = sample(x, y, options);
          // Premultiply so transparent samples do not darken anti-aliased edges.
          sum[0] += r * a; sum[1] += g * a; sum[2] += b * a; sum[3] += a;
        }
      }
      const offset = (py * size + px) * 4;
      const alpha = sum[3] / SUPERSAMPLE ** 2;
      for (let c = 0; c < 3; c++) pixels[offset + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
      pixels[offset + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

for (const { file, size, maskable } of icons) {
  writeFileSync(new URL(`../public/${file}`, import.meta.url), encodePng({ width: size, height: size, channels: 4, pixels: render(size, { maskable }) }, 9));
  console.log(`public/${file} (${size}x${size}${maskable ? ', maskable' : ''})`);
}
