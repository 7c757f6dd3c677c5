/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file in dist/, at
 * the highest levels (done once, served many times by server/http/site.ts). A copy that would not be
 * smaller is not written, so the server sends the file itself.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const dist = process.argv[2] ?? 'dist';

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT_FILE.test(name)) yield path;
  }
}

const brotli = (data) => brotliCompressSync(data, {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
});
const gzip = (data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION });

let count = 0;
for (const path of files(dist)) {
  const data = readFileSync(path);
  for (const [ext, compress] of [['br', brotli], ['gz', gzip]]) {
    const packed = compress(data);
    if (packed.length < data.length) {
      writeFileSync(`${path}.${ext}`, packed);
      count++;
    }
  }
}
console.log(`precompress: ${count} .br/.gz copies written in ${dist}/`);
