import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// Browser tests in Debian's Chromium against the real service, which serves the built console (run
// `npm run build` first). The service starts on E2E_PORT with a fresh temporary data directory.
// Project `nginx` (tests/e2e/nginx/) serves the same build from Debian's nginx under sub-paths, with a service of
// its own on another origin; both on free ports, started and stopped by the spec (tests/e2e/nginx/host.ts).
const PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers beside one service, everywhere (CI too), and no retries: a test that fails once is a bug to fix.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 860 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    // A trace records a screencast of every test to keep only the failures': about a quarter of the suite's CPU on a
    // 2-core machine. CI (CI=1, .ci/run) keeps no files anyone could open, so it records none; its failures print
    // their error and a screenshot path as anywhere.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The console's service worker (sw.js) would answer page loads from its cache and hide requests from
    // page.route: blocked here; the offline specs opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'service', testIgnore: 'nginx/**' },
    { name: 'nginx', testMatch: 'nginx/**/*.spec.ts' },
  ],
  webServer: {
    command: 'node tests/e2e/start-service.mjs',
    // STATIC_DIR: serve a build from elsewhere than dist/ (parallel runs build into their own folders).
    // SEED_TODAY: the seed's "today" the specs' dates are written for (overdue RFIs, the meetings, daily reports).
    env: {
      PORT: String(PORT),
      SEED_TODAY: '2026-11-01',
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
    url: `http://127.0.0.1:${PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
