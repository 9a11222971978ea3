import { describe, expect, it } from 'vitest';
import { isDay } from '../../src/features/dailyreports/model';

// The day in a daily report's address (`/projects/1/daily-reports/7/2026-10-30`) is read strictly: only a real
// calendar day written as YYYY-MM-DD, so an impossible date is the route's 404 rather than some other day.
describe('the day of a daily-report address', () => {
  it('accepts real calendar days, leap days included', () => {
    for (const day of ['2026-10-30', '2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '2026-04-30']) {
      expect(isDay(day), day).toBe(true);
    }
  });

  it('refuses impossible months and days', () => {
    for (const day of [
      '2026-13-45',
      '2026-13-01',
      '2026-00-10',
      '2026-10-00',
      '2026-10-32',
      '2026-02-30',
      '2026-02-29', // not a leap year
      '1900-02-29', // divisible by 100, not by 400
      '2026-04-31',
      '2026-06-31',
    ]) {
      expect(isDay(day), day).toBe(false);
    }
  });

  it('refuses anything that is not YYYY-MM-DD exactly', () => {
    for (const day of [
      '2026-1-5',
      '2026-10-5',
      '10/30/2026',
      '2026-10-30T00:00',
      ' 2026-10-30',
      'not-a-date',
      '',
    ]) {
      expect(isDay(day), day).toBe(false);
    }
    expect(isDay(undefined)).toBe(false);
  });
});
