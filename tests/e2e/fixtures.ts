// Playwright fixtures the specs share. Import `test` and `expect` from here instead of '@playwright/test'.
//
// - `serviceEnv` (worker option): a spec that sets it, e.g. `test.use({ serviceEnv: { SESSION_TTL_SECONDS: '5' } })`,
//   gets a service of its own for its worker, started with that environment on a free port, and `baseURL` (so
//   `page.goto('/…')` and `request`) points at it. Without it the tests use the shared service of
//   playwright.config.ts.
// - `failOnPageErrors` (test option): tests under `test.use({ failOnPageErrors: true })` fail on any uncaught error
//   in the page (`pageerror`), checked after the test body; `{ console: …, dialogs: true }` also counts the console
//   messages `console` names and any dialog the page opens by itself.
import { expect, test as base } from '@playwright/test';
import { startService, type RunningService } from './service';

/** Console messages that count as errors. */
export interface ConsoleErrors {
  /** Only messages of this type; every type when omitted. */
  type?: 'error';
  /** Only messages whose text matches. */
  match?: RegExp;
  /** Not the messages whose text matches (an allowance, e.g. unreachable external images). */
  except?: RegExp;
}

export interface PageErrorOptions {
  /** Console messages that count too (none when omitted). */
  console?: ConsoleErrors;
  /** A dialog (alert, confirm, prompt) the page opens counts too, and is dismissed. */
  dialogs?: boolean;
}

interface TestFixtures {
  failOnPageErrors: boolean | PageErrorOptions;
}

interface WorkerFixtures {
  serviceEnv: Record<string, string> | undefined;
  ownService: RunningService | undefined;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serviceEnv: [undefined, { scope: 'worker', option: true }],
  ownService: [
    async ({ serviceEnv }, use) => {
      if (!serviceEnv) return use(undefined);
      const service = await startService(0, serviceEnv);
      try {
        await use(service);
      } finally {
        await service.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ baseURL, ownService }, use) => {
    await use(ownService?.url ?? baseURL);
  },

  failOnPageErrors: [false, { option: true }],
  page: async ({ page, failOnPageErrors }, use) => {
    if (!failOnPageErrors) return use(page);
    const { console: consoleErrors, dialogs } = failOnPageErrors === true ? {} : failOnPageErrors;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (consoleErrors) {
      const { type, match, except } = consoleErrors;
      page.on('console', (m) => {
        if (type && m.type() !== type) return;
        if (match && !match.test(m.text())) return;
        if (except?.test(m.text())) return;
        errors.push(m.text());
      });
    }
    if (dialogs) {
      page.on('dialog', (d) => {
        errors.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
    }
    await use(page);
    expect(errors, 'errors in the page').toEqual([]);
  },
});

export { expect };
