// The command palette's actions (src/app/shell/paletteActions.ts) and the recent-places list.
import { describe, expect, it } from 'vitest';
import { paletteActions } from '../../src/app/shell/paletteActions';
import { indexFromCache } from '../../src/app/shell/paletteIndex';
import { addPlace, pathLabel, titleOf } from '../../src/app/shell/recentPlaces';
import { defaultConfig } from '../../src/config/config';

// What the console has read: project 1 and its RFI container's list (as the palette's search sees the cache).
const rfiFolders = [7, 17, 70].map((n) => ({
  folderId: 100 + n,
  folderName: n === 7 ? 'Curtain wall embed conflict' : `Subject ${n}`,
  folderDescription: `RFI-${String(n).padStart(3, '0')}`,
  folderParentId: 4,
  folderType: 5,
  folderProjectId: 1,
}));
const entries = indexFromCache(
  [
    {
      queryKey: ['projects', 'detail', 1],
      data: { projectId: 1, projectName: 'Riverside Medical Office Building' },
    },
    { queryKey: ['folders', 'children', 4], data: rfiFolders },
  ],
  defaultConfig(),
);
const base = { recent: [], projectId: 1, isAdmin: false, entries };

describe('command palette actions', () => {
  it('reads RFI numbers in the forms people type', () => {
    for (const query of ['RFI-007', 'rfi 7', '#07', '7']) {
      const found = paletteActions({ ...base, query }).filter((a) => a.group === 'RFIs');
      expect(found.map((a) => a.id)).toEqual(['rfi:107']);
    }
    expect(paletteActions({ ...base, query: 'curtain' }).find((a) => a.group === 'RFIs')?.id).toBe('rfi:107');
  });

  it('finds an RFI by number, not by digits inside other numbers', () => {
    const actions = paletteActions({ ...base, query: 'RFI-007' });
    const found = actions.filter((a) => a.group === 'RFIs');
    expect(found).toEqual([
      {
        id: 'rfi:107',
        group: 'RFIs',
        label: 'RFI-007 · Curtain wall embed conflict',
        description: 'Riverside Medical Office Building',
        to: '/projects/1/rfis/4/107',
      },
    ]);
    expect(paletteActions({ ...base, query: 'curtain' }).filter((a) => a.group === 'RFIs')).toHaveLength(1);
  });

  it('offers a project and a folder for a number, the folder alone for "folder n"', () => {
    const ids = paletteActions({ ...base, query: '2' }).map((a) => a.id);
    expect(ids).toContain('project:2');
    expect(ids).toContain('folder:2');
    const folder = paletteActions({ ...base, query: 'folder 18' }).map((a) => a.id);
    expect(folder).toContain('folder:18');
    expect(folder).not.toContain('project:18');
  });

  it('opens a daily report by its date in the current project', () => {
    for (const query of ['10/30/2026', '2026-10-30', 'daily report 10/30/2026']) {
      expect(
        paletteActions({ ...base, query, dailyReportsContainerId: 7 }).find((a) =>
          a.id.startsWith('dailyreport:'),
        ),
      ).toMatchObject({
        label: 'Daily report of 10/30/2026',
        to: '/projects/1/daily-reports/7/2026-10-30',
      });
    }
    // Before the project's containers are known: the project's address, which finds the container and redirects.
    expect(
      paletteActions({ ...base, query: '10/30/2026' }).find((a) => a.id.startsWith('dailyreport:'))?.to,
    ).toBe('/projects/1/daily-reports/2026-10-30');
    expect(
      paletteActions({ ...base, query: '02/30/2026' }).some((a) => a.id.startsWith('dailyreport:')),
    ).toBe(false);
  });

  it('puts recent places first', () => {
    const recent = [{ path: '/projects/1/rfis/4/107', title: 'RFI-007' }];
    const actions = paletteActions({ ...base, recent, query: '' });
    expect(actions[0]).toMatchObject({ group: 'Recent', to: '/projects/1/rfis/4/107' });
  });

  it('lists explorer operations, and the request log by path for admins only', () => {
    const staff = paletteActions({ ...base, query: '/api/internal/project/get' });
    expect(staff.some((a) => a.id.startsWith('requestlog:'))).toBe(false);
    const admin = paletteActions({ ...base, isAdmin: true, query: '/api/internal/project/get' });
    expect(admin.find((a) => a.id.startsWith('requestlog:'))?.to).toBe(
      '/admin/request-log?PathInfo=%2Fapi%2Finternal%2Fproject%2Fget',
    );
    expect(admin.find((a) => a.id === 'op:ProjectGetRequest')?.to).toBe('/api-explorer?op=ProjectGetRequest');
  });
});

describe('recent places', () => {
  it('moves a revisited place to the front and keeps at most eight', () => {
    let list = Array.from({ length: 8 }, (_, i) => ({ path: `/p/${i}`, title: String(i) }));
    list = addPlace(list, { path: '/p/5', title: 'five' });
    expect(list[0]).toEqual({ path: '/p/5', title: 'five' });
    expect(list).toHaveLength(8);
    expect(addPlace(list, { path: '/new', title: 'n' })).toHaveLength(8);
  });

  it('labels places by their title or their path', () => {
    expect(titleOf('RFI-007 Curtain wall · PM Console')).toBe('RFI-007 Curtain wall');
    expect(titleOf('PM Console')).toBeUndefined();
    expect(pathLabel('/projects/1/folders/18')).toBe('Folder 18, project 1');
    expect(pathLabel('/projects/1/rfis/4/107')).toBe('RFI (folder 107), project 1');
    // Every screen's address gets words, never the address itself.
    expect(pathLabel('/projects/1')).toBe('Project 1');
    expect(pathLabel('/projects/1/folders/18/edit')).toBe('Edit folder 18, project 1');
    expect(pathLabel('/projects/1/rfis/4')).toBe('RFIs, project 1');
    expect(pathLabel('/projects/1/punch-list/5')).toBe('Punch list, project 1');
    expect(pathLabel('/projects/1/submittals/6')).toBe('Submittals, project 1');
    expect(pathLabel('/projects/1/submittals/6/1000?item=1001')).toBe(
      'Submittal package (folder 1000), project 1',
    );
    expect(pathLabel('/projects/1/daily-reports/7')).toBe('Daily reports, project 1');
    expect(pathLabel('/projects/1/daily-reports/7/2026-10-30')).toBe('Daily report of 2026-10-30, project 1');
    expect(pathLabel('/projects/1/daily-reports/2026-10-30')).toBe('Daily report of 2026-10-30, project 1');
    expect(pathLabel('/projects/1/meetings/3000')).toBe('Meeting (folder 3000), project 1');
    expect(pathLabel('/admin/request-log?PathInfo=%2Fx')).toBe('Request log');
    expect(pathLabel('/somewhere/else')).toBe('PM Console');
  });
});
