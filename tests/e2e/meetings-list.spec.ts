// Where the console lists meetings they show date, number and type (issue 22, item 5): the Meetings container's
// list (cards at phone width) and the previous / next meeting on the meeting screen; a minute carried over from an
// earlier meeting says which one and links it. Expected values are read from the service in the test.
import { type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';

interface Folder {
  folderId: number;
  folderName?: string;
  folderTypeName?: string;
}
interface Meeting {
  folderId: number;
  subject?: string;
  meetingNumber?: string;
  meetingDate?: string;
  meetingType?: string;
}
interface Minute {
  meetingMinuteId: number;
  summary?: string;
  dateOriginated?: string;
}

async function api<T>(request: APIRequestContext, key: string, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/internal/${path}`, { data: { authSessionKey: key, ...data } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Day number of an `MM/DD/YYYY` or `YYYY-MM-DD` text date. */
function day(text: string | undefined): number | undefined {
  const us = /^(\d\d?)\/(\d\d?)\/(\d{4})$/.exec(text ?? '');
  const iso = /^(\d{4})-(\d\d)-(\d\d)/.exec(text ?? '');
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  return y ? Date.UTC(Number(y), Number(m) - 1, Number(d)) / 86_400_000 : undefined;
}

/** As the console shows a text date in en-US (medium style). */
function shown(text: string | undefined): string {
  const n = day(text);
  if (n === undefined) throw new Error(`not a date: ${text}`);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(n * 86_400_000);
}

interface Facts {
  containerId: number;
  /** In date order. */
  meetings: Meeting[];
  /** A minute whose DateOriginated is the day of an earlier meeting of the same container. */
  carried: { meeting: Meeting; minute: Minute; source: Meeting };
}

let facts: Facts;

test.beforeAll(async ({ request }) => {
  const auth = await request.post('/api/internal/authenticateuser', { data: seed.pm });
  const key = ((await auth.json()) as { authSessionKey: string }).authSessionKey;
  const { project } = await api<{ project: { rootFolderId: number } }>(request, key, 'project/get', {
    projectId: seed.project1.id,
  });
  const read = async (parent: number) =>
    (
      await api<{ folderList?: Folder[] }>(request, key, 'folder/readissuefolder', {
        folderParentId: parent,
      })
    ).folderList ?? [];
  const container = (await read(project.rootFolderId)).find((f) => f.folderTypeName === 'Meetings');
  expect(container, 'a Meetings container in project 1').toBeTruthy();
  const children = (await read(container!.folderId)).filter((f) => f.folderTypeName === 'Meeting');
  expect(children.length).toBeGreaterThan(1);
  const meetings = await Promise.all(
    children.map(async (f) => {
      const { meeting } = await api<{ meeting: Meeting }>(request, key, 'meeting/read', {
        folderId: f.folderId,
      });
      return meeting;
    }),
  );
  meetings.sort((a, b) => (day(a.meetingDate) ?? 0) - (day(b.meetingDate) ?? 0));
  let carried: Facts['carried'] | undefined;
  for (const meeting of meetings) {
    const { meetingMinuteList = [] } = await api<{ meetingMinuteList?: Minute[] }>(
      request,
      key,
      'meetingminute/readbymeeting',
      { folderId: meeting.folderId },
    );
    for (const minute of meetingMinuteList) {
      const from = day(minute.dateOriginated);
      if (from === undefined || from >= (day(meeting.meetingDate) ?? 0)) continue;
      const source = meetings.find((m) => day(m.meetingDate) === from);
      if (source) carried ??= { meeting, minute, source };
    }
  }
  expect(carried, 'a minute carried over from an earlier meeting').toBeTruthy();
  facts = { containerId: container!.folderId, meetings, carried: carried! };
});

async function expectMeetingFacts(page: Page) {
  for (const m of facts.meetings) {
    const item = page.locator(`[data-meeting-folder="${m.folderId}"]`);
    await expect(item).toContainText(m.meetingNumber!);
    await expect(item).toContainText(shown(m.meetingDate));
    await expect(item).toContainText(m.meetingType!);
  }
}

/** No serious or critical axe violation (WCAG 2 A and AA), as tests/e2e/a11y.spec.ts scans the screens. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe(() => {
  test.use({ failOnPageErrors: true });

  test('the Meetings container lists each meeting with its date, number and type', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, seed.pm);
    await page.goto(`/projects/1/folders/${facts.containerId}`);
    const list = page.getByRole('region', { name: 'Meetings' });
    await expect(list.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(list.getByRole('columnheader', { name: 'Number' })).toBeVisible();
    await expect(list.getByRole('columnheader', { name: 'Type' })).toBeVisible();
    await expectMeetingFacts(page);
    await expectAccessible(page);
    // A meeting opens the meeting screen.
    const first = facts.meetings[0];
    await list.getByRole('link', { name: first.subject! }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/1/meetings/${first.folderId}$`));
  });

  test('at phone width the meeting list is cards, without horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, seed.pm);
    await page.goto(`/projects/1/folders/${facts.containerId}`);
    const list = page.getByRole('region', { name: 'Meetings' });
    await expect(list.getByRole('table')).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expectMeetingFacts(page);
    await expectAccessible(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('meetings whose reads fail are still listed, with a note and Try again', async ({ page }) => {
    await signIn(page, seed.pm);
    let fail = true;
    await page.route('**/api/internal/meeting/read', async (route) => {
      if (!fail) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errorOccured: true, responseStatus: { errorCode: 'ServerError' } }),
      });
    });
    await page.goto(`/projects/1/folders/${facts.containerId}`);
    const list = page.getByRole('region', { name: 'Meetings' });
    const note = list.getByText(
      `The number, date and type of ${facts.meetings.length} meetings could not be read.`,
    );
    // Reads retry 5xx before they give up (src/app/queryClient.ts).
    await expect(note).toBeVisible({ timeout: 30_000 });
    for (const m of facts.meetings) {
      await expect(list.getByRole('link', { name: m.subject! })).toBeVisible();
    }
    fail = false;
    await list.getByRole('button', { name: 'Try again' }).click();
    await expect(note).toBeHidden();
    await expectMeetingFacts(page);
  });

  test('the meeting screen names the previous and next meeting by number, date and type', async ({
    page,
  }) => {
    const [previous, current, next] = facts.meetings;
    await signIn(page, seed.pm);
    await page.goto(`/projects/1/meetings/${current.folderId}`);
    await expect(page.getByRole('heading', { level: 1, name: current.subject })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Meetings' });
    const prev = nav.getByRole('link', { name: /^Previous meeting/ });
    await expect(prev).toHaveAttribute('href', new RegExp(`/projects/1/meetings/${previous.folderId}$`));
    for (const text of [`#${previous.meetingNumber}`, shown(previous.meetingDate), previous.meetingType!]) {
      await expect(prev).toContainText(text);
    }
    const nextLink = nav.getByRole('link', { name: /^Next meeting/ });
    await expect(nextLink).toHaveAttribute('href', new RegExp(`/projects/1/meetings/${next.folderId}$`));
    for (const text of [`#${next.meetingNumber}`, shown(next.meetingDate), next.meetingType!]) {
      await expect(nextLink).toContainText(text);
    }
  });

  test('a minute carried over from an earlier meeting shows that meeting and links it', async ({ page }) => {
    const { meeting, minute, source } = facts.carried;
    await signIn(page, seed.pm);
    // Completed and hidden minutes too, so the minute is shown whatever its state.
    await page.goto(`/projects/1/meetings/${meeting.folderId}?completed=1&hidden=1`);
    await expect(page.getByRole('heading', { level: 1, name: meeting.subject })).toBeVisible();
    const row = page.locator(`tr[data-minute-id="${minute.meetingMinuteId}"]`);
    const from = row.getByRole('link', {
      name: `From meeting #${source.meetingNumber} (${shown(source.meetingDate)})`,
    });
    await expect(from).toBeVisible();
    await expect(from).toHaveAttribute('href', new RegExp(`/projects/1/meetings/${source.folderId}$`));
    await from.click();
    await expect(page.getByRole('heading', { level: 1, name: source.subject })).toBeVisible();

    // At phone width the page does not scroll sideways (once the layout has followed the new width).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBeLessThanOrEqual(0);
  });
});
