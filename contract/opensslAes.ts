/**
 * AES-256-CBC with a passphrase in OpenSSL's "Salted__" format (what `openssl enc -aes-256-cbc -md md5`
 * and crypto-js write): base64("Salted__" + 8-byte salt + ciphertext), key and IV from EVP_BytesToKey
 * with MD5, PKCS#7 padding. Synchronous and small, so the browser needs no crypto library (issue 7)
 * and the server and the client share one implementation.
 */

const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);
const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

function md5(bytes: Uint8Array): Uint8Array {
  const blocks = ((bytes.length + 8) >>> 6) + 1;
  const words = new Int32Array(blocks * 16);
  bytes.forEach((byte, i) => (words[i >> 2] |= byte << ((i & 3) * 8)));
  words[bytes.length >> 2] |= 0x80 << ((bytes.length & 3) * 8);
  words[blocks * 16 - 2] = bytes.length * 8;
  const h = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476];
  for (let block = 0; block < words.length; block += 16) {
    let [a, b, c, d] = h;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = [(b & c) | (~b & d), (d & b) | (~d & c), b ^ c ^ d, c ^ (b | ~d)][round];
      const g = [i, 5 * i + 1, 3 * i + 5, 7 * i][round] & 15;
      const x = (a + f + MD5_K[i] + words[block + g]) | 0;
      const s = MD5_S[round * 4 + (i & 3)];
      [a, d, c] = [d, c, b];
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
  }
  return new Uint8Array(new Int32Array(h).buffer); // little-endian words, as MD5 wants (every JS engine is LE)
}

/** EVP_BytesToKey(MD5, 1 round): 32 bytes of key, then 16 of IV. */
function deriveKeyIv(pass: Uint8Array, salt: Uint8Array): { key: number[]; iv: number[] } {
  const out: number[] = [];
  let last: Uint8Array = new Uint8Array(0);
  while (out.length < 48) {
    last = md5(new Uint8Array([...last, ...pass, ...salt]));
    out.push(...last);
  }
  return { key: toWords(out.slice(0, 32)), iv: toWords(out.slice(32)) };
}

const toWords = (bytes: ArrayLike<number>): number[] =>
  Array.from({ length: bytes.length >> 2 }, (_, i) => (bytes[4 * i] << 24) | (bytes[4 * i + 1] << 16) | (bytes[4 * i + 2] << 8) | bytes[4 * i + 3]);

const fromWords = (words: number[]): number[] => words.flatMap((w) => [w >>> 24, (w >>> 16) & 255, (w >>> 8) & 255, w & 255]);

// The AES tables, built once: [encrypt, decrypt], each four round tables and the (inverse) S-box.
const tables = [0, 1].map(() => Array.from({ length: 5 }, () => new Array<number>(256).fill(0)));
{
  const [enc, dec] = tables;
  const double: number[] = [];
  const third: number[] = [];
  for (let i = 0; i < 256; i++) third[(double[i] = (i << 1) ^ ((i >> 7) * 283)) ^ i] = i;
  for (let x = 0, xInv = 0; !enc[4][x]; x ^= double[x] || 1, xInv = third[xInv] || 1) {
    let s = xInv ^ (xInv << 1) ^ (xInv << 2) ^ (xInv << 3) ^ (xInv << 4);
    s = (s >> 8) ^ (s & 255) ^ 99;
    enc[4][x] = s;
    dec[4][s] = x;
    const x2 = double[x];
    const x4 = double[x2];
    const x8 = double[x4];
    let tDec = (x8 * 0x1010101) ^ (x4 * 0x10001) ^ (x2 * 0x101) ^ (x * 0x1010100);
    let tEnc = (double[s] * 0x101) ^ (s * 0x1010100);
    for (let i = 0; i < 4; i++) {
      enc[i][x] = tEnc = (tEnc << 24) ^ (tEnc >>> 8);
      dec[i][s] = tDec = (tDec << 24) ^ (tDec >>> 8);
    }
  }
}

/** The AES-256 round keys: [for encryption, for decryption]. */
function expandKey(key: number[]): [number[], number[]] {
  const sbox = tables[0][4];
  const decTable = tables[1];
  const encKey = key.slice();
  const decKey: number[] = [];
  let rcon = 1;
  let i = 8;
  for (; i < 60; i++) {
    let tmp = encKey[i - 1];
    if (i % 8 === 0 || i % 8 === 4) {
      tmp = (sbox[tmp >>> 24] << 24) ^ (sbox[(tmp >> 16) & 255] << 16) ^ (sbox[(tmp >> 8) & 255] << 8) ^ sbox[tmp & 255];
      if (i % 8 === 0) {
        tmp = (tmp << 8) ^ (tmp >>> 24) ^ (rcon << 24);
        rcon = (rcon << 1) ^ ((rcon >> 7) * 283);
      }
    }
    encKey[i] = encKey[i - 8] ^ tmp;
  }
  for (let j = 0; i; j++, i--) {
    const tmp = encKey[j & 3 ? i : i - 4];
    decKey[j] = i <= 4 || j < 4 ? tmp
      : decTable[0][sbox[tmp >>> 24]] ^ decTable[1][sbox[(tmp >> 16) & 255]] ^ decTable[2][sbox[(tmp >> 8) & 255]] ^ decTable[3][sbox[tmp & 255]];
  }
  return [encKey, decKey];
}

/** One 16-byte block through AES; dir 0 encrypts, 1 decrypts. */
function cryptBlock(input: number[], roundKeys: number[], dir: 0 | 1): number[] {
  const [t0, t1, t2, t3, sbox] = tables[dir];
  let a = input[0] ^ roundKeys[0];
  let b = input[dir ? 3 : 1] ^ roundKeys[1];
  let c = input[2] ^ roundKeys[2];
  let d = input[dir ? 1 : 3] ^ roundKeys[3];
  let k = 4;
  for (let round = 0; round < roundKeys.length / 4 - 2; round++, k += 4) {
    const a2 = t0[a >>> 24] ^ t1[(b >> 16) & 255] ^ t2[(c >> 8) & 255] ^ t3[d & 255] ^ roundKeys[k];
    const b2 = t0[b >>> 24] ^ t1[(c >> 16) & 255] ^ t2[(d >> 8) & 255] ^ t3[a & 255] ^ roundKeys[k + 1];
    const c2 = t0[c >>> 24] ^ t1[(d >> 16) & 255] ^ t2[(a >> 8) & 255] ^ t3[b & 255] ^ roundKeys[k + 2];
    d = t0[d >>> 24] ^ t1[(a >> 16) & 255] ^ t2[(b >> 8) & 255] ^ t3[c & 255] ^ roundKeys[k + 3];
    [a, b, c] = [a2, b2, c2];
  }
  const out = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    out[dir ? 3 & -i : i] = (sbox[a >>> 24] << 24) ^ (sbox[(b >> 16) & 255] << 16) ^ (sbox[(c >> 8) & 255] << 8) ^ sbox[d & 255] ^ roundKeys[k++];
    [a, b, c, d] = [b, c, d, a];
  }
  return out;
}

const SALTED = [...'Salted__'].map((ch) => ch.charCodeAt(0));

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** CBC over whole blocks of big-endian words, in place. */
function cbc(words: number[], key: number[], iv: number[], dir: 0 | 1): void {
  const roundKeys = expandKey(key)[dir];
  let chain = iv;
  for (let i = 0; i < words.length; i += 4) {
    const block = words.slice(i, i + 4);
    const out = cryptBlock(dir ? block : block.map((w, j) => w ^ chain[j]), roundKeys, dir);
    for (let j = 0; j < 4; j++) words[i + j] = dir ? out[j] ^ chain[j] : out[j];
    chain = dir ? block : out;
  }
}

const wordsToBytes = (words: number[]) => new Uint8Array(fromWords(words));

export function encryptSalted(text: string, passphrase: string): string {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(8));
  const { key, iv } = deriveKeyIv(new TextEncoder().encode(passphrase), salt);
  const plain = new TextEncoder().encode(text);
  const pad = 16 - (plain.length % 16);
  const padded = new Uint8Array(plain.length + pad).fill(pad);
  padded.set(plain);
  const words = toWords(padded);
  cbc(words, key, iv, 0);
  const body = wordsToBytes(words);
  const out = new Uint8Array(16 + body.length);
  out.set(SALTED);
  out.set(salt, 8);
  out.set(body, 16);
  return toBase64(out);
}

/** The text sealed by encryptSalted; throws on anything that is not such a ciphertext of this passphrase. */
export function decryptSalted(cipher: string, passphrase: string): string {
  const bytes = fromBase64(cipher);
  if (bytes.length < 32 || bytes.length % 16 !== 0 || SALTED.some((b, i) => bytes[i] !== b)) throw new Error('not a salted ciphertext');
  const { key, iv } = deriveKeyIv(new TextEncoder().encode(passphrase), bytes.subarray(8, 16));
  const words = toWords(bytes.subarray(16));
  cbc(words, key, iv, 1);
  const plain = wordsToBytes(words);
  const pad = plain[plain.length - 1];
  if (pad < 1 || pad > 16 || plain.subarray(-pad).some((b) => b !== pad)) throw new Error('bad padding');
  return new TextDecoder('utf-8', { fatal: true }).decode(plain.subarray(0, -pad));
}
