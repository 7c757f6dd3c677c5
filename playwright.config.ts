import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shiftWallClockFromEnv } from './tests/wallClock';

// The clock guard (tests/wallClock.ts): with WALL_CLOCK set, this process, the test workers (which load this file
// too), the server below and the browsers (tests/e2e/support.ts) read one shifted wall clock.
shiftWallClockFromEnv();

// The e2e suite runs the real server (built site + API + /ws) on a fresh embedded database.
const port = Number(process.env.E2E_PORT ?? 8180);
export const e2eAdminToken = 'e2e-operator-token';
/** The mounted house vendor's operator and secret, so tests can call its signed API as the adapter does. */
export const e2eVendorOperator = 'e2e-site';
export const e2eVendorSecret = 'e2e-vendor-secret-0123456789';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hanbit-e2e-'));

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // One server, one database: tests that change site-wide settings (maintenance) must not overlap others.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // A fresh context per test would install the worker and fetch its whole precache every time; the specs
    // about working offline allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: {
    command: 'node --import tsx --import ./tests/wallClockImport.mjs server/main.ts',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: e2eAdminToken,
      VENDOR_OPERATOR: e2eVendorOperator,
      VENDOR_SECRET: e2eVendorSecret,
      CAPTCHA_FIXED: '1234',
      TEST_CLOCK: '1',
      NODE_ENV: 'test',
    },
  },
});
