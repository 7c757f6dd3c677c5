/**
 * Draws a captcha as an SVG of stroked glyph paths (no <text>, so the answer is not in the markup),
 * each digit slightly moved, turned and scaled, over a few noise dots. No lines, as the spec asks.
 */
import { randomInt } from 'node:crypto';

/** Stroke outlines of the digits 1-5 in a 20 x 30 box. */
const GLYPHS: Record<string, string> = {
  '1': 'M6 8 L11 3 L11 27 M5 27 L17 27',
  '2': 'M4 9 Q4 3 10 3 Q16 3 16 9 Q16 14 4 27 L17 27',
  '3': 'M4 6 Q10 0 15 6 Q17 12 9 14 Q17 16 15 23 Q10 30 4 25',
  '4': 'M13 27 L13 3 L3 19 L17 19',
  '5': 'M16 3 L6 3 L5 13 Q10 10 15 14 Q18 20 14 25 Q9 29 4 25',
};

const INK = ['#f5d36b', '#ffffff', '#9fd3ff', '#ffb38a', '#b9f5a0'];
const WIDTH = 120;
const HEIGHT = 44;

function between(min: number, max: number): number {
  return randomInt(min, max + 1);
}

export function captchaSvg(answer: string): string {
  const glyphs = [...answer].map((digit, index) => {
    const x = 12 + index * 26 + between(-3, 3);
    const y = 6 + between(-3, 3);
    const angle = between(-18, 18);
    const scale = (between(90, 110) / 100).toFixed(2);
    const ink = INK[between(0, INK.length - 1)];
    return `<path d="${GLYPHS[digit]}" transform="translate(${x} ${y}) rotate(${angle} 10 15) scale(${scale})" `
      + `fill="none" stroke="${ink}" stroke-width="${(between(24, 32) / 10).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  const dots = Array.from({ length: 24 }, () =>
    `<circle cx="${between(2, WIDTH - 2)}" cy="${between(2, HEIGHT - 2)}" r="${(between(5, 14) / 10).toFixed(1)}" fill="#ffffff" opacity="0.${between(2, 5)}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`
    + `<rect width="${WIDTH}" height="${HEIGHT}" rx="6" fill="#1d2233"/>${dots.join('')}${glyphs.join('')}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
