/**
 * Draws a captcha as a PNG raster, so its answer cannot be read from markup: each digit is one of a
 * few hand-drawn stroke variants, scaled, sheared, turned and placed at random, in a random ink, over
 * speckle noise. No lines cross the image, as the spec asks.
 */
import { randomInt } from 'node:crypto';
import { encodePng } from '../png';

type Point = readonly [number, number];
/** A glyph: strokes, each a polyline in a 20 x 30 box. */
type Glyph = readonly (readonly Point[])[];

const VARIANTS: Record<string, readonly Glyph[]> = {
  '1': [
    [[[6, 8], [11, 3], [11, 27]], [[5, 27], [17, 27]]],
    [[[7, 7], [12, 3], [12, 27]]],
    [[[5, 9], [10, 3], [10, 27]], [[6, 27], [14, 27]]],
  ],
  '2': [
    [[[4, 9], [5, 5], [10, 3], [15, 5], [16, 9], [14, 14], [4, 27], [17, 27]]],
    [[[4, 6], [10, 3], [16, 7], [4, 27], [16, 27]]],
    [[[3, 8], [7, 4], [12, 3], [16, 6], [16, 11], [10, 18], [4, 26], [17, 26]]],
  ],
  '3': [
    [[[4, 5], [10, 3], [15, 6], [14, 12], [9, 14], [15, 17], [16, 23], [10, 28], [4, 25]]],
    [[[4, 3], [16, 3], [9, 13], [15, 16], [16, 22], [11, 27], [4, 25]]],
    [[[4, 6], [9, 3], [14, 5], [13, 11], [8, 14]], [[8, 14], [14, 17], [15, 23], [9, 27], [3, 24]]],
  ],
  '4': [
    [[[13, 27], [13, 3], [3, 19], [17, 19]]],
    [[[11, 3], [3, 19], [17, 19]], [[13, 11], [13, 27]]],
    [[[9, 3], [4, 17], [17, 17]], [[12, 9], [12, 27]]],
  ],
  '5': [
    [[[16, 3], [6, 3], [5, 13], [10, 11], [15, 14], [16, 21], [13, 26], [8, 28], [4, 25]]],
    [[[15, 3], [5, 3], [5, 12], [12, 11], [16, 16], [15, 24], [9, 27], [4, 25]]],
    [[[16, 4], [7, 4], [6, 14], [13, 13], [16, 18], [14, 25], [6, 27]]],
  ],
};

const CAPTCHA_WIDTH = 240;
const CAPTCHA_HEIGHT = 88;
const BACKGROUND: Rgb = [29, 34, 51];
export const INKS: readonly Rgb[] = [[245, 211, 107], [255, 255, 255], [159, 211, 255], [255, 179, 138], [185, 245, 160]];

type Rgb = readonly [number, number, number];

/** A uniformly random number in [min, max) with 1/1000 resolution. */
function between(min: number, max: number): number {
  return min + (randomInt(1000) / 1000) * (max - min);
}

class Canvas {
  readonly pixels: Uint8Array;
  constructor(readonly width: number, readonly height: number, fill: Rgb) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i += 1) this.pixels.set(fill, i * 3);
  }

  set(x: number, y: number, rgb: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.pixels.set(rgb, (y * this.width + x) * 3);
  }

  /** A thick segment: every pixel whose centre lies within `radius` of it. */
  stroke(a: Point, b: Point, radius: number, rgb: Rgb): void {
    const [ax, ay] = a;
    const [bx, by] = b;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSq = dx * dx + dy * dy || 1;
    for (let y = Math.floor(Math.min(ay, by) - radius); y <= Math.ceil(Math.max(ay, by) + radius); y += 1) {
      for (let x = Math.floor(Math.min(ax, bx) - radius); x <= Math.ceil(Math.max(ax, bx) + radius); x += 1) {
        const t = Math.max(0, Math.min(1, ((x + 0.5 - ax) * dx + (y + 0.5 - ay) * dy) / lengthSq));
        const ex = ax + t * dx - (x + 0.5);
        const ey = ay + t * dy - (y + 0.5);
        if (ex * ex + ey * ey <= radius * radius) this.set(x, y, rgb);
      }
    }
  }
}

function drawDigit(canvas: Canvas, digit: string, slot: number, slots: number): void {
  const variants = VARIANTS[digit];
  if (!variants) throw new Error(`no glyph for ${digit}`);
  const glyph = variants[randomInt(variants.length)]!;
  const slotWidth = canvas.width / slots;
  const scaleX = between(1.9, 2.5);
  const scaleY = between(1.8, 2.3);
  const shear = between(-0.35, 0.35);
  const turn = between(-0.3, 0.3);
  const cx = slotWidth * (slot + 0.5) + between(-6, 6);
  const cy = canvas.height / 2 + between(-6, 6);
  const radius = between(2.2, 3.6);
  const ink = INKS[randomInt(INKS.length)]!;
  const place = ([gx, gy]: Point): Point => {
    const x = (gx - 10 + shear * (gy - 15)) * scaleX;
    const y = (gy - 15) * scaleY;
    return [cx + x * Math.cos(turn) - y * Math.sin(turn), cy + x * Math.sin(turn) + y * Math.cos(turn)];
  };
  for (const polyline of glyph) {
    const points = polyline.map(place);
    for (let i = 1; i < points.length; i += 1) canvas.stroke(points[i - 1]!, points[i]!, radius, ink);
  }
}

/** Speckles and small dots in colours near the inks: noise, never a line. */
function addNoise(canvas: Canvas): void {
  for (let i = 0; i < (canvas.width * canvas.height) / 14; i += 1) {
    const shade = randomInt(60, 200);
    canvas.set(randomInt(canvas.width), randomInt(canvas.height), [shade, shade, Math.min(255, shade + 30)]);
  }
  for (let i = 0; i < 40; i += 1) {
    const at: Point = [randomInt(canvas.width), randomInt(canvas.height)];
    canvas.stroke(at, at, between(0.8, 2.2), INKS[randomInt(INKS.length)]!);
  }
}

export function captchaPng(answer: string): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, BACKGROUND);
  addNoise(canvas);
  [...answer].forEach((digit, slot) => drawDigit(canvas, digit, slot, answer.length));
  return encodePng({ width: canvas.width, height: canvas.height, channels: 3, pixels: canvas.pixels });
}

export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
