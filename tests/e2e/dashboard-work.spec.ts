// The dashboard's work panels against the service's own data: the test reads the project through the service's
// HTTP API (as any client would, with a session key), works out the figures itself — open and overdue RFIs,
// the latest daily report, the next meeting and overdue minutes, packages, the newest documents — and compares
// them with what the page shows; then the panels' links, a failing panel, and finding a project by name.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seed, signIn } from './helpers';
import { holdRequests } from './waves';

// A service of its own: no other spec's edits can change the figures between the test's reads and the page's.
test.use({
  serviceEnv: {},
  failOnPageErrors: { console: { type: 'error', except: /Failed to load resource/ } },
});

const ZONE = 'America/Los_Angeles'; // playwright.config.ts: the browser's time zone

type Json = Record<string, unknown>;
interface WireFolder {
  folderId: number;
  folderName?: string;
  folderType?: number;
  folderReferenceId?: number;
}

/** One operation of the service with a session key, its JSON reply. */
async function op<T = Json>(request: APIRequestContext, key: string, path: string, body: Json): Promise<T> {
  const res = await request.post(`/api/internal/${path}`, { data: { authSessionKey: key, ...body } });
  expect(res.ok(), `${path} ${JSON.stringify(body)}`).toBe(true);
  return (await res.json()) as T;
}

/** MM/DD/YYYY → YYYY-MM-DD (the service writes text dates as MM/DD/YYYY). */
const isoOf = (text: string | undefined) => {
  const m = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(text ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
};
/** `\/Date(ms-0000)\/` → ms. */
const msOf = (wire: unknown) => Number(/Date\((-?\d+)/.exec(String(wire))?.[1] ?? NaN);
const dayIn = (when: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(when);
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** What the dashboard of a project should show, worked out from the service's replies. */
async function expected(request: APIRequestContext, projectId: number, today: string) {
  const { authSessionKey: key } = await (
    await request.post('/api/internal/authenticateuser', { data: seed.pm })
  ).json();
  const { project } = await op<{ project: { rootFolderId: number } }>(request, key, 'project/get', {
    projectId,
  });
  const children = async (folderParentId: number) =>
    (await op<{ folderList?: WireFolder[] }>(request, key, 'folder/readissuefolder', { folderParentId }))
      .folderList ?? [];
  const containers = await children(project.rootFolderId);
  const container = (type: number) => containers.find((f) => f.folderType === type)!;

  // RFIs (type 4 / 5): open = status Open; overdue = open and due before today.
  const rfiContainer = container(4);
  const rfis = await Promise.all(
    (await children(rfiContainer.folderId))
      .filter((f) => f.folderType === 5)
      .map(
        async (f) =>
          (await op<{ openIssue: Json }>(request, key, 'openissue/read', { folderId: f.folderId })).openIssue,
      ),
  );
  const open = rfis.filter((r) => r.statusName === 'Open');
  const overdue = open
    .map((r) => ({ number: String(r.number), days: daysBetween(isoOf(r.dueDate as string)!, today) }))
    .filter((r) => r.days > 0)
    .sort((a, b) => b.days - a.days || a.number.localeCompare(b.number, undefined, { numeric: true }));

  // Daily reports (type 10 / 11): the day is in the folder's name.
  const reportsContainer = container(10);
  const days = (await children(reportsContainer.folderId))
    .filter((f) => f.folderType === 11)
    .map((f) => isoOf(/\d\d\/\d\d\/\d{4}/.exec(f.folderName ?? '')?.[0]))
    .filter((d): d is string => d !== undefined)
    .sort();

  // Meetings (type 12 / 13): the date is in the meeting; minutes overdue = not complete, not resolved, due < today.
  const meetingFolders = (await children(container(12).folderId)).filter((f) => f.folderType === 13);
  const meetings = await Promise.all(
    meetingFolders.map(async (f) => {
      const { meeting } = await op<{ meeting: Json }>(request, key, 'meeting/read', { folderId: f.folderId });
      const { meetingMinuteList = [] } = await op<{ meetingMinuteList?: Json[] }>(
        request,
        key,
        'meetingminute/readbymeeting',
        { folderId: f.folderId },
      );
      const late = meetingMinuteList.filter(
        (m) => !m.isComplete && !m.dateResolved && (isoOf(m.dateDue as string) ?? '9999') < today,
      );
      return {
        folderId: f.folderId,
        subject: String(meeting.subject),
        day: isoOf(meeting.meetingDate as string)!,
        late: late.length,
      };
    }),
  );
  const upcoming = meetings.filter((m) => m.day >= today).sort((a, b) => a.day.localeCompare(b.day));
  const past = meetings.filter((m) => m.day < today).sort((a, b) => b.day.localeCompare(a.day));

  // Submittal packages (type 7 / 8).
  const submittals = container(7);
  const packages = (await children(submittals.folderId)).filter((f) => f.folderType === 8);

  // Documents directly in the Documents (2) and Drawings (3) containers, newest update first.
  const docs = (
    await Promise.all(
      containers
        .filter((f) => f.folderType === 2 || f.folderType === 3)
        .map(async (f) =>
          (
            (
              await op<{ folderDocuments?: Json[] }>(request, key, 'document/documentsreadInfolder', {
                parentFolderId: f.folderId,
              })
            ).folderDocuments ?? []
          ).map((d) => ({
            number: String(d.documentNumber),
            updated: msOf(d.documentUpdateDate),
            id: Number(d.documentId),
          })),
        ),
    )
  )
    .flat()
    .sort((a, b) => b.updated - a.updated || b.id - a.id);

  return {
    rfiContainer: rfiContainer.folderId,
    open: open.length,
    overdue,
    reportsContainer: reportsContainer.folderId,
    latestDay: days[days.length - 1],
    todayReport: days.includes(today),
    next: upcoming[0],
    last: past[0],
    lateMinutes: meetings.reduce((n, m) => n + m.late, 0),
    submittals: submittals.folderId,
    packages: packages.length,
    newestDocument: docs[0]?.number,
  };
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function compare(page: Page, want: Awaited<ReturnType<typeof expected>>, projectId: number) {
  // Every panel done reading (about 60 reads; a loaded machine can take a while).
  const work = page.getByRole('region', { name: 'Work', exact: true });
  await expect(work.getByTestId('meetings-overdue-count')).toBeVisible({ timeout: 30_000 });
  await expect(work.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  const rfis = panel(page, 'RFIs');
  await expect(rfis.getByTestId('rfis-open-count')).toHaveText(String(want.open));
  await expect(rfis.getByTestId('rfis-overdue-count')).toHaveText(String(want.overdue.length));
  const listed = rfis.getByRole('list', { name: 'Overdue RFIs' }).getByRole('listitem');
  await expect(listed).toHaveCount(Math.min(5, want.overdue.length));
  for (const [i, r] of want.overdue.slice(0, 5).entries()) {
    await expect(listed.nth(i).getByRole('link')).toHaveText(r.number);
    await expect(listed.nth(i)).toContainText(`${r.days} ${r.days === 1 ? 'day' : 'days'} overdue · with `);
  }

  const daily = panel(page, 'Daily reports');
  await expect(daily.getByTestId('latest-report')).toHaveAttribute(
    'href',
    `/projects/${projectId}/daily-reports/${want.reportsContainer}/${want.latestDay}`,
  );
  await expect(daily.getByTestId('today-report')).toHaveText(
    want.todayReport ? 'Today’s report is in' : 'No report for today yet',
  );

  const meetings = panel(page, 'Meetings');
  await expect(meetings.getByTestId('meetings-overdue-count')).toHaveText(String(want.lateMinutes));
  const next = meetings.getByTestId('next-meeting');
  if (want.next) {
    await expect(next.getByRole('link')).toHaveAttribute(
      'href',
      `/projects/${projectId}/meetings/${want.next.folderId}`,
    );
    await expect(next.getByRole('link')).toContainText(want.next.subject);
  } else {
    await expect(next).toContainText('No meeting is scheduled from today on.');
    await expect(meetings.getByTestId('last-meeting').getByRole('link')).toHaveAttribute(
      'href',
      `/projects/${projectId}/meetings/${want.last!.folderId}`,
    );
  }

  await expect(panel(page, 'Submittal packages').getByTestId('submittals-count')).toHaveText(
    String(want.packages),
  );
  await expect(panel(page, 'Recent documents').getByTestId('recent-document').first()).toContainText(
    want.newestDocument!,
  );
}

test('the work panels show the figures the service gives, today', async ({ page, request }) => {
  test.slow(); // two projects, each read in full through the API and on the page
  const today = dayIn(new Date());
  await signIn(page, seed.pm);
  for (const projectId of [1, 3]) {
    const want = await expected(request, projectId, today);
    await page.goto(`/projects/${projectId}`);
    await compare(page, want, projectId);
  }
});

test('on an earlier day: the next meeting, and the figures as of that day', async ({ page, request }) => {
  // 10/20/2026, noon in the browser's zone: the seeded meetings of 10/21 and 10/28 are still to come, and the
  // day has a daily report.
  const now = new Date('2026-10-20T12:00:00-07:00');
  await page.clock.setFixedTime(now);
  const want = await expected(request, 1, dayIn(now));
  expect(want.next).toBeDefined();
  expect(want.todayReport).toBe(true);
  await signIn(page, seed.pm);
  await page.goto('/projects/1');
  await compare(page, want, 1);
});

test("a panel's links open the screens they name", async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1');
  const rfis = panel(page, 'RFIs');
  await rfis.getByRole('link', { name: 'RFI log' }).click();
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RFIs' })).toBeVisible();

  await page.goBack();
  const first = rfis.getByRole('list', { name: 'Overdue RFIs' }).getByRole('link').first();
  const number = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\/\d+$/);
  await expect(page.getByText(number, { exact: true }).first()).toBeVisible();

  await page.goBack();
  await rfis.getByRole('link', { name: /overdue$/ }).click();
  await expect(page).toHaveURL(/\/projects\/1\/rfis\/4\?overdue=1$/);

  await page.goBack();
  await panel(page, 'Daily reports').getByTestId('latest-report').click();
  await expect(page).toHaveURL(/\/projects\/1\/daily-reports\/7\/\d{4}-\d\d-\d\d$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goBack();
  await panel(page, 'Meetings').getByTestId('last-meeting').getByRole('link').click();
  await expect(page).toHaveURL(/\/projects\/1\/meetings\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goBack();
  const packages = panel(page, 'Submittal packages');
  const name = (await packages.getByRole('list').getByRole('link').first().textContent()) ?? '';
  await packages.getByRole('list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/projects\/1\/submittals\/6\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goBack();
  await panel(page, 'Recent documents').getByRole('link', { name: 'Documents', exact: true }).first().click();
  await expect(page).toHaveURL(/\/projects\/1\/folders\/2$/);
});

test('a failing panel says so in place; the rest of the dashboard is unaffected', async ({ page }) => {
  await signIn(page, seed.pm);
  // The RFI container's list is refused (a 403 is not retried); every other read goes through.
  let refuse = true;
  await page.route('**/api/internal/folder/readissuefolder', async (route) => {
    if (refuse && (route.request().postDataJSON() as { folderParentId?: number }).folderParentId === 4) {
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          responseStatus: { errorCode: 'Forbidden', message: 'Not allowed for this test.' },
        }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/projects/1');
  await expect(page.getByRole('heading', { level: 1, name: seed.project1.name })).toBeVisible();
  const rfis = panel(page, 'RFIs');
  await expect(rfis.getByText('The RFIs could not be loaded')).toBeVisible();
  await expect(panel(page, 'Submittal packages').getByTestId('submittals-count')).toHaveText('10');
  await expect(page.getByRole('region', { name: 'Folders' }).getByRole('link').first()).toBeVisible();

  refuse = false;
  await rfis.getByRole('button', { name: 'Try again' }).click();
  await expect(rfis.getByTestId('rfis-open-count')).toBeVisible({ timeout: 20_000 });
});

test('each panel shows its own loading state while its reads are under way', async ({ page }) => {
  await signIn(page, seed.pm);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/internal/meeting/read', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/projects/1');
  const meetings = panel(page, 'Meetings');
  await expect(meetings.getByLabel('Loading meetings')).toBeVisible();
  // The other panels do not wait for the meetings.
  await expect(panel(page, 'RFIs').getByTestId('rfis-open-count')).toBeVisible({ timeout: 20_000 });
  release();
  await expect(meetings.getByTestId('meetings-overdue-count')).toBeVisible({ timeout: 20_000 });
});

test('on a phone, the panels below keep their place while the RFIs fill in', async ({ page }) => {
  // One column: every panel's growth would push the ones below it (and the finger aimed at them) down.
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, seed.pm);
  const details = await holdRequests(page, /\/api\/internal\/openissue\/read$/);
  await page.goto('/projects/1');
  const rfis = panel(page, 'RFIs');
  const meetings = panel(page, 'Meetings');
  await expect(rfis.getByLabel('Loading RFIs')).toBeVisible();
  await expect(meetings.getByTestId('meetings-overdue-count')).toBeVisible({ timeout: 20_000 });
  const top = async () => (await meetings.boundingBox())!.y;
  const before = await top();
  await details.passThrough();
  await expect(rfis.getByTestId('rfis-open-count')).toBeVisible({ timeout: 20_000 });
  // The RFI panel's loading state kept the room its figures take (WorkPanel's reserve): before it, the Meetings
  // panel moved down by ~450 px here.
  expect(Math.abs((await top()) - before)).toBeLessThanOrEqual(24);
});

test("a revisit asks for the panels' lists together with the project", async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/1');
  await expect(panel(page, 'RFIs').getByTestId('rfis-open-count')).toBeVisible({ timeout: 20_000 });

  // Reloaded (an empty query cache): the RFI container's list no longer waits for the project and its containers:
  // it is asked for while the project's read is held.
  const project = await holdRequests(page, /\/project\/get$/);
  const rfiList = page.waitForRequest(
    (r) =>
      r.url().endsWith('/folder/readissuefolder') && JSON.parse(r.postData() ?? '{}').folderParentId === 4,
  );
  await page.reload({ waitUntil: 'commit' });
  await project.waitFor(/\/project\/get$/);
  await rfiList;
  await project.passThrough();
  await expect(panel(page, 'RFIs').getByTestId('rfis-open-count')).toBeVisible({ timeout: 20_000 });
});

test('the start page finds a recently opened project by its name', async ({ page }) => {
  await signIn(page, seed.pm);
  await page.goto('/projects/2');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lincoln Elementary School Modernization' }),
  ).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('The service has no list of projects')).toBeVisible();

  const field = page.getByLabel('Project id or name');
  await field.fill('lincoln');
  const matches = page.getByRole('list', { name: 'Matching projects' });
  await expect(matches.getByRole('link', { name: 'Lincoln Elementary School Modernization' })).toBeVisible();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/2$/);

  // A name no project opened here has: said so, and the page stays.
  await page.goto('/');
  await field.fill('Harborview');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByText('No project opened in this browser matches “Harborview”.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // An id opens directly, known or not.
  await field.fill('3');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/3$/);
});
