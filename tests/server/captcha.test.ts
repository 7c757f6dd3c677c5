/** The captcha image: a PNG raster whose answer is nowhere in its bytes, drawn anew each time. */
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INKS } from '../../server/captcha/image';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

interface Png {
  width: number;
  height: number;
  colorType: number;
  /** RGB rows, the filter byte of each row removed. */
  rows: Buffer[];
}

/** Reads the PNG this server writes (8-bit RGB, unfiltered), checking every chunk's CRC. */
function readPng(bytes: Buffer): Png {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const typed = bytes.subarray(at + 4, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    const type = typed.subarray(0, 4).toString('ascii');
    chunks.set(type, [...(chunks.get(type) ?? []), typed.subarray(4)]);
    at += 12 + length;
  }
  const header = chunks.get('IHDR')![0]!;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.get('IDAT')!));
  const rows = Array.from({ length: height }, (_, y) => {
    expect(raw[y * (width * 3 + 1)]).toBe(0);
    return raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  });
  expect(chunks.has('IEND')).toBe(true);
  return { width, height, colorType: header[9]!, rows };
}

async function issue(): Promise<Png> {
  const { data } = await server.call('captcha', {});
  const [prefix, base64] = data!.image.split(',');
  expect(prefix).toBe('data:image/png;base64');
  return readPng(Buffer.from(base64!, 'base64'));
}

/**
 * Pixels in a digit's ink per quarter of the width (one digit each). Noise dots use the inks too,
 * but stay under 160 pixels a quarter; the thinnest digit, a 1, takes more than 300.
 */
function inkPerQuarter(png: Png): number[] {
  const quarters = [0, 0, 0, 0];
  png.rows.forEach((row) => {
    for (let x = 0; x < png.width; x += 1) {
      const inked = INKS.some(([r, g, b]) => row[x * 3] === r && row[x * 3 + 1] === g && row[x * 3 + 2] === b);
      if (inked) quarters[Math.floor((x * 4) / png.width)]! += 1;
    }
  });
  return quarters;
}

describe('captcha image', () => {
  it('is an RGB PNG with a digit drawn in each quarter', async () => {
    const png = await issue();
    expect([png.width, png.height, png.colorType]).toEqual([240, 88, 2]);
    for (const ink of inkPerQuarter(png)) expect(ink).toBeGreaterThan(230);
  });

  it('differs every time for the same answer, so nothing in its bytes names the digits', async () => {
    // The test server answers every captcha with the same digits (CAPTCHA_FIXED).
    const [a, b] = [await issue(), await issue()];
    const differing = a.rows.reduce((n, row, y) => n + row.reduce((m, v, i) => m + (v === b.rows[y]![i] ? 0 : 1), 0), 0);
    expect(differing).toBeGreaterThan(2_000);
  });
});
