// Signs a Lighthouse tab in as `pm` through the console's own form (bench/lighthouse.ts, bench/lighthouse-lantern.ts).
import type { Page } from 'puppeteer-core';

export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/signin`, { waitUntil: 'networkidle0' });
  await page.locator('form[aria-label="Sign in"] input[name="username"]').fill('pm');
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill('pm');
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForFunction(
    () => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Projects'),
    { timeout: 30_000 },
  );
}
