import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CLIENT_COMMANDS,
  FrameDecoder,
  SERVER_COMMANDS,
  serializeFrame,
  StompFrameError,
  type StompFrame,
} from '../../server/realtime/stompFrames';

const clientDecoder = () => new FrameDecoder(CLIENT_COMMANDS);
const decodeOne = (text: string | Uint8Array): StompFrame => {
  const frames = clientDecoder().push(text);
  expect(frames).toHaveLength(1);
  return frames[0];
};
const refuse = (text: string | Uint8Array, why: RegExp) => {
  expect(() => clientDecoder().push(text)).toThrow(StompFrameError);
  expect(() => clientDecoder().push(text)).toThrow(why);
};

describe('STOMP frame decoder', () => {
  it('reads a CONNECT frame as @stomp/stompjs sends it', () => {
    const frame = decodeOne('CONNECT\ntoken:abc\naccept-version:1.2,1.1,1.0\nheart-beat:10000,10000\n\n\0');
    expect(frame.command).toBe('CONNECT');
    expect({ ...frame.headers }).toEqual({ token: 'abc', 'accept-version': '1.2,1.1,1.0', 'heart-beat': '10000,10000' });
    expect(frame.body).toBe('');
  });

  it('accepts CRLF line ends and skips heart-beat EOLs between frames', () => {
    const frames = clientDecoder().push('\n\r\nSUBSCRIBE\r\nid:1\r\ndestination:/topic/cash\r\n\r\n\0\n\nUNSUBSCRIBE\nid:1\n\n\0\r\n');
    expect(frames.map((f) => f.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    expect(frames[0].headers.destination).toBe('/topic/cash');
  });

  it('unescapes header values except in CONNECT', () => {
    expect(decodeOne('SUBSCRIBE\nid:a\\cb\\nc\\\\d\\re\ndestination:/topic/x\n\n\0').headers.id).toBe('a:b\nc\\d\re');
    expect(decodeOne('CONNECT\ntoken:a:b\\n\n\n\0').headers.token).toBe('a:b\\n');
  });

  it('keeps the first of repeated headers', () => {
    expect(decodeOne('SUBSCRIBE\nid:first\nid:second\ndestination:/topic/x\n\n\0').headers.id).toBe('first');
  });

  it('reads a body by content-length, NUL bytes included', () => {
    const frame = decodeOne('SEND\ndestination:/topic/x\ncontent-length:5\n\nab\0cd\0');
    expect(frame.body).toBe('ab\0cd');
  });

  it('reassembles a frame split across pieces', () => {
    const decoder = clientDecoder();
    expect(decoder.push('SUBSCRIBE\nid:')).toEqual([]);
    expect(decoder.push('7\ndestination:/topic/x\n')).toEqual([]);
    const frames = decoder.push('\n\0SUBSCR');
    expect(frames).toHaveLength(1);
    expect(frames[0].headers.id).toBe('7');
    expect(decoder.push('IBE\nid:8\ndestination:/topic/y\n\n\0')[0].headers.id).toBe('8');
  });

  it('reads the server frames it writes (round trip with escaping)', () => {
    const headers = { destination: '/topic/member/t:k', 'message-id': 'm\n1', subscription: 'sub\\0' };
    const text = serializeFrame({ command: 'MESSAGE', headers, body: '한글 body' });
    const frame = new FrameDecoder(SERVER_COMMANDS).push(text)[0];
    expect(frame.command).toBe('MESSAGE');
    expect(frame.headers).toMatchObject({ ...headers, 'content-length': String(new TextEncoder().encode('한글 body').length) });
    expect(frame.body).toBe('한글 body');
  });

  it('round-trips any header value and body', () => {
    fc.assert(fc.property(fc.string(), fc.string().filter((s) => !s.includes('\0')), (value, body) => {
      const text = serializeFrame({ command: 'ERROR', headers: { message: value }, body });
      const [frame] = new FrameDecoder(SERVER_COMMANDS).push(text);
      return frame.headers.message === value && frame.body === body;
    }));
  });
});

describe('STOMP frame decoder refuses hostile input', () => {
  it('unknown or lower-case commands, and server commands from a client', () => {
    refuse('HELLO\n\n\0', /unknown command/);
    refuse('connect\n\n\0', /unknown command/);
    refuse('MESSAGE\n\n\0', /unknown command/);
  });

  it('headers without a name or colon, stray CR, bad escapes, raw colons in escaped frames', () => {
    refuse('SUBSCRIBE\nnocolon\n\n\0', /malformed header/);
    refuse('SUBSCRIBE\n:value\n\n\0', /malformed header/);
    refuse('SUBSCRIBE\nid:a\rb\n\n\0', /carriage return/);
    refuse('SUBSCRIBE\nid:a\\tb\n\n\0', /escape/);
    refuse('SUBSCRIBE\nid:a\\\n\n\0', /escape/);
    refuse('SUBSCRIBE\nid:a:b\n\n\0', /colon/);
  });

  it('too many headers', () => {
    const headers = Array.from({ length: 33 }, (_, i) => `h${i}:v`).join('\n');
    refuse(`SUBSCRIBE\n${headers}\n\n\0`, /too many headers/);
  });

  it('a NUL before the headers end', () => {
    refuse('SUBSCRIBE\nid:1\0', /inside its headers/);
    refuse('CONN\0ECT\n\n\0', /inside its headers/);
  });

  it('bad or lying content-length', () => {
    refuse('SEND\ncontent-length:-1\n\n\0', /content-length/);
    refuse('SEND\ncontent-length:1e3\n\n\0', /content-length/);
    refuse('SEND\ncontent-length:2\n\nabc\0', /longer than its content-length/);
    refuse('SEND\ncontent-length:999999999\n\n\0', /too large/);
  });

  it('a body on a frame that must not have one', () => {
    refuse('SUBSCRIBE\nid:1\ndestination:/topic/x\n\nsurprise\0', /carry no body/);
  });

  it('invalid UTF-8', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('SUBSCRIBE\nid:'), 0xff, 0xfe, ...new TextEncoder().encode('\n\n\0')]);
    refuse(bytes, /UTF-8/);
  });

  it('a frame larger than the limit, even when it never ends', () => {
    refuse(`SEND\ndestination:/topic/x\n\n${'x'.repeat(70_000)}\0`, /too large/);
    refuse(`SEND\ndestination:/topic/x\n\n${'x'.repeat(70_000)}`, /too large/);
    refuse(`SUBSCRIBE\nid:${'x'.repeat(70_000)}`, /too large/);
  });

  it('a frame dribbled in too many pieces', () => {
    const decoder = clientDecoder();
    decoder.push('SUBSCRIBE\n');
    expect(() => {
      for (let i = 0; i < 100; i += 1) decoder.push('x');
    }).toThrow(/too many pieces/);
  });

  it('never throws anything but StompFrameError on random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      try {
        clientDecoder().push(new Uint8Array([...new TextEncoder().encode('SUBSCRIBE\n'), ...bytes]));
      } catch (err) {
        return err instanceof StompFrameError;
      }
      return true;
    }));
  });
});

describe('STOMP frame serializer', () => {
  it('ends with NUL, carries content-length and escapes headers', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { destination: '/topic/a:b' }, body: 'hi' }))
      .toBe('MESSAGE\ndestination:/topic/a\\cb\ncontent-length:2\n\nhi\0');
    expect(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': '9' } })).toBe('RECEIPT\nreceipt-id:9\n\n\0');
  });

  it('writes CONNECTED headers unescaped, and refuses ones that cannot be', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', server: 'a:b' } })).toBe('CONNECTED\nversion:1.2\nserver:a:b\n\n\0');
    expect(() => serializeFrame({ command: 'CONNECTED', headers: { server: 'a\nb' } })).toThrow();
  });
});
