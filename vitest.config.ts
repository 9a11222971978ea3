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
