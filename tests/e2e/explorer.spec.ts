import { expect, test } from '@playwright/test';
import { seed, shot, signIn } from './helpers';

// Project 1 starts on 2025-09-15 (12:00 UTC, server/db/seed.ts); the browser runs in America/Los_Angeles.

test('send project/get from the explorer and see the decoded start date', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.getByRole('link', { name: 'API explorer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API explorer' })).toBeVisible();
  await shot(page, 'explorer-start');

  await page.getByLabel('Find an operation').fill('project/get');
  const ops = page.getByRole('navigation', { name: 'Operations' });
  await expect(ops.getByRole('button')).toHaveCount(1);
  await ops.getByRole('button', { name: /ProjectGetRequest/ }).click();
  await page.getByLabel('projectId').fill('1');
  // The JSON follows the form.
  await expect(page.getByLabel('Request JSON')).toHaveValue(/"projectId": 1/);
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page.getByTestId('reply-status')).toHaveText('HTTP 200');
  await expect(page.getByTestId('reply-duration')).toHaveText(/\d+(\.\d)? ms/);
  await expect(page.getByTestId('reply-route')).toHaveText('POST /api/internal/project/get');
  const start = page.getByTestId('date-project.startDate');
  await expect(start).toContainText('Sep 15, 2025');
  await expect(start).toContainText('2025-09-15T12:00:00.000Z');
  await expect(page.getByRole('tree', { name: 'Reply' })).toContainText(seed.project1.name);
  await shot(page, 'explorer-reply');

  await page.getByRole('tab', { name: 'Raw' }).click();
  await expect(page.getByTestId('reply-raw')).toContainText('"startDate":"\\/Date(');
  await expect(page.getByTestId('reply-raw')).not.toContainText(/"authSessionKey"/);

  // The request is in the URL: a reload (or a shared link) opens the same request.
  await expect(page).toHaveURL(/op=ProjectGetRequest/);
  await expect(page).toHaveURL(/request=/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'ProjectGetRequest' })).toBeVisible();
  await expect(page.getByLabel('projectId')).toHaveValue('1');
});

test('edit the JSON and see the form follow; bad JSON keeps the text and says why', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/api-explorer?op=FolderUpdateRequest');
  await expect(page.getByRole('heading', { level: 2, name: 'FolderUpdateRequest' })).toBeVisible();
  const json = page.getByLabel('Request JSON');
  await json.fill(
    '{\n  "folder": { "folderId": 18, "folderDescription": "From the explorer", "createdDate": "2026-03-02T12:00:00Z" },\n  "additionalInfo": [{ "propertyName": "a", "propertyValue": "b" }]\n}',
  );
  // Nested object, a list of objects and a date, all in the form.
  await expect(page.getByLabel('folderId')).toHaveValue('18');
  await expect(page.getByLabel('folderDescription')).toHaveValue('From the explorer');
  await expect(page.getByLabel('propertyName')).toHaveValue('a');
  await expect(page.getByRole('button', { name: /createdDate/ })).toContainText('2026-03-02');

  // Form → JSON.
  await page.getByLabel('folderDescription').fill('Edited in the form');
  await expect(json).toHaveValue(/"folderDescription": "Edited in the form"/);

  // Invalid JSON: a message, the text stays, the form keeps the last valid request.
  await json.fill('{ "folder": ');
  await expect(page.getByText(/Not valid JSON/)).toBeVisible();
  await expect(json).toHaveValue('{ "folder": ');
  await expect(page.getByLabel('folderDescription')).toHaveValue('Edited in the form');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await shot(page, 'explorer-json-error');
});

test('a write asks first; copy as curl uses $PM_SESSION_KEY, never the key', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, seed.pm);
  await page.goto(
    '/api-explorer?op=FolderUpdateRequest&request=' +
      encodeURIComponent(
        JSON.stringify({ folder: { folderId: 18, folderDescription: 'Sent from the explorer' } }),
      ),
  );
  await expect(page.getByLabel('folderDescription')).toHaveValue('Sent from the explorer');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain("curl -X POST 'http://127.0.0.1:");
  expect(curl).toContain('/api/internal/folder/update');
  expect(curl).toContain(`"authSessionKey":"'"$PM_SESSION_KEY"'"`);
  const session = await page.evaluate(() => sessionStorage.getItem('pm-console.session'));
  expect(curl).not.toContain(JSON.parse(session!).sessionKey);
  await page.getByRole('button', { name: 'Copy as fetch' }).click();
  const fetchText = await page.evaluate(() => navigator.clipboard.readText());
  expect(fetchText).toContain('await fetch("http://127.0.0.1:');
  expect(fetchText).toContain('${PM_SESSION_KEY}');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send FolderUpdateRequest?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'explorer-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('reply-status')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send FolderUpdateRequest' }).click();
  await expect(page.getByTestId('reply-status')).toHaveText('HTTP 200');

  // The change is there: read the folder back.
  await page.getByLabel('Find an operation').fill('folder/get');
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('button', { name: /FolderGetRequest/ })
    .click();
  await page.getByLabel('folderId').fill('18');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('tree', { name: 'Reply' })).toContainText('Sent from the explorer');
});

test('a refused request shows the status and the field errors', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/api-explorer?op=ProjectGetRequest&request=' + encodeURIComponent('{"projectId":999}'));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('reply-status')).toHaveText('HTTP 404');
  await shot(page, 'explorer-404');
  // A staff user is told the request log is for admins.
  await page.getByLabel('Find an operation').fill('requestlogs');
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('button', { name: /RequestLogs/ })
    .click();
  await expect(page.getByText('Admins only')).toBeVisible();
});
