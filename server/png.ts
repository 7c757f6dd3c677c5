/** A minimal PNG encoder (no image libraries): 8 bits per channel, one IDAT, filter type 0 on every row. */
import { crc32, deflateSync } from 'node:zlib';

export interface Raster {
  width: number;
  height: number;
  /** 3 for RGB, 4 for RGBA. */
  channels: 3 | 4;
  /** Row after row, `channels` bytes per pixel. */
  pixels: Uint8Array;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `level` is zlib's compression level (the icons, written once, take 9). */
export function encodePng({ width, height, channels, pixels }: Raster, level?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const rowBytes = width * channels;
  const raw = Buffer.alloc((rowBytes + 1) * height); // each row starts with its filter byte, 0
  for (let y = 0; y < height; y += 1) raw.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
