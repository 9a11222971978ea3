import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (contract, codecs, client, components under jsdom) and service tests that start
// the reference service on a free port and speak HTTP to it. Browser tests run under Playwright instead.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // Component tests under jsdom take 1–3 s on a quiet machine and have passed the 5 s default under load
          // (a 2-core machine with other work): the time limit guards against hangs, not speed.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'service',
          include: ['tests/service/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
