/**
 * The bench's HTTP load generator in a child process (bench/games.ts): a real client is never in the server's
 * process, and in the bench's one process its work (fetch's streams, its JSON) was charged to the server's event
 * loop, and on PGlite to the database's too. Plain node:http with keep-alive, the lightest client at hand; plain
 * JavaScript run by plain node, as bench/stompSockets.mjs.
 * Messages (IPC): in {url, seconds, requests: [{method, path, headers, body}], warmUp}, one loop per request (a worker
 * sends its own request `warmUp` times untimed, then repeats it, e.g. one player's spin, until the deadline; workers
 * run at once, the timing starts when every worker is warm); out {seconds,
 * outcomes: [outcome, latencyMs][]} once every loop ended; the bench then ends the process. An outcome is '0' for a 2xx answer whose JSON does
 * not say `ok: false`, else the answer's `code` (or `HTTP <status>`).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

function send(agent, target, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: target.hostname, port: target.port, path: `${target.pathname.replace(/\/$/, '')}${path}`, method, agent,
      headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        let answer = null;
        try {
          answer = JSON.parse(text);
        } catch { /* not JSON: the status decides */ }
        const ok = response.statusCode >= 200 && response.statusCode < 300 && answer?.ok !== false;
        resolve(ok ? '0' : String(answer?.code ?? `HTTP ${response.statusCode}`));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

process.once('message', async ({ url, seconds, requests, warmUp = 0 }) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: requests.length });
  await Promise.all(requests.map(async (request) => {
    for (let i = 0; i < warmUp; i += 1) await send(agent, target, request);
  }));
  const outcomes = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(requests.map(async (request) => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const outcome = await send(agent, target, request);
      outcomes.push([outcome, performance.now() - sent]);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  // The bench ends this process once it has the outcomes (measure.ts benchChild).
  process.send({ seconds: elapsed, outcomes });
});
