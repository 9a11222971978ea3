// The request-log explorer's view (issue 34): sort by any column and filter by status code over the rows held,
// both in the URL (src/routes/logView.ts, src/features/requestlog/model/view.ts).
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/contract/dtos';
import { triedName, viewRows } from '../../src/features/requestlog/model/view';
import {
  nextSort,
  parseSort,
  parseStatusFilter,
  statusMatches,
  writeLogView,
  type StatusFilter,
} from '../../src/routes/logView';

const entry = (e: Partial<RequestLogEntry>): RequestLogEntry => e as RequestLogEntry;
const row = (
  id: number,
  status: string | undefined,
  duration?: number,
  extra: Partial<RequestLogEntry> = {},
) =>
  entry({
    id,
    requestDuration: duration,
    items: status === undefined ? {} : { statusCode: status },
    dateTime: new Date(1_700_000_000_000 + id * 1000),
    ...extra,
  });
const ids = (rows: RequestLogEntry[]) => rows.map((r) => r.id);

describe('status filter', () => {
  it('reads exact codes, classes in any case and lists of them', () => {
    expect(parseStatusFilter('404')).toEqual({ codes: [404], classes: [] });
    expect(parseStatusFilter(' 4xx ')).toEqual({ codes: [], classes: [4] });
    expect(parseStatusFilter('5XX, 404 401,404')).toEqual({ codes: [404, 401], classes: [5] });
    expect(parseStatusFilter('')).toBeUndefined();
    expect(parseStatusFilter(null)).toBeUndefined();
  });

  it('refuses what is no code or class, naming it', () => {
    for (const bad of ['40', '4x', '600', 'abc', '4xx,oops', '1234'])
      expect(typeof parseStatusFilter(bad), bad).toBe('string');
    expect(parseStatusFilter('4xx,oops')).toMatch(/"oops"/);
  });

  it('matches a row by its code or class; a row without a status matches nothing', () => {
    const f = parseStatusFilter('404,5xx') as StatusFilter;
    expect(statusMatches(f, '404')).toBe(true);
    expect(statusMatches(f, '503')).toBe(true);
    expect(statusMatches(f, '401')).toBe(false);
    expect(statusMatches(f, '200')).toBe(false);
    expect(statusMatches(f, undefined)).toBe(false);
    expect(statusMatches(f, 'oops')).toBe(false);
  });
});

describe('sort', () => {
  it('reads and writes the sort and the filter in the URL, keeping the other parameters', () => {
    expect(parseSort('-duration')).toEqual({ key: 'duration', dir: 'desc' });
    expect(parseSort('Path')).toEqual({ key: 'path', dir: 'asc' });
    expect(parseSort('-nope')).toBeUndefined();
    expect(parseSort(null)).toBeUndefined();
    const url = writeLogView(
      { sort: { key: 'duration', dir: 'desc' }, status: parseStatusFilter('5xx,404') as StatusFilter },
      new URLSearchParams('PathInfo=/x&entry=3'),
    );
    expect(url.toString()).toBe('PathInfo=%2Fx&entry=3&sort=-duration&status=404%2C5xx');
    expect(writeLogView({}, url).toString()).toBe('PathInfo=%2Fx&entry=3');
  });

  it('starts a column in its natural order and turns it on the next click', () => {
    expect(nextSort(undefined, 'duration')).toEqual({ key: 'duration', dir: 'desc' });
    expect(nextSort(undefined, 'path')).toEqual({ key: 'path', dir: 'asc' });
    expect(nextSort({ key: 'path', dir: 'asc' }, 'path')).toEqual({ key: 'path', dir: 'desc' });
    expect(nextSort({ key: 'path', dir: 'desc' }, 'user')).toEqual({ key: 'user', dir: 'asc' });
  });

  it('sorts by duration both ways, stable, rows without a value last', () => {
    const rows = [row(5, '200', 3), row(4, '200', 10), row(3, '200'), row(2, '200', 3), row(1, '200', 0.5)];
    expect(ids(viewRows(rows, { key: 'duration', dir: 'desc' }, undefined))).toEqual([4, 5, 2, 1, 3]);
    expect(ids(viewRows(rows, { key: 'duration', dir: 'asc' }, undefined))).toEqual([1, 5, 2, 4, 3]);
  });

  it('sorts text with numbers in order, status as a number, and time', () => {
    const rows = [
      row(1, '404', 1, { pathInfo: '/b10', userAuthId: 'pm' }),
      row(2, '200', 1, { pathInfo: '/b9' }),
      row(3, '500', 1, { pathInfo: '/A', items: { statusCode: '500', userNameTried: 'root' } }),
    ];
    expect(ids(viewRows(rows, { key: 'path', dir: 'asc' }, undefined))).toEqual([3, 2, 1]);
    expect(ids(viewRows(rows, { key: 'status', dir: 'desc' }, undefined))).toEqual([3, 1, 2]);
    expect(ids(viewRows(rows, { key: 'time', dir: 'asc' }, undefined))).toEqual([1, 2, 3]);
    // A failed sign-in sorts by the name it tried; a row with no user goes last.
    expect(ids(viewRows(rows, { key: 'user', dir: 'asc' }, undefined))).toEqual([1, 3, 2]);
  });

  it('filters then sorts, and leaves the rows alone when neither applies', () => {
    const rows = [
      row(4, '404', 2),
      row(3, '200', 9),
      row(2, '503', 7),
      row(1, '401', 5),
      row(0, undefined, 1),
    ];
    expect(viewRows(rows, undefined, undefined)).toBe(rows);
    const f = parseStatusFilter('4xx') as StatusFilter;
    expect(ids(viewRows(rows, undefined, f))).toEqual([4, 1]);
    expect(ids(viewRows(rows, { key: 'duration', dir: 'desc' }, f))).toEqual([1, 4]);
  });
});

describe('a failed sign-in', () => {
  it('shows the user name it tried, and only when no user was bound', () => {
    expect(triedName(entry({ items: { userNameTried: 'root' } }))).toBe('root');
    expect(triedName(entry({ userAuthId: 'pm', items: { userNameTried: 'root' } }))).toBeUndefined();
    expect(triedName(entry({ items: {} }))).toBeUndefined();
  });
});
