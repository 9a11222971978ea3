// Issue 34 ("Bugs"), the shell's part: Ctrl-K from inside form controls, the palette's recent projects after a
// reload, the phone header with the Outbox badge, "Send now" offline, and an RFI edited offline shown with its
// queued value until the service's reply replaces it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openProject, seed, shot, signIn } from './helpers';

const RFI_CONTAINER = 4;
const rfiUrl = (id: number) => `/projects/1/rfis/${RFI_CONTAINER}/${id}`;
const search = (page: Page) => page.getByRole('textbox', { name: 'Command palette: where to go' });
const entries = (page: Page) => page.getByRole('list', { name: 'Changes not sent' }).getByRole('listitem');

/** Edits the RFI's Room and saves: offline, it goes to the outbox. */
async function editRoom(page: Page, room: string) {
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Room', { exact: true }).fill(room);
  await page.getByRole('button', { name: 'Save' }).click();
}

/** Signed in as pm, the outbox page read once (its code in memory), then an RFI: its Room edited offline. */
async function queueRoomOffline(page: Page, rfiId: number, room: string) {
  await signIn(page, seed.pm);
  await page.goto('/outbox');
  await expect(page.getByText('Nothing waiting')).toBeVisible();
  await page.goto(rfiUrl(rfiId));
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await page.context().setOffline(true);
  await editRoom(page, room);
  await expect(page.getByTestId('outbox-count')).toHaveText('Outbox 1');
}

test('Ctrl-K opens the palette from a text field, a checkbox and a switch', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto(`/projects/1/rfis/${RFI_CONTAINER}`);
  const pressIn = async (control: ReturnType<Page['getByLabel']>) => {
    await control.focus();
    await expect(control).toBeFocused();
    await page.keyboard.press('ControlOrMeta+k');
    await expect(search(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search(page)).toBeHidden();
  };
  await pressIn(page.getByRole('textbox', { name: 'Search' }));
  await pressIn(page.getByRole('checkbox', { name: 'Overdue only' }));
  await page.goto('/projects/1/meetings/3900');
  await pressIn(page.getByRole('switch', { name: /Show completed/ }));
});

test('after a reload the palette finds a project opened before by a word of its name', async ({ page }) => {
  await signIn(page, seed.pm);
  await openProject(page, 2);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lincoln Elementary School Modernization' }),
  ).toBeVisible();
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  await search(page).fill('lincoln');
  const option = page.locator('[data-testid^="palette-"]').first();
  await expect(option).toContainText('Lincoln Elementary School Modernization');
  await expect(page.getByText('Nothing the console has read matches')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/2$/);
});

test('an RFI edited offline shows the queued value, waiting to send, until the reply replaces it', async ({
  page,
  context,
}) => {
  const room = `118 Restroom - east wall ${Date.now()}`;
  await queueRoomOffline(page, 104, room);
  const roomValue = page.locator('dd', { hasText: room });
  await expect(roomValue).toBeVisible();
  await expect(roomValue).toContainText('waiting to send');
  await shot(page, 'rfi-offline-queued');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 30_000 });
  await expect(roomValue).toBeVisible();
  await expect(roomValue).not.toContainText('waiting to send');
});

test('phone width: the header with the Outbox badge on /outbox keeps its parts apart; Send now waits offline', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await queueRoomOffline(page, 105, `Phone header ${Date.now()}`);
  await page.getByTestId('outbox-count').click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(entries(page)).toHaveCount(1);

  // Nothing in the header overlaps anything else in it.
  const header = page.locator('header');
  expect((await header.boundingBox())?.height).toBe(56);
  const parts = header.locator('a:visible, button:visible');
  const boxes = [];
  for (const part of await parts.all()) {
    const b = await part.boundingBox();
    if (b && b.width > 0)
      boxes.push({ name: (await part.getAttribute('aria-label')) ?? (await part.textContent()), ...b });
  }
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  for (const [i, a] of boxes.entries()) {
    expect(a.x + a.width, `${a.name} inside the header`).toBeLessThanOrEqual(390);
    for (const b of boxes.slice(i + 1)) {
      const overlaps =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps, `"${a.name}" overlaps "${b.name}"`).toBe(false);
    }
  }
  await shot(page, 'outbox-header-phone');

  // Offline: Send now cannot send, and says why.
  const sendNow = entries(page).getByRole('button', { name: 'Send now' });
  await expect(sendNow).toBeDisabled();
  await expect(
    entries(page)
      .getByText(/offline/i)
      .first(),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Nothing waiting')).toBeVisible({ timeout: 30_000 });
});

test('a folder and a submittal package edited offline show the queued values, waiting to send', async ({
  page,
  context,
}) => {
  const mark = Date.now();
  await signIn(page, seed.pm);
  // The folder's page first (its code and data in memory), then its edit page; offline, Save goes to the outbox.
  await page.goto('/projects/1/folders/18');
  await expect(page.getByRole('heading', { level: 1, name: 'Archive (empty)' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit folder' }).click();
  // The edit page drawn (its code downloaded) before the connection goes: on a busy machine the click alone left
  // the chunk in flight, and offline the page said its code could not be downloaded.
  const descriptionBox = page.getByRole('textbox', { name: 'Description' });
  await expect(descriptionBox).toBeVisible();
  await context.setOffline(true);
  const description = `Boxes of closed-out files ${mark}`;
  await descriptionBox.fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/projects\/1\/folders\/18$/);
  const shown = page.getByText(description);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('waiting to send');
  await expect(page.getByTestId('folder-waiting')).toContainText('description');
  await shot(page, 'folder-offline-queued');

  // Back online for the package's page, the folder's edit must stay in the outbox (the outbox sends what waits as
  // soon as it is online): its request is held back, so the count below does not depend on how fast it would go.
  await page.route('**/api/internal/folder/update', (route) => route.abort('connectionrefused'));
  await context.setOffline(false);
  await page.goto('/projects/1/submittals/6/1700');
  await expect(page.getByRole('note', { name: 'Ball in court' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit' }).click();
  const notes = `Resubmit with hanger details ${mark}`;
  await page.getByLabel('Notes').fill(notes);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('Outbox 2');
  await expect(page.getByTestId('package-notes')).toContainText(notes);
  await expect(page.getByTestId('package-notes')).toContainText('waiting to send');
  await shot(page, 'submittal-offline-queued');
});

test('after sign-out and Back nothing asks for the session: one sign-in form, no dialog, no call', async ({
  page,
}) => {
  await signIn(page, seed.pm);
  await openProject(page, seed.project1.id);
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const calls: string[] = [];
  await page.getByRole('button', { name: 'Sign out' }).click();
  page.on('request', (r) => {
    if (/\/api\/internal\/|\/json\/reply\//.test(r.url())) calls.push(r.url());
  });
  await expect(page).toHaveURL(/\/signin$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/signin/);
  await page.waitForTimeout(1500); // what the project page's queries would have sent
  await expect(page.getByLabel('Username')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls, 'calls sent after sign-out').toEqual([]);
});
