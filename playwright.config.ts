import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const debianChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    // Where it broke: a failed test keeps its trace and a screenshot of the page under test-results/
    // (outputDir), and its named steps (test.step) show in the list reporter and in the closing
    // summary of `npm test` (scripts/test-summary.ts).
    // The trace keeps each action's DOM snapshot and the sources, not the screencast: recording the
    // screencast of every test, kept or not, doubled the e2e layer's time on two cores. On CI (one
    // retry) it is recorded on the retry, as Playwright recommends: a test that fails fails twice and
    // keeps the retry's trace; the first attempt keeps its screenshot and named step (decision 120).
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // npm test hands over the headless shell (scripts/test.ts, decision 120); a direct `npx playwright test` uses Debian's browser.
      executablePath: process.env.RF_CHROMIUM_PATH ?? (existsSync(debianChromium) ? debianChromium : undefined),
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: /\.mobile\.spec\.ts$/ },
    { name: 'mobile', use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 780 }, isMobile: false, hasTouch: true }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx --conditions=react-server scripts/e2e-server.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_PORT: String(port) },
  },
});
