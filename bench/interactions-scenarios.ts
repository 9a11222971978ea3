// The scenarios of bench/interactions.ts (issue 37): how each opens its screen and what one repetition does.
import type { Page } from '@playwright/test';

export interface Facts {
  session: string;
  scaleFolderId: number;
  analyticsFromMs: number;
  analyticsToMs: number;
}

export interface Scenario {
  id: string;
  label: string;
  phone?: boolean;
  /** Opens the screen (signed in) and waits until it is ready to be acted on. */
  open: (page: Page, url: string) => Promise<void>;
  /** One repetition; returns how many interactions it made. */
  act: (page: Page, rep: number) => Promise<number>;
}

const settle = (page: Page, ms = 250) => page.waitForTimeout(ms);

/** The RFI log of project 1 (RFI-004 open beside it), once its first row is drawn. */
async function openRfiLog(page: Page, url: string) {
  await page.goto(`${url}/projects/1/rfis/4`);
  await page.getByRole('table', { name: 'RFIs' }).locator('tbody tr[data-loaded="true"]').first().waitFor();
}

/** Types `word` a key at a time, as a person does (each key one interaction), then clears the field. */
async function typeWord(page: Page, word: string): Promise<number> {
  for (const key of word) {
    await page.keyboard.press(key);
    await settle(page, 120);
  }
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await settle(page, 400);
  return word.length + 3; // the keys, then Control, A and Backspace (a modifier key is an interaction of its own)
}

function calibration(workMs: number): Scenario {
  return {
    id: `calibration-${workMs}`,
    label: `Calibration: a click handler working ${workMs} ms`,
    open: async (page) => {
      await page.setContent(
        `<button id="b">Work</button><output id="o"></output><script>
          document.getElementById('b').addEventListener('click', () => {
            const start = performance.now();
            while (performance.now() - start < ${workMs});
            document.getElementById('o').textContent = String(Math.random());
          });
        </script>`,
      );
    },
    act: async (page) => {
      await page.click('#b');
      await settle(page, workMs + 200);
      return 1;
    },
  };
}

export function scenarios(facts: Facts): Scenario[] {
  return [
    calibration(50),
    calibration(300),
    {
      id: 'rfi-search',
      label: 'RFI log: typing a word in the search (each key)',
      open: async (page, url) => {
        await openRfiLog(page, url);
        await page.getByRole('textbox', { name: 'Search' }).focus();
      },
      act: (page) => typeWord(page, 'pump'),
    },
    {
      id: 'rfi-overdue',
      label: 'RFI log: ticking "Overdue only"',
      open: async (page, url) => {
        await openRfiLog(page, url);
      },
      act: async (page) => {
        await page.getByRole('checkbox', { name: 'Overdue only' }).click();
        await settle(page, 400);
        return 1;
      },
    },
    {
      id: 'documents-sort',
      label: 'Documents: sorting the 100,000-document folder by file name',
      open: async (page, url) => {
        await page.goto(`${url}/projects/1/folders/${facts.scaleFolderId}`);
        await page.getByTestId('documents-count').getByText('100,000 documents').waitFor({ timeout: 60_000 });
      },
      act: async (page) => {
        await page.getByTestId('documents-scroll').getByRole('button', { name: 'File name' }).click();
        await settle(page, 1500);
        return 1;
      },
    },
    {
      id: 'palette',
      label: 'Command palette: typing (each key)',
      open: async (page, url) => {
        await page.goto(`${url}/projects/1`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      },
      act: async (page) => {
        await page.keyboard.press('ControlOrMeta+K');
        await page.getByRole('textbox', { name: 'Command palette: where to go' }).waitFor();
        await settle(page, 300);
        const n = await typeWord(page, 'rfi');
        await page.keyboard.press('Escape');
        await settle(page, 300);
        return n;
      },
    },
    {
      id: 'analytics-tab',
      label: 'Analytics: switching a breakdown tab over ~100,000 requests',
      open: async (page, url) => {
        await page.goto(`${url}/admin/analytics?from=${facts.analyticsFromMs}&to=${facts.analyticsToMs}`);
        await page.getByRole('tab', { name: 'Users' }).waitFor({ timeout: 120_000 });
        await page
          .getByRole('progressbar', { name: 'Requests read' })
          .waitFor({ state: 'detached', timeout: 120_000 });
      },
      act: async (page, rep) => {
        const tabs = ['Users', 'IP addresses', 'Status codes', 'Operations'];
        await page.getByRole('tab', { name: tabs[(rep + tabs.length) % tabs.length] }).click();
        await settle(page, 400);
        return 1;
      },
    },
    {
      id: 'punch-save',
      label: 'Punch list on a phone: "Save and next"',
      phone: true,
      open: async (page, url) => {
        await page.goto(`${url}/projects/1/punch-list/5`);
        await page.getByRole('region', { name: 'New item' }).waitFor();
      },
      act: async (page, rep) => {
        const form = page.getByRole('region', { name: 'New item' });
        await form.getByRole('textbox', { name: /^Summary/ }).fill(`Bench item ${Date.now()}-${rep}`);
        await settle(page, 200);
        await form.getByRole('button', { name: 'Save and next' }).click();
        await settle(page, 500);
        return 1;
      },
    },
    {
      id: 'rfi-open',
      label: 'RFI log: opening an RFI (the click)',
      open: async (page, url) => {
        await openRfiLog(page, url);
      },
      act: async (page, rep) => {
        const table = page.getByRole('table', { name: 'RFIs' });
        await table
          .locator('tbody tr')
          .nth((rep + 10) % 10)
          .getByRole('link')
          .first()
          .click();
        await page.getByRole('note', { name: 'Ball in court' }).waitFor();
        await settle(page, 300);
        await page.goBack();
        await table.locator('tbody tr[data-loaded="true"]').first().waitFor();
        await settle(page, 300);
        return 1;
      },
    },
  ];
}
