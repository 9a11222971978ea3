// The bench's Chromium: Debian's, with the flags the project's browser tests use (tests/chromium.ts), so no bench
// part starts it its own way. Lighthouse drives it through puppeteer-core, with the flags its figures were
// measured with (launchLighthouseChromium).
import { chromium, type Browser } from '@playwright/test';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** Chromium through Playwright, with the project's flags (and `extraArgs`). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
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
