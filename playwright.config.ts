import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shiftWallClockFromEnv } from './tests/wallClock';

// The clock guard (tests/wallClock.ts): with WALL_CLOCK set, this process, the test workers (which load this file
// too), the server below and the browsers (tests/e2e/support.ts) read one shifted wall clock.
shiftWallClockFromEnv();

// The e2e suite runs the real server (built site + API + /ws) on a fresh embedded database.
// Each project has a server of its own (E2E_PORT for desktop, the next port for phone) and one worker on it:
// the two sizes run side by side, and no test shares a server (its clock, settings, members) with another.
const port = Number(process.env.E2E_PORT ?? 8180);
const ports = { desktop: port, phone: port + 1 };
export const e2eAdminToken = 'e2e-operator-token';
/** The mounted house vendor's operator and secret, so tests can call its signed API as the adapter does. */
export const e2eVendorOperator = 'e2e-site';
export const e2eVendorSecret = 'e2e-vendor-secret-0123456789';
/** The mounted odds feed's operator and secret, so tests can call its signed settings (a league's speed) as the site does. */
export const e2eFeedOperator = 'e2e-site';
export const e2eFeedSecret = 'e2e-feed-secret-0123456789';
/**
 * Where a project's server's start-up output is kept (it is also printed): the console's first owner and its
 * one-time password are printed there at the first start (tests/e2e/consoleSupport.ts reads them).
 */
export const e2eServerLog = (projectPort: number) => join(tmpdir(), `hanbit-e2e-server-${projectPort}.log`);
const dataDir = (name: string) => mkdtempSync(join(tmpdir(), `hanbit-e2e-${name}-`));

/** The browser every project launches (a spec that needs more flags extends these). */
export const e2eChromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // One worker per project, each on its own server and database (ports above): tests that change site-wide
  // settings (maintenance, the server's clock) never overlap another test on the same server.
  workers: 2,
  fullyParallel: false,
  // On CI a failed test runs once more and, if it passes then, is reported as flaky (its first failure stays in the
  // output); a test that fails twice fails the run. The live-feed specs wait on matches in real time, where one
  // slow moment on a loaded two-core machine should not sink a whole run. Locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: e2eChromium,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // A fresh context per test would install the worker and fetch its whole precache every time; the specs
    // about working offline allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    // A click on something covered, or a wait for a request that never leaves, fails after 30 s with what it waited
    // for, rather than running out a long live-feed test's whole time with no word of where it stood.
    actionTimeout: 30_000,
    trace: 'off',
  },
  projects: [
    { name: 'desktop', workers: 1, use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${ports.desktop}`, viewport: { width: 1280, height: 800 }, launchOptions: e2eChromium } },
    { name: 'phone', workers: 1, use: { ...devices['Pixel 7'], baseURL: `http://127.0.0.1:${ports.phone}`, viewport: { width: 390, height: 844 }, launchOptions: e2eChromium } },
  ],
  webServer: Object.entries(ports).map(([name, projectPort]) => ({
    command: `node --import tsx --import ./tests/wallClockImport.mjs server/main.ts | tee ${e2eServerLog(projectPort)}`,
    url: `http://127.0.0.1:${projectPort}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(projectPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(name),
      ADMIN_TOKEN: e2eAdminToken,
      // The tests' set-up calls with the token skip four-eyes (refused in production); the console's calls never do.
      ADMIN_TOKEN_FOUR_EYES: '0',
      VENDOR_OPERATOR: e2eVendorOperator,
      VENDOR_SECRET: e2eVendorSecret,
      FEED_OPERATOR: e2eFeedOperator,
      FEED_SECRET: e2eFeedSecret,
      CAPTCHA_FIXED: '1234',
      TEST_CLOCK: '1',
      NODE_ENV: 'test',
    },
  })),
});
