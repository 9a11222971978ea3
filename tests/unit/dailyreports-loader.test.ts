import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { folderChildrenQuery, folderQuery } from '../../src/api/queries/folders';
import { projectQuery } from '../../src/api/queries/projects';
import { defaultConfig, setConfig } from '../../src/config/config';
import { folderTypes } from '../../src/contract/codes';
import type { Folder } from '../../src/contract/dtos';
import { dailyReportLoader } from '../../src/features/dailyreports/loader';
import { dailyReportActivitiesQuery, dailyReportQuery } from '../../src/features/dailyreports/queries';

// Everything the loader reads is in the cache (fresh), so no call goes out: what is tested is where it goes.
const container: Folder = { folderId: 7, folderType: folderTypes.dailyReports.code, folderProjectId: 1 };
const report = (folderId: number, name: string): Folder => ({
  folderId,
  folderName: name,
  folderType: folderTypes.dailyReport.code,
  folderReferenceId: folderId - 2000,
  folderParentId: 7,
  folderProjectId: 1,
});

let queryClient: QueryClient;

beforeEach(() => {
  setConfig(defaultConfig());
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const set = <T>(options: { queryKey: readonly unknown[] }, data: T) =>
    queryClient.setQueryData(options.queryKey, data);
  set(projectQuery(1), { projectId: 1, rootFolderId: 1 });
  set(projectQuery(3), { projectId: 3, rootFolderId: 20001 });
  set(folderChildrenQuery(1), [
    { folderId: 4, folderType: folderTypes.rfis.code, folderProjectId: 1 },
    container,
  ]);
  set(folderChildrenQuery(20001), [
    { folderId: 20004, folderType: folderTypes.rfis.code, folderProjectId: 3 },
  ]);
  set(folderQuery(7), container);
  set(folderChildrenQuery(7), [
    report(2001, 'Daily Report 10/01/2026'),
    report(2002, 'Daily Report 10/02/2026'),
    report(2003, 'Daily Report 10/02/2026 (night shift)'),
  ]);
  set(folderQuery(4), { folderId: 4, folderType: folderTypes.rfis.code, folderProjectId: 1 });
  set(folderQuery(10007), { folderId: 10007, folderType: folderTypes.dailyReports.code, folderProjectId: 2 });
  set(folderChildrenQuery(4), []);
  set(folderChildrenQuery(10007), []);
  for (const id of [1, 2, 3]) {
    set(dailyReportQuery(id), { report: { dailyReportId: id } });
    set(dailyReportActivitiesQuery(id), []);
  }
});

async function load(path: string): Promise<unknown> {
  const url = new URL(path, 'http://console.test');
  const [, , projectId, , containerId, date] = url.pathname.split('/');
  const args = {
    params: { projectId, containerId, date },
    request: new Request(url),
    context: undefined,
  } as unknown as LoaderFunctionArgs;
  try {
    return await dailyReportLoader(queryClient)(args);
  } catch (thrown) {
    return thrown;
  }
}

/** Where a thrown redirect goes, and whether it replaces the address in the history. */
function redirectOf(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  return {
    to: response.headers.get('Location'),
    replace: response.headers.get('X-Remix-Replace') === 'true',
  };
}

describe('daily report addresses', () => {
  it('opens a day of the container in the URL', async () => {
    expect(await load('/projects/1/daily-reports/7/2026-10-02')).toBeNull();
    expect(await load('/projects/1/daily-reports/7/2026-10-02?report=2003')).toBeNull();
    // A day without a report is the screen's business (it offers the nearest ones).
    expect(await load('/projects/1/daily-reports/7/2026-10-31')).toBeNull();
  });

  it('opens the latest report of the container', async () => {
    expect(redirectOf(await load('/projects/1/daily-reports/7'))).toEqual({
      to: '/projects/1/daily-reports/7/2026-10-02?report=2003',
      replace: true,
    });
  });

  it('redirects older addresses (project and day only) to the container’s, keeping the chosen report', async () => {
    expect(redirectOf(await load('/projects/1/daily-reports'))).toEqual({
      to: '/projects/1/daily-reports/7',
      replace: true,
    });
    expect(redirectOf(await load('/projects/1/daily-reports/2026-10-01'))).toEqual({
      to: '/projects/1/daily-reports/7/2026-10-01',
      replace: true,
    });
    expect(redirectOf(await load('/projects/1/daily-reports/2026-10-02?report=2003'))).toEqual({
      to: '/projects/1/daily-reports/7/2026-10-02?report=2003',
      replace: true,
    });
    // A project without a Daily Reports container: the screen says it has no reports.
    expect(await load('/projects/3/daily-reports/2026-10-01')).toBeNull();
  });

  it('is not found for a folder that is not a Daily Reports container of the project, or a bad day', async () => {
    for (const path of [
      '/projects/1/daily-reports/4', // the RFIs container
      '/projects/1/daily-reports/4/2026-10-02',
      '/projects/1/daily-reports/10007/2026-10-02', // project 2's Daily Reports
      '/projects/1/daily-reports/7/not-a-date',
      '/projects/1/daily-reports/not-a-date',
      '/projects/1/daily-reports/2026-10-02/2026-10-02',
    ]) {
      const result = await load(path);
      expect(result, path).toBeInstanceOf(Response);
      expect((result as Response).status, path).toBe(404);
    }
  });
});
