import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';

// Issue 22 on the request log and the API explorer: the tracking switches say they change the service for
// everyone; operation names are never cut off.

test.use({ failOnPageErrors: true });

test('the tracking switches say they change what the service records for all users', async ({ page }) => {
  await signIn(page, seed.admin);
  await page.goto('/admin/request-log');
  await expect(page.getByRole('grid', { name: 'Requests' })).toBeVisible();

  const group = page.getByRole('group', { name: /service/i });
  await expect(group).toContainText('These switches change what the service records for all users');
  const switches = group.getByRole('switch');
  await expect(switches).toHaveCount(3);
  for (const name of ['Errors', 'Responses', 'Sessions']) {
    const s = group.getByRole('switch', { name: new RegExp(`record ${name}`, 'i') });
    await expect(s).toBeVisible();
    // Each switch carries the sentence as its description, so a screen reader says it with the switch.
    await expect(s).toHaveAccessibleDescription(/change what the service records for all users/);
  }
});

/** How far an element's content runs past its box (0 or less: nothing is cut off). */
const overrun = (el: Element) => el.scrollWidth - el.clientWidth;

test('the API explorer shows the longest operation name in full, in the list and as the chosen one', async ({
  page,
}) => {
  const longest = 'FoldersDocumentsGetByParentFolderRequest';
  await signIn(page, seed.pm);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/api-explorer?op=${longest}`);
    const title = page.getByRole('heading', { level: 2, name: longest });
    await expect(title).toBeVisible();
    expect(await title.evaluate(overrun), `chosen operation at ${width} px`).toBeLessThanOrEqual(0);

    const list = page.getByRole('navigation', { name: 'Operations' });
    const item = list.getByRole('button', { name: longest });
    await expect(item).toBeVisible();
    await expect(item).toContainText(longest);
    // Nothing of the list is hidden sideways: its scrolling box (which clips what does not fit) is as wide as
    // what it holds, and the item's label box (Mantine's NavLink body hides what does not fit) holds the name.
    const scroller = list.locator('.mantine-ScrollArea-viewport');
    expect(await scroller.evaluate(overrun), `operation list at ${width} px`).toBeLessThanOrEqual(0);
    const body = item.locator('.mantine-NavLink-body');
    expect(await body.evaluate(overrun), `operation list item at ${width} px`).toBeLessThanOrEqual(0);
    const [itemBox, listBox] = [await body.boundingBox(), await scroller.boundingBox()];
    expect(itemBox!.x + itemBox!.width, `item inside the list at ${width} px`).toBeLessThanOrEqual(
      listBox!.x + listBox!.width + 0.5,
    );
  }
});
