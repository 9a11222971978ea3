// The bench's Chromium: Debian's, with the flags the project's browser tests use (tests/chromium.ts), so no bench
// part starts it its own way.
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** Chromium through Playwright, with the project's flags (and `extraArgs`). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
