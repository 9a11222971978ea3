import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { folderPath, routes, reportDay } from '../../src/routes/routes';
import { folderTypes } from '../../src/contract/codes';
import type { DailyReportActivity, Folder } from '../../src/contract/dtos';
import {
  authorName,
  entryPath,
  findEntry,
  findReportsContainer,
  formatCsi,
  hasWeather,
  isReportsContainerOf,
  manpowerTotals,
  nearest,
  neighbours,
  reportEntries,
  subcontractorsOf,
} from '../../src/features/dailyreports/model';

const config = defaultConfig();
const report = (folderId: number, name: string, reportId = folderId - 2000, sorting = 0): Folder => ({
  folderId,
  folderName: name,
  folderType: folderTypes.dailyReport.code,
  folderReferenceId: reportId,
  folderSorting: sorting,
  folderParentId: 7,
});

describe('which daily report a day addresses', () => {
  it('reads the day from the folder name (MM/DD/YYYY or ISO), else the local creation day', () => {
    expect(reportDay({ folderName: 'Daily Report 10/30/2026' })).toBe('2026-10-30');
    expect(reportDay({ folderName: 'DR 2026-10-05 night' })).toBe('2026-10-05');
    expect(reportDay({ folderName: 'Report 1/2/2026' })).toBe('2026-01-02');
    expect(reportDay({ folderName: 'Untitled', createdDate: new Date(2026, 9, 7, 15) })).toBe('2026-10-07');
    expect(reportDay({ folderName: 'Untitled' })).toBeUndefined();
  });

  it('orders reports by day, keeps same-day order, skips other kinds and folders without a report id', () => {
    const entries = reportEntries(
      [
        report(2003, 'Daily Report 10/02/2026'),
        report(2001, 'Daily Report 09/30/2026'),
        report(2004, 'Daily Report 10/02/2026 (night shift)'),
        { ...report(2005, 'Daily Report 10/03/2026'), folderReferenceId: undefined },
        { ...report(2006, 'Notes 10/04/2026'), folderType: folderTypes.folder.code },
      ],
      config,
    );
    expect(entries.map((e) => [e.day, e.folder.folderId, e.first])).toEqual([
      ['2026-09-30', 2001, true],
      ['2026-10-02', 2003, true],
      ['2026-10-02', 2004, false],
    ]);
    expect(entryPath(1, 7, entries[1])).toBe('/projects/1/daily-reports/7/2026-10-02');
    expect(entryPath(1, 7, entries[2])).toBe('/projects/1/daily-reports/7/2026-10-02?report=2004');
    expect(findEntry(entries, '2026-10-02')?.folder.folderId).toBe(2003);
    expect(findEntry(entries, '2026-10-02', 2004)?.folder.folderId).toBe(2004);
    expect(findEntry(entries, '2026-10-02', 9999)?.folder.folderId).toBe(2003);
    expect(findEntry(entries, '2026-10-01')).toBeUndefined();

    const { previous, next } = neighbours(entries, entries[1]);
    expect(previous?.day).toBe('2026-09-30');
    expect(next?.folder.folderId).toBe(2004);
    expect(neighbours(entries, entries[0]).previous).toBeUndefined();
    expect(neighbours(entries, entries[2]).next).toBeUndefined();
    expect(nearest(entries, '2026-10-01')).toEqual({ before: entries[0], after: entries[1] });
  });

  it('opens daily-report folders and their container on their screens, the container id in the URL', () => {
    // A report folder's container is its parent.
    expect(folderPath(1, report(2003, 'Daily Report 10/02/2026'), config)).toBe(
      '/projects/1/daily-reports/7/2026-10-02',
    );
    expect(folderPath(1, { folderId: 7, folderType: folderTypes.dailyReports.code }, config)).toBe(
      '/projects/1/daily-reports/7',
    );
    // Without its parent the container is unknown: the folder view.
    expect(
      folderPath(1, { ...report(2003, 'Daily Report 10/02/2026'), folderParentId: undefined }, config),
    ).toBe('/projects/1/folders/2003');
    expect(folderPath(1, { folderId: 3000, folderType: folderTypes.meeting.code }, config)).toBe(
      '/projects/1/meetings/3000',
    );
    // No readable day: the folder view.
    expect(folderPath(1, { ...report(2009, 'Untitled'), createdDate: undefined }, config)).toBe(
      '/projects/1/folders/2009',
    );
  });

  it('builds the new addresses and the older project-only ones', () => {
    expect(routes.dailyReports.href(1, 7)).toBe('/projects/1/daily-reports/7');
    expect(routes.dailyReport.href(1, 7, '2026-10-30')).toBe('/projects/1/daily-reports/7/2026-10-30');
    expect(routes.dailyReport.href(1, 7, '2026-10-02', 2004)).toBe(
      '/projects/1/daily-reports/7/2026-10-02?report=2004',
    );
    expect(routes.dailyReportsOfProject.href(1)).toBe('/projects/1/daily-reports');
    expect(routes.dailyReportsOfProject.href(1, '2026-10-30')).toBe('/projects/1/daily-reports/2026-10-30');
  });

  it('finds the Daily Reports container of a project and checks one named by a URL', () => {
    const container: Folder = { folderId: 7, folderType: folderTypes.dailyReports.code, folderProjectId: 1 };
    const rfis: Folder = { folderId: 4, folderType: folderTypes.rfis.code, folderProjectId: 1 };
    expect(findReportsContainer([rfis, container], config)).toBe(container);
    expect(findReportsContainer([rfis], config)).toBeUndefined();
    expect(isReportsContainerOf(container, 1, config)).toBe(true);
    expect(isReportsContainerOf(container, 2, config)).toBe(false); // another project's
    expect(isReportsContainerOf(rfis, 1, config)).toBe(false); // another kind
    expect(isReportsContainerOf(report(2003, 'Daily Report 10/02/2026'), 1, config)).toBe(false); // a report
  });
});

describe('daily report header', () => {
  it('names the author from the report folder when it made the report', () => {
    expect(authorName({ author: 7 }, { createdBy: 7, createdByFullName: 'Ray Johnson' })).toBe('Ray Johnson');
    expect(authorName({ author: 7 }, { createdBy: 2, createdByFullName: 'Pat Miller' })).toBe('User 7');
    expect(authorName({}, undefined)).toBeUndefined();
  });

  it('knows a report without weather', () => {
    expect(hasWeather({ temperature: '55°F' })).toBe(true);
    expect(hasWeather({ units: 'Imperial', observationTime: '7:00 AM', sky: ' ' })).toBe(false);
  });

  it('formats CSI sections', () => {
    expect(formatCsi(33000)).toBe('03 30 00');
    expect(formatCsi(260500)).toBe('26 05 00');
    expect(formatCsi(0)).toBeUndefined();
  });
});

describe('manpower totals', () => {
  const a1: DailyReportActivity = {
    peopleForeman: 1,
    hoursForeman: 8,
    peopleTradesman: 6,
    hoursTradesman: 48,
    peopleLaborers: 2,
    hoursLaborers: 16,
    peopleApprentice: 1,
    hoursApprentice: 7.5,
    subc1Name: 'Valley Electric',
    subc1People: 3,
    subc1Hours: 24,
    isUnion: true,
  };
  const a2: DailyReportActivity = {
    peopleForeman: 1,
    hoursForeman: 8,
    peopleTradesman: 4,
    hoursTradesman: 32.1,
    subc1Name: 'valley electric',
    subc1People: 1,
    subc1Hours: 8,
    subc2Name: 'Acme Drywall',
    subc2People: 2,
    subc2Hours: 16.2,
    subc4People: 1,
    subc4Hours: 4,
  };

  it('adds people and hours by trade (missing numbers count as 0)', () => {
    const t = manpowerTotals([a1, a2, {}]);
    expect(t.byTrade.map((x) => [x.key, x.people, x.hours])).toEqual([
      ['foreman', 2, 16],
      ['tradesman', 10, 80.1],
      ['laborers', 2, 16],
      ['apprentice', 1, 7.5],
    ]);
    expect(t.trades).toEqual({ people: 15, hours: 119.6 });
  });

  it('adds subcontractors by name across activities, an unnamed crew too', () => {
    expect(subcontractorsOf(a2).map((s) => s.name)).toEqual([
      'valley electric',
      'Acme Drywall',
      'Unnamed subcontractor',
    ]);
    const t = manpowerTotals([a1, a2]);
    expect(t.bySubcontractor).toEqual([
      { name: 'Acme Drywall', people: 2, hours: 16.2 },
      { name: 'Unnamed subcontractor', people: 1, hours: 4 },
      { name: 'Valley Electric', people: 4, hours: 32 },
    ]);
    expect(t.subcontractors).toEqual({ people: 7, hours: 52.2 });
  });

  it('splits union and open shop by the activity flag; together they are the total', () => {
    const t = manpowerTotals([a1, a2]);
    expect(t.union).toEqual({ people: 13, hours: 103.5 });
    expect(t.openShop).toEqual({ people: 9, hours: 68.3 });
    expect(t.total).toEqual({ people: 22, hours: 171.8 });
    expect(t.union.people + t.openShop.people).toBe(t.total.people);
  });

  it('is all zero for no activities', () => {
    const t = manpowerTotals([]);
    expect(t.total).toEqual({ people: 0, hours: 0 });
    expect(t.bySubcontractor).toEqual([]);
  });
});
