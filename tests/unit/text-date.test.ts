import { describe, expect, it } from 'vitest';
import {
  compareTextDates,
  displayTextDate,
  formatTextDate,
  parseTextDate,
  TEXT_DATE_YEARS_MESSAGE,
  textDateProblem,
  textDateSortKey,
  todayDay,
  writeTextDate,
} from '../../src/ui/textDate';

describe('parseTextDate', () => {
  it('reads MM/DD/YYYY, YYYY-MM-DD and ISO 8601 date-times', () => {
    expect(parseTextDate('11/05/2026')).toEqual({ year: 2026, month: 11, day: 5, format: 'us' });
    expect(parseTextDate('1/5/2026')).toEqual({ year: 2026, month: 1, day: 5, format: 'us' });
    expect(parseTextDate('2026-11-05')).toEqual({ year: 2026, month: 11, day: 5, format: 'iso' });
    expect(parseTextDate('2026-11-05T00:00:00Z')).toEqual({ year: 2026, month: 11, day: 5, format: 'iso' });
    expect(parseTextDate('2026-11-05T13:45:10.123+01:00')?.day).toBe(5);
    expect(parseTextDate(' 2026-11-05 ')?.month).toBe(11);
  });

  it('refuses impossible, malformed and missing dates', () => {
    for (const bad of ['02/30/2026', '13/01/2026', '2026-02-29', '2026-1-5', 'next week', '', '11/05/26']) {
      expect(parseTextDate(bad), bad).toBeUndefined();
    }
    expect(parseTextDate(undefined)).toBeUndefined();
    expect(parseTextDate(null)).toBeUndefined();
    expect(parseTextDate('2028-02-29')?.day).toBe(29);
  });
});

describe('writing back', () => {
  it('uses the format of the value it replaces, MM/DD/YYYY for new values', () => {
    expect(writeTextDate('2027-01-15', '11/05/2026')).toBe('01/15/2027');
    expect(writeTextDate('01/15/2027', '2026-11-05')).toBe('2027-01-15');
    expect(writeTextDate('1/15/2027', '2026-11-05T00:00:00Z')).toBe('2027-01-15');
    expect(writeTextDate('2027-01-15')).toBe('01/15/2027');
    expect(writeTextDate('1/2/2027', '')).toBe('01/02/2027');
  });

  it('gives "" for empty input and undefined for unreadable input', () => {
    expect(writeTextDate('  ', '11/05/2026')).toBe('');
    expect(writeTextDate('31/12/2026', '11/05/2026')).toBeUndefined();
  });

  it('formats both ways', () => {
    expect(formatTextDate({ year: 2026, month: 3, day: 7 })).toBe('03/07/2026');
    expect(formatTextDate({ year: 2026, month: 3, day: 7 }, 'iso')).toBe('2026-03-07');
  });
});

describe('sorting and display', () => {
  it('sorts as dates, not as text, with unreadable values last', () => {
    const values = ['12/01/2025', '2026-01-10', 'soon', '01/09/2026', undefined, '02/01/2025'];
    expect([...values].sort(compareTextDates)).toEqual([
      '02/01/2025',
      '12/01/2025',
      '01/09/2026',
      '2026-01-10',
      'soon',
      undefined,
    ]);
    expect(textDateSortKey('01/02/1970')).toBe(1);
  });

  it('shows dates in the given locale and leaves other text alone', () => {
    expect(displayTextDate('11/05/2026', { locale: 'en-US' })).toBe('Nov 5, 2026');
    expect(displayTextDate('2026-11-05', { locale: 'de-DE' })).toBe('05.11.2026');
    expect(displayTextDate('TBD', { locale: 'en-US' })).toBe('TBD');
    expect(displayTextDate('', { locale: 'en-US' })).toBeUndefined();
  });

  it("today's day number follows the local calendar day", () => {
    expect(todayDay(new Date(2026, 10, 22, 23, 59))).toBe(textDateSortKey('11/22/2026'));
    expect(todayDay(new Date(2026, 10, 22, 0, 1))).toBe(textDateSortKey('2026-11-22'));
  });
});

describe('textDateProblem', () => {
  it('tells a year out of range from a date that cannot be read', () => {
    expect(textDateProblem('')).toBeUndefined();
    expect(textDateProblem('  ')).toBeUndefined();
    expect(textDateProblem('01/01/2027')).toBeUndefined();
    expect(textDateProblem('2027-01-01')).toBeUndefined();
    expect(textDateProblem('01/01/1800')).toBe('years');
    expect(textDateProblem('1899-12-31')).toBe('years');
    expect(textDateProblem('01/01/2101')).toBe('years');
    expect(textDateProblem('02/30/2027')).toBe('unreadable');
    expect(textDateProblem('soon')).toBe('unreadable');
    expect(TEXT_DATE_YEARS_MESSAGE).toBe('Enter a year from 1900 to 2100.');
  });
});
