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
