/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a strict incremental decoder
 * and a serializer. Anything the grammar does not allow is a StompFrameError; the broker answers it with
 * an ERROR frame and closes the connection.
 */

export const CLIENT_COMMANDS = [
  'CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT',
] as const;
export const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;
export type StompCommand = (typeof CLIENT_COMMANDS)[number] | (typeof SERVER_COMMANDS)[number];

export interface StompFrame {
  command: StompCommand;
  /** Decoded header values; a repeated header keeps its first value, as the spec says. */
  headers: Record<string, string>;
  body: string;
}

export interface FrameLimits {
  maxFrameBytes: number;
  maxHeaders: number;
  /** Each received piece re-parses the unfinished frame, so a frame may span only so many pieces. */
  maxPiecesPerFrame: number;
}
export const DEFAULT_FRAME_LIMITS: FrameLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32, maxPiecesPerFrame: 64 };

export class StompFrameError extends Error {}

/** Only these frames may carry a body. */
const BODY_COMMANDS = new Set<StompCommand>(['SEND', 'MESSAGE', 'ERROR']);
/** CONNECT and CONNECTED (and STOMP, its 1.2 alias) keep header values unescaped for 1.0 compatibility. */
const RAW_HEADER_COMMANDS = new Set<StompCommand>(['CONNECT', 'STOMP', 'CONNECTED']);

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

const UNESCAPES: Record<string, string> = { n: '\n', c: ':', '\\': '\\', r: '\r' };
const ESCAPES: Record<string, string> = { '\n': '\\n', ':': '\\c', '\\': '\\\\', '\r': '\\r' };

export class FrameDecoder {
  private pending: Uint8Array = new Uint8Array(0);
  private piecesOfPending = 0;

  constructor(
    private readonly commands: readonly StompCommand[],
    private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS,
  ) {}

  /** Feeds received bytes; returns every frame they complete. Heart-beat EOLs between frames are skipped. */
  push(chunk: Uint8Array | string): StompFrame[] {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    this.pending = this.pending.length === 0 ? bytes : concat(this.pending, bytes);
    const frames: StompFrame[] = [];
    for (;;) {
      this.pending = this.pending.subarray(skipEols(this.pending));
      if (this.pending.length === 0) {
        this.piecesOfPending = 0;
        return frames;
      }
      const parsed = parseFrame(this.pending, this.commands, this.limits);
      if (!parsed) {
        if (this.pending.length > this.limits.maxFrameBytes) throw new StompFrameError('frame too large');
        this.piecesOfPending += 1;
        if (this.piecesOfPending > this.limits.maxPiecesPerFrame) throw new StompFrameError('frame split into too many pieces');
        return frames;
      }
      frames.push(parsed.frame);
      this.pending = this.pending.subarray(parsed.size);
      this.piecesOfPending = 0;
    }
  }
}

/** Serializes a frame; a body (even empty) gets a content-length header. */
export function serializeFrame(frame: { command: StompCommand; headers?: Record<string, string>; body?: string }): string {
  const raw = RAW_HEADER_COMMANDS.has(frame.command);
  const lines: string[] = [frame.command];
  const headers = { ...frame.headers };
  if (frame.body !== undefined) headers['content-length'] = String(encoder.encode(frame.body).length);
  for (const [name, value] of Object.entries(headers)) {
    if (raw && (/[\r\n:]/.test(name) || /[\r\n]/.test(value))) throw new Error(`unsendable ${frame.command} header ${name}`);
    lines.push(raw ? `${name}:${value}` : `${escapeHeader(name)}:${escapeHeader(value)}`);
  }
  return `${lines.join('\n')}\n\n${frame.body ?? ''}\0`;
}

function escapeHeader(text: string): string {
  return text.replace(/[\n:\\\r]/g, (c) => ESCAPES[c]);
}

function unescapeHeader(text: string): string {
  return text.replace(/\\(.?)/gs, (_, c: string) => {
    const plain = UNESCAPES[c];
    if (plain === undefined) throw new StompFrameError('undefined escape sequence in a header');
    return plain;
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Length of the leading heart-beats (LF or CRLF); a trailing lone CR waits for its LF. */
function skipEols(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    if (buf[i] === LF) i += 1;
    else if (buf[i] === CR && buf[i + 1] === LF) i += 2;
    else break;
  }
  return i;
}

function decodeText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new StompFrameError('frame is not valid UTF-8');
  }
}

/** Parses one frame at the start of buf; null when more bytes are needed. */
function parseFrame(
  buf: Uint8Array,
  commands: readonly StompCommand[],
  limits: FrameLimits,
): { frame: StompFrame; size: number } | null {
  let pos = 0;
  const readLine = (): string | null => {
    const lf = buf.indexOf(LF, pos);
    const nul = buf.indexOf(NUL, pos);
    if (nul >= 0 && (lf < 0 || nul < lf)) throw new StompFrameError('frame ended inside its headers');
    if (lf < 0) return null;
    const end = lf > pos && buf[lf - 1] === CR ? lf - 1 : lf;
    const line = decodeText(buf.subarray(pos, end));
    if (line.includes('\r')) throw new StompFrameError('stray carriage return');
    pos = lf + 1;
    return line;
  };

  const command = readLine();
  if (command === null) return null;
  if (!(commands as readonly string[]).includes(command)) throw new StompFrameError('unknown command');
  const frameCommand = command as StompCommand;
  const raw = RAW_HEADER_COMMANDS.has(frameCommand);

  const headers: Record<string, string> = Object.create(null);
  for (let count = 0; ; count += 1) {
    const line = readLine();
    if (line === null) return null;
    if (line === '') break;
    if (count >= limits.maxHeaders) throw new StompFrameError('too many headers');
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompFrameError('malformed header');
    const rawValue = line.slice(colon + 1);
    if (!raw && rawValue.includes(':')) throw new StompFrameError('unescaped colon in a header value');
    const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
    const value = raw ? rawValue : unescapeHeader(rawValue);
    if (!(name in headers)) headers[name] = value;
  }

  let bodyEnd: number;
  const length = headers['content-length'];
  if (length !== undefined) {
    if (!/^\d{1,9}$/.test(length)) throw new StompFrameError('bad content-length');
    bodyEnd = pos + Number(length);
    if (bodyEnd + 1 > limits.maxFrameBytes) throw new StompFrameError('frame too large');
    if (buf.length <= bodyEnd) return null;
    if (buf[bodyEnd] !== NUL) throw new StompFrameError('body longer than its content-length');
  } else {
    bodyEnd = buf.indexOf(NUL, pos);
    if (bodyEnd < 0) return null;
  }
  if (bodyEnd + 1 > limits.maxFrameBytes) throw new StompFrameError('frame too large');
  const body = decodeText(buf.subarray(pos, bodyEnd));
  if (body.length > 0 && !BODY_COMMANDS.has(frameCommand)) throw new StompFrameError(`${command} frames carry no body`);
  return { frame: { command: frameCommand, headers, body }, size: bodyEnd + 1 };
}

/** A WebSocket message's bytes, however the socket handed them over. */
export function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
