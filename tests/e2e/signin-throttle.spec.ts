// Issue 16: a throttled sign-in in the browser. Its own service (6-second sessions, so the re-sign-in dialog can
// be reached for real), guessed at until the service answers 429: the sign-in page and the re-sign-in dialog show
// the service's sentence with the wait, the console sends nothing by itself afterwards, and once the wait is over
// the right password gets in.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed } from './helpers';

const TTL_SECONDS = 6;
const THROTTLED = /^Too many failed sign-ins\. Try again in (\d+) seconds?\.$/;
const WRONG = 'The user name or password is not correct.';

test.describe.configure({ mode: 'serial' });
test.use({ serviceEnv: { SESSION_TTL_SECONDS: String(TTL_SECONDS) } });

/** Counts the sign-in requests the page sends. */
function countSignIns(page: Page): { count: number } {
  const sent = { count: 0 };
  page.on('request', (r) => {
    if (r.url().toLowerCase().includes('/authenticateuser')) sent.count++;
  });
  return sent;
}

/** Submits wrong passwords until the service answers 429; returns the statuses seen. */
async function guessUntilThrottled(page: Page, scope: ReturnType<Page['locator']> | Page, userName?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) {
    if (userName !== undefined) await scope.getByLabel('Username').fill(userName);
    await scope.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().toLowerCase().includes('/authenticateuser')),
      scope.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    statuses.push(reply.status());
    if (reply.status() === 401) await expect(scope.getByRole('alert')).toContainText(WRONG);
  }
  return statuses;
}

test('sign-in page: after 5 wrong passwords the wait is shown as a sentence, and nothing is retried', async ({
  page,
}) => {
  const sent = countSignIns(page);
  await page.goto('/signin');
  const statuses = await guessUntilThrottled(page, page, seed.admin.userName);
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.at(-1)).toBe(429);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/Sign-in failed/);
  const text = (await alert.innerText()).replace(/^Sign-in failed\s*/, '').trim();
  expect(text).toMatch(THROTTLED);
  await page.screenshot({ path: 'test-results/screens/sign-in-throttled.png', fullPage: true });
  // Nothing is sent again behind the user's back.
  const before = sent.count;
  expect(before).toBe(statuses.length);
  await page.waitForTimeout(2500);
  expect(sent.count).toBe(before);
  await expect(page).toHaveURL(/\/signin/);
});

test('re-sign-in dialog: the wait is shown in the dialog; after it the right password carries on', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(seed.pm.userName);
  await page.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByLabel('Project id').fill(String(seed.project1.id));
  await page.waitForTimeout(TTL_SECONDS * 1000 + 1500);
  await page.getByRole('button', { name: 'Open', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue(seed.pm.userName);
  const sent = countSignIns(page);
  const statuses = await guessUntilThrottled(page, dialog);
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.at(-1)).toBe(429);
  const text = (await dialog.getByRole('alert').innerText()).replace(/^Sign-in failed\s*/, '').trim();
  const wait = Number(THROTTLED.exec(text)?.[1]);
  expect(wait).toBeGreaterThanOrEqual(1);
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/reauth-throttled.png', fullPage: true });
  const before = sent.count;
  await page.waitForTimeout(wait * 1000 + 300);
  expect(sent.count).toBe(before);

  // The wait is over: the right password gets in and the refused request goes through.
  await dialog.getByLabel('Password', { exact: true }).fill(seed.pm.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/projects\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
});
