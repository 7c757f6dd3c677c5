/**
 * `npm run lighthouse`: Lighthouse 12 (mobile: its default Slow 4G and 4x CPU; desktop: its desktop
 * config) on Debian's chromium, for `/` as a guest and `/charge` as the demo member. Prints performance,
 * LCP, accessibility and best practices for each.
 *
 * Without --url it starts the server on the built dist/ (run `npm run build` first) with a fresh data
 * directory and CAPTCHA_FIXED, so it can sign the demo member in; with --url it measures that site
 * (the member run then needs CAPTCHA_FIXED=1234 there). --runs N keeps the median run of N by score.
 *
 * --save DIR writes each kept run's full report (JSON) there.
 *
 *   npm run lighthouse -- [--url http://127.0.0.1:8080] [--port 8214] [--runs 3] [--save /tmp/lh]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import WebSocket from 'ws';
import { callPaths } from '../contract/callPaths.ts';
import { SITE_ID_DEFAULT, TOKEN_COOKIE, siteAuthorization } from '../contract/constants.ts';
import { open, seal } from '../contract/envelope.ts';

const CAPTCHA = '1234';
const DEMO = { memId: 'demo01', memPass: 'demo1234' };
const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, port: { type: 'string', default: '8214' }, runs: { type: 'string', default: '1' }, save: { type: 'string' } },
});

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** Starts server/main.ts on dist/ with a fresh embedded database; answers its origin and a stop function. */
async function startSite(port) {
  if (!existsSync('dist/index.html')) throw new Error('no build in dist/: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'hanbit-lighthouse-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_FIXED: CAPTCHA, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`, 120_000);
  return {
    origin,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(origin, path, payload) {
  const response = await fetch(new URL(path, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: siteAuthorization(SITE_ID_DEFAULT) },
    body: JSON.stringify({ data: seal(payload, SITE_ID_DEFAULT) }),
  });
  const opened = open((await response.json()).data);
  if (!opened.ok || opened.payload.resultCode !== '0') throw new Error(`${path} refused: ${JSON.stringify(opened)}`);
  return opened.payload.data;
}

/** Signs the demo member in and answers the 'token' cookie value the site keeps (src/api/token.ts). */
async function memberCookie(origin) {
  const { captchaId } = await call(origin, callPaths.captcha.path, {});
  const { token, expiresAt } = await call(origin, callPaths.login.path, { ...DEMO, captchaId, captcha: CAPTCHA });
  return encodeURIComponent(JSON.stringify({ token, expiresAt }));
}

/** Sets a cookie in the whole browser through the DevTools protocol. */
async function setCookie(port, origin, name, value) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await new Promise((resolve, reject) => {
    socket.once('message', (data) => {
      const answer = JSON.parse(String(data));
      if (answer.error) reject(new Error(answer.error.message));
      else resolve();
    });
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: [{ name, value, url: origin, sameSite: 'Lax' }] } }));
  });
  socket.close();
}

/** One Lighthouse run in a fresh browser profile. */
async function audit(url, formFactor, cookie) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    if (cookie) await setCookie(chrome.port, new URL(url).origin, TOKEN_COOKIE, cookie);
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableStorageReset: Boolean(cookie) },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.message}`);
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    // What keeps accessibility and best practices below 100, to know what to fix.
    const failing = ['accessibility', 'best-practices'].flatMap((id) => categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => ref.id));
    return {
      failing,
      performance: score('performance'),
      lcp: audits['largest-contentful-paint'].numericValue / 1000,
      tbt: audits['total-blocking-time'].numericValue,
      // Lighthouse's own measure of this machine's CPU: its 4x throttle slows whatever this is, so mobile
      // figures from machines of different speed are not comparable.
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      finalUrl: result.lhr.finalDisplayedUrl,
      report: result.report,
    };
  } finally {
    chrome.kill();
  }
}

async function median(url, formFactor, cookie, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await audit(url, formFactor, cookie));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)];
}

const site = args.url ? { origin: args.url.replace(/\/$/, ''), stop() {} } : await startSite(args.port);
try {
  const cookie = await memberCookie(site.origin);
  // The deposit page is /charge on the desktop tree and /member/chargeMain/charge on the phone's.
  const pages = (formFactor) => [
    { page: '/ (guest)', path: '/', cookie: null },
    { page: '/charge (member)', path: formFactor === 'mobile' ? '/member/chargeMain/charge' : '/charge', cookie },
  ];
  const rows = [];
  for (const formFactor of ['mobile', 'desktop']) {
    for (const { page, path, cookie: pageCookie } of pages(formFactor)) {
      const r = await median(`${site.origin}${path}`, formFactor, pageCookie, Number(args.runs));
      rows.push({ formFactor, page, ...r });
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        writeFileSync(join(args.save, `${formFactor}-${page.split(' ')[0].replace(/\W+/g, '') || 'home'}.json`), r.report);
      }
      console.log(`${formFactor.padEnd(8)} ${page.padEnd(17)} performance ${String(r.performance).padStart(3)}  LCP ${r.lcp.toFixed(1)} s  TBT ${Math.round(r.tbt)} ms  accessibility ${String(r.accessibility).padStart(3)}  best practices ${String(r.bestPractices).padStart(3)}  (${r.finalUrl})`);
      if (r.failing.length > 0) console.log(`         not passed: ${r.failing.join(', ')}`);
    }
  }
  console.log('\n| form factor | page | performance | LCP | TBT | accessibility | best practices |\n|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.formFactor} | \`${r.page}\` | ${r.performance} | ${r.lcp.toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.accessibility} | ${r.bestPractices} |`);
  const indexes = rows.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  console.log(`\nLighthouse's benchmark index of this machine's CPU: ${Math.round(indexes[0])} to ${Math.round(indexes.at(-1))} over the kept runs`);
} finally {
  site.stop();
}
