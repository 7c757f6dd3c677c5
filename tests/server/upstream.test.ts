/**
 * A connection to RabbitMQ's Web-STOMP (server/realtime/rabbit.ts UpstreamSession) sends STOMP heart-beats: Web-STOMP
 * closes a connection that has sent nothing for 60 s, which dropped every idle member's socket each minute and the
 * instance's connection for the public topics whenever no price moved. Here against a stand-in that keeps the same
 * rule on a shorter clock (RabbitMQ's own 60 s was seen in the bench and by hand, README "Bench in broker mode").
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { UpstreamSession } from '../../server/realtime/rabbit';

const IDLE_MS = 1_000;

describe('a connection to Web-STOMP', () => {
  let server: WebSocketServer;
  let url: string;
  const connects: string[] = [];
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    // Web-STOMP's rule: a connection that sends nothing for IDLE_MS is closed.
    server.on('connection', (ws) => {
      let idle = setTimeout(() => ws.close(1000), IDLE_MS);
      ws.on('message', (data) => {
        clearTimeout(idle);
        idle = setTimeout(() => ws.close(1000), IDLE_MS);
        const text = data.toString();
        if (text.startsWith('CONNECT')) {
          connects.push(text);
          ws.send('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
        }
      });
      ws.on('close', () => clearTimeout(idle));
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('says it will send heart-beats and sends them, so an idle connection outlives the idle time-out', async () => {
    let ended = false;
    const session = await UpstreamSession.open(url, 'credential', { onMessage: () => undefined, onEnd: () => { ended = true; } }, IDLE_MS / 4);
    expect(connects.at(-1)).toContain(`heart-beat:${IDLE_MS / 4},0`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
    expect(ended).toBe(false);
    session.close();
    expect(ended).toBe(true);
  });
});
