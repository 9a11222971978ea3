// Operations 8 and 9: DailyReportGetRequest (a report with its folder) and DailyReportActivityReadByReportRequest.
import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/contract/codecs';
import {
  children,
  expectError,
  expectStatus,
  FT,
  useHarness,
  useSeedIds,
  WIRE_DATE,
  type Json,
} from './harness';

const h = useHarness();
const ids = useSeedIds(h);

const mmddyyyy = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

describe('DailyReportGetRequest (operation 8)', () => {
  it('reads a daily report with its weather, author and folder', async () => {
    const res = await h.as('pm', 'DailyReportGetRequest', { dailyReportId: ids.dailyReportId });
    expectStatus(res, 200);
    const r = res.json.dailyReport;
    const f = res.json.folder;
    expect(r.dailyReportId).toBe(ids.dailyReportId);
    expect(r.folderId).toBe(f.folderId);
    expect(r.folderParentId).toBe(ids.containers.dailyReports);
    expect(r.folderProject).toBe(1);
    expect(r.dated).toMatch(WIRE_DATE);
    const dated = parseDateTime(r.dated)!;
    expect(r.folderName).toBe(`Daily Report ${mmddyyyy(dated)}`);
    expect([0, 6]).not.toContain(dated.getUTCDay()); // a working day
    expect(r.reportPeriod).toEqual(expect.any(String));
    expect(r.temperature).toMatch(/^\d+°F$/);
    expect(r.precipitation).toMatch(/in$/);
    expect(r.sky).toEqual(expect.any(String));
    expect(r.wind).toMatch(/mph$/);
    expect(r.humidity).toMatch(/%$/);
    expect(r.units).toBe('Imperial');
    expect(r.author).toEqual(expect.any(Number));
    expect(r.ccUserList).toContain('Pat Miller');
    expect(typeof r.userCanModify).toBe('boolean');
    expect(f.folderType).toBe(FT.dailyReport);
    expect(f.folderTypeName).toBe('Daily Report');
    expect(f.folderReferenceId).toBe(ids.dailyReportId);
    expect(f.folderName).toBe(r.folderName);
    expect(f.createdByFullName).toBe('Robert Johnson');
  });

  it('reads all 30 reports of project 1 through their folders', async () => {
    const folders = (await children(h, 'pm', ids.containers.dailyReports)).filter(
      (f) => f.folderType === FT.dailyReport,
    );
    expect(folders.length).toBeGreaterThanOrEqual(30);
    const days = new Set<string>();
    for (const folder of folders) {
      const res = await h.as('pm', 'DailyReportGetRequest', { dailyReportId: folder.folderReferenceId });
      expectStatus(res, 200);
      expect(res.json.dailyReport.folderId).toBe(folder.folderId);
      days.add(res.json.dailyReport.dated);
    }
    expect(days.size).toBe(folders.length);
  });

  it('answers 404 for an unknown report', async () => {
    expectError(await h.as('pm', 'DailyReportGetRequest', { dailyReportId: 987_654 }), 404, 'NotFound');
  });
});

describe('DailyReportActivityReadByReportRequest (operation 9)', () => {
  it('reads 3 to 10 activities of a report, by CSI code', async () => {
    const res = await h.as('pm', 'DailyReportActivityReadByReportRequest', {
      dailyReportId: ids.dailyReportId,
    });
    expectStatus(res, 200);
    const list: Json[] = res.json.dailyReportActivities;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(10);
    for (const a of list) {
      expect(a.dailyReportId).toBe(ids.dailyReportId);
      expect(a.dailyReportActivityId).toEqual(expect.any(Number));
      expect(a.csi).toEqual(expect.any(Number));
      expect(a.csiName.length).toBeGreaterThan(3);
      expect(a.description).toContain(a.csiName);
      expect(a.location).toEqual(expect.any(String));
      expect(a.peopleForeman).toBe(1);
      expect(a.hoursTradesman).toBe(a.peopleTradesman * 8);
      expect(typeof a.isUnion).toBe('boolean');
      expect(typeof a.is2Tier).toBe('boolean');
      expect(a.primarySubc).toEqual(expect.any(String));
      if (a.contact !== undefined) expect(a.contactString).toMatch(/^\w+ \w+/);
    }
    const csi = list.map((a) => a.csi);
    expect([...csi].sort((x, y) => x - y)).toEqual(csi);
    // JSON names of rule 6.
    expect(res.text).toContain('"csiName":');
    expect(res.text).not.toContain('"CSIName"');
  });

  it('answers 404 for an unknown report', async () => {
    expectError(
      await h.as('pm', 'DailyReportActivityReadByReportRequest', { dailyReportId: 987_654 }),
      404,
      'NotFound',
    );
  });
});
