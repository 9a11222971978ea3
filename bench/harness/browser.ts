// The bench's Chromium: Debian's, with the flags the project's browser tests use (tests/chromium.ts), so no bench
// part starts it its own way. Lighthouse drives it through puppeteer-core, with the flags its figures were
// measured with (launchLighthouseChromium).
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** Chromium through Playwright, with the project's flags (and `extraArgs`). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A desktop page (1280 × 860) on `baseURL`, ready for functions sent from tsx. */
export async function desktopPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, baseURL });
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return page;
}

/** The flags of Lighthouse's Chromium (bench/lighthouse.ts, bench/lighthouse-lantern.ts). */
export const LIGHTHOUSE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];

/** Chromium through puppeteer-core for Lighthouse (CHROME_PATH, default /usr/bin/chromium). */
export async function launchLighthouseChromium(): Promise<PuppeteerBrowser> {
  const puppeteer = (await import('puppeteer-core')).default;
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: LIGHTHOUSE_ARGS,
  });
}
