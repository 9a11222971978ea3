import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect } from './fixtures';

export interface ScanOptions {
  /** Only these parts of the page (CSS selectors); the whole page when omitted. */
  include?: string[];
  /** Rules left out, e.g. colour contrast where another spec scans the theme. */
  disable?: string[];
  /** Every violation, of any impact (by default only serious and critical ones count). */
  all?: boolean;
}

/**
 * Waits until no animation or CSS transition runs (a dialog's fade, a drawer's slide): axe reads computed colours,
 * and half-way through a fade a button's text reads as low contrast. On a busy machine the fade only lasts longer.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              // A spinner turns for ever: only what ends counts.
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
              .length,
        ),
      {
        timeout: 15_000,
        intervals: [50, 100, 200],
      },
    )
    .toBe(0);
}

/**
 * An axe scan (WCAG 2 A and AA rules) once the page has settled: its serious and critical violations (or all), each as
 * "rule (impact): the first nodes — what is wrong", so a failed expectation names them. [] when there are none.
 */
export async function seriousViolations(page: Page, options: ScanOptions = {}): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  if (options.disable?.length) builder = builder.disableRules(options.disable);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => options.all || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('; ')}`,
    );
}
