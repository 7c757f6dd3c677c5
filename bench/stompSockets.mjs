/**
 * The sockets of the bench's real-time phase (bench/sports.ts), in a child process so that their work, their
 * memory and their file descriptors are not the server's: WebSockets to the real-time endpoint, each a STOMP 1.2
 * session of a signed-in member (CONNECT with the session's token) subscribed to its member topic, as every
 * signed-in tab of the PWA is; `subscribed` of them also follow one destination, as a tab showing a fixture does,
 * and the rest (members on other screens) nothing more. Each MESSAGE frame's arrival on the followed destination
 * (ms since the epoch, performance.timeOrigin + now, comparable with the parent's) is kept per subscribed socket,
 * in order. Plain JavaScript, run by plain node: no TypeScript loader needed.
 * Messages (IPC): in {url, destination, subscribed, sessions: [{token, memberTopic}]} (a socket a session);
 * out {ready: true, failed} once every socket is connected (and every SUBSCRIBE has its RECEIPT); in 'report' ->
 * out {arrivals: number[][], bytes, closed} (closed: sockets the server closed meanwhile) and every socket
 * closed; the parent then ends the process.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const sockets = [];
let arrivals = [];
let bytes = 0;
let closedByServer = 0;
let reporting = false;

function frame(command, headers) {
  return `${command}\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n\0`;
}

/**
 * A member's STOMP session on `url`, subscribed to its member topic, and to `destination` when given (its frames'
 * arrivals in `arrivals[index]`); resolves once the last SUBSCRIBE has its receipt.
 */
function open(url, session, destination, index) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['v12.stomp']);
    sockets.push(socket);
    socket.on('open', () => socket.send(frame('CONNECT', { 'accept-version': '1.2', host: 'bench', 'heart-beat': '0,0', token: session.token })));
    socket.on('error', reject);
    let up = false;
    socket.on('close', (code) => {
      // Closed before its session was up: a failed connection; after, the server closed it.
      if (!up) reject(new Error(`closed (${code})`));
      else if (!reporting) closedByServer += 1;
    });
    const last = destination === null ? 'member' : 'followed';
    socket.on('message', (data) => {
      const text = data.toString();
      // A WebSocket message may hold several frames; each ends with NUL.
      for (const part of text.split('\0')) {
        if (part.startsWith('MESSAGE')) {
          if (!part.includes('\nsubscription:followed\n')) continue;
          arrivals[index].push(performance.timeOrigin + performance.now());
          bytes += part.length;
        } else if (part.startsWith('CONNECTED')) {
          socket.send(frame('SUBSCRIBE', { id: 'member', destination: session.memberTopic, receipt: 'member' }));
          if (destination !== null) socket.send(frame('SUBSCRIBE', { id: 'followed', destination, receipt: 'followed' }));
        } else if (part.startsWith('RECEIPT') && part.includes(`receipt-id:${last}`)) {
          up = true;
          resolve();
        } else if (part.startsWith('ERROR')) {
          reject(new Error(part));
        }
      }
    });
  });
}

process.once('message', async ({ url, destination, subscribed, sessions }) => {
  arrivals = Array.from({ length: subscribed }, () => []);
  const plan = sessions.map((session, i) => (i < subscribed ? [session, destination, i] : [session, null, -1]));
  let failed = 0;
  const reasons = new Set();
  // Opened a batch at a time: thousands of handshakes at once would time out behind each other.
  for (let i = 0; i < plan.length; i += 100) {
    const batch = await Promise.allSettled(plan.slice(i, i + 100).map(([session, to, index]) => open(url, session, to, index)));
    for (const outcome of batch) {
      if (outcome.status !== 'rejected') continue;
      failed += 1;
      reasons.add(String(outcome.reason?.message ?? outcome.reason).slice(0, 120));
    }
  }
  process.send({ ready: true, failed, reasons: [...reasons].slice(0, 5) });
  process.on('message', (message) => {
    if (message !== 'report') return;
    reporting = true;
    for (const socket of sockets) socket.close();
    // The bench ends this process once it has the report (measure.ts benchChild).
    process.send({ arrivals, bytes, closed: closedByServer });
  });
});
