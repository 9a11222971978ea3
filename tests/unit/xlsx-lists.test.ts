// The lists' sheets (src/features/*/exports.ts): typed cells in the screen's order, several sheets in one CSV.
import { describe, expect, it } from 'vitest';
import { groupSheet, signInSheet } from '../../src/features/analytics/exports';
import type { GroupRow } from '../../src/features/analytics/model/aggregate';
import { reportSheets } from '../../src/features/dailyreports/exports';
import { manpowerTotals } from '../../src/features/dailyreports/model';
import { readWorkbook, workbookBytes } from '../../src/ui/xlsx/excel';
import { csvOfSheets } from '../../src/ui/xlsx/sheet';

const row = (label: string, count: number): GroupRow =>
  ({
    key: label,
    label,
    count,
    errors: 1,
    errorRate: 1 / count,
    p50: 1.5,
    p95: 20,
    p99: 31.25,
    trend: [1, 2],
  }) as unknown as GroupRow;

describe('list sheets', () => {
  it('an Analytics breakdown: the rows in the order given, rates as fractions, durations as numbers', async () => {
    const sheet = groupSheet('By operation', [row('b', 4), row('a', 8)], (r) => r.label.toUpperCase());
    const [read] = await readWorkbook(await workbookBytes([sheet]));
    expect(read.rows).toEqual([
      ['Name', 'Requests', 'Errors', 'Error rate', 'p50 ms', 'p95 ms', 'p99 ms', 'Trend'],
      ['B', 4, 1, 0.25, 1.5, 20, 31.25, '1 2'],
      ['A', 8, 1, 0.125, 1.5, 20, 31.25, '1 2'],
    ]);
    const signIns = signInSheet([
      { name: '', count: 3, ips: 2, lastMs: Date.UTC(2026, 10, 1), link: {} as never },
    ]);
    expect(signIns.rows[0].slice(0, 3)).toEqual(['(no name logged)', 3, 2]);
  });

  it('a daily report: three sheets, the date a date cell; as CSV one after the other', async () => {
    const activities = [
      {
        contactString: 'Robert',
        peopleForeman: 1,
        hoursForeman: 8,
        isUnion: true,
        subc1Name: 'Acme',
        subc1People: 2,
        subc1Hours: 16,
      },
    ];
    const sheets = reportSheets({
      day: '2026-10-29',
      author: 'Robert Johnson',
      report: { temperature: '46°F' },
      activities,
      totals: manpowerTotals(activities),
    });
    expect(sheets.map((s) => s.name)).toEqual(['Weather', 'Manpower', 'Activities']);
    const read = await readWorkbook(await workbookBytes(sheets));
    expect(read[0].rows[1].slice(0, 2)).toEqual([new Date(Date.UTC(2026, 9, 29)), 'Robert Johnson']);
    expect(read[1].rows.find((r) => r[1] === 'Total')).toEqual(['Union / open shop', 'Total', 3, 24]);
    expect(read[2].rows[1].slice(0, 7)).toEqual(['Robert', null, null, null, null, 1, 8]);
    const csv = csvOfSheets(sheets).split('\r\n');
    expect(csv[0]).toBe('Weather');
    expect(csv[2].startsWith('2026-10-29,Robert Johnson,')).toBe(true);
    expect(csv).toContain('Manpower');
    expect(csv).toContain('Activities');
  });
});
