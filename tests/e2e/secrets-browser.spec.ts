// Secrets in the browser: after a scripted session (a failed sign-in, a sign-in, an edit, a failed call, a
// re-sign-in over an expired session) no password is in localStorage, sessionStorage or the DOM, and the
// session key is never in the DOM (not even on the admin's request log). The service is this file's own, with
// `pm`'s password changed to a distinctive one so that a search for it means something ("pm" is everywhere).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/db';
import { PINNED_SEED_TODAY, seed as seedDb } from '../../server/db/seed';
import { hashPassword } from '../../server/passwords';
import { startService, type RunningService } from '../../server/service';
import { fillSignIn, seed, shot } from './helpers';

const PORT = Number(process.env.E2E_SECRETS_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 12);
const PASSWORD = 'Tr0ub4dor-3-correct-horse';
const WRONG_PASSWORD = 'Wr0ng-battery-staple-7391';
const TTL_SECONDS = 15;

let service: RunningService | undefined;
let dataDir = '';
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pm-console-secrets-'));
  const db = openDatabase(join(dataDir, 'pm.sqlite'));
  seedDb(db, { today: PINNED_SEED_TODAY });
  db.prepare('UPDATE users SET password_hash = ? WHERE user_name = ?').run(hashPassword(PASSWORD), 'pm');
  db.close();
  service = await startService({
    dataDir,
    port: PORT,
    staticDir: resolve(process.env.STATIC_DIR ?? 'dist'),
    sessionTtlSeconds: TTL_SECONDS,
  });
});
test.afterAll(async () => {
  await service?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Everything the page keeps: both storages (keys and values) and the serialised DOM. */
async function whatThePageKeeps(page: Page) {
  const storage = await page.evaluate(() => {
    const dump = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => s.key(i)!)
        .map((k) => `${k}=${s.getItem(k)}`)
        .join('\n');
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
  const inputs = await page.evaluate(() =>
    [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value).join('\n'),
  );
  return { ...storage, dom: await page.content(), inputs };
}

/**
 * `inputs`: the live values of the fields. Right after a failed sign-in the typed password is still in its
 * field (nothing typed is lost), but only there: not in the markup, not in storage.
 */
function expectNoPassword(
  kept: Awaited<ReturnType<typeof whatThePageKeeps>>,
  when: string,
  inFields = false,
) {
  for (const secret of [PASSWORD, WRONG_PASSWORD]) {
    expect(kept.local, `${when}: password in localStorage`).not.toContain(secret);
    expect(kept.session, `${when}: password in sessionStorage`).not.toContain(secret);
    expect(kept.dom, `${when}: password in the DOM`).not.toContain(secret);
    if (!inFields) expect(kept.inputs, `${when}: password left in a field`).not.toContain(secret);
  }
}

async function sessionKey(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('pm-console.session'));
  const key = (JSON.parse(raw ?? '{}') as { sessionKey?: string }).sessionKey;
  expect(key, 'a session after sign-in').toBeTruthy();
  return key!;
}

test('sign-in, an edit, a failed call and a re-sign-in leave no password and no session key behind', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const keys: string[] = [];

  // 1. A failed sign-in (wrong password): refused, and the wrong password is not kept anywhere.
  await page.goto('/signin');
  await fillSignIn(page, 'pm', WRONG_PASSWORD);
  await expect(page.getByText('The user name or password is not correct.')).toBeVisible();
  const afterFailure = await whatThePageKeeps(page);
  expect(afterFailure.inputs).toContain(WRONG_PASSWORD);
  expectNoPassword(afterFailure, 'after a failed sign-in', true);
  await shot(page, 'secrets-failed-signin');

  // 2. Sign in.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  keys.push(await sessionKey(page));
  expectNoPassword(await whatThePageKeeps(page), 'after sign-in');

  // 3. An edit: RFI-002's question, saved.
  await page.goto('/projects/1/rfis/4/102');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const question = page.getByRole('textbox', { name: 'Question' });
  await question.fill(`${await question.inputValue()} (checked by the secrets suite)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('checked by the secrets suite')).toBeVisible();
  expectNoPassword(await whatThePageKeeps(page), 'after an edit');

  // 4. A failed call: an unknown project answers 404.
  await page.goto('/projects/987654');
  await expect(page.getByText(/not found|could not be found|does not exist/i).first()).toBeVisible();
  expectNoPassword(await whatThePageKeeps(page), 'after a failed call');

  // 5. The session lapses; the next call asks to sign in again over the page.
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  // Sessions slide: the lapse counts from the page's last call (the dashboard's panels go on reading after its
  // heading shows), so wait until no call has been made for the whole lifetime and a little more.
  let lastCall = Date.now();
  page.on('request', (r) => {
    if (/\/api\/internal\/|\/json\/reply\//.test(r.url())) lastCall = Date.now();
  });
  await expect
    .poll(() => Date.now() - lastCall, { timeout: 120_000, intervals: [500] })
    .toBeGreaterThan(TTL_SECONDS * 1000 + 1500);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'RFIs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();
  keys.push(await sessionKey(page));
  const kept = await whatThePageKeeps(page);
  expectNoPassword(kept, 'after signing in again');
  for (const key of keys) expect(kept.dom, 'session key in the DOM').not.toContain(key);
  await shot(page, 'secrets-after-session');

  // 6. The admin's request log of that session shows the keys masked, never in full.
  const admin = await browser.newPage();
  await admin.goto('/signin');
  await fillSignIn(admin, seed.admin.userName, seed.admin.password);
  await expect(admin.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await admin.goto('/admin/request-log?UserAuthId=pm');
  const rows = admin.getByRole('grid', { name: 'Requests' }).locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  await rows.first().locator('[role="gridcell"]').first().click();
  await expect(admin.getByTestId('entry-detail')).toBeVisible();
  await expect(admin.getByTestId('entry-detail')).toContainText('sess-');
  const logDom = await admin.content();
  for (const key of keys) expect(logDom, 'session key on the request log').not.toContain(key);
  for (const secret of [PASSWORD, WRONG_PASSWORD]) expect(logDom).not.toContain(secret);
  await shot(admin, 'secrets-request-log');
  await admin.close();
  console.log(`secrets (browser): 5 checkpoints + request log, ${keys.length} session keys, 0 leaks`);
});
