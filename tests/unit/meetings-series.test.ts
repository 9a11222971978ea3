import { describe, expect, it } from 'vitest';
import type { Meeting } from '../../src/contract/dtos';
import { carriedFrom, meetingFacts, meetingSeries, neighbours } from '../../src/features/meetings/model';

const m = (folderId: number, meetingDate: string, meetingNumber?: string, meetingType?: string): Meeting => ({
  folderId,
  meetingDate,
  meetingNumber,
  meetingType,
});

const first = m(3000, '09/02/2026', '001', 'OAC Meeting');
const second = m(3100, '2026-09-09', '002', 'Safety Meeting');
const third = m(3200, '09/16/2026', '003', 'OAC Meeting');
const undated = m(3300, 'next week', '004');

describe('the meetings of a container', () => {
  it('are in date order, then by number; meetings without a readable date last', () => {
    expect(meetingSeries([undated, third, first, second]).map((x) => x.folderId)).toEqual([
      3000, 3100, 3200, 3300,
    ]);
    const sameDay = [m(2, '09/02/2026', '10'), m(1, '09/02/2026', '9')];
    expect(meetingSeries(sameDay).map((x) => x.meetingNumber)).toEqual(['9', '10']);
  });

  it('give the previous and next meeting', () => {
    const series = meetingSeries([first, second, third]);
    expect(neighbours(series, 3100)).toEqual({ previous: first, next: third });
    expect(neighbours(series, 3000)).toEqual({ previous: undefined, next: second });
    expect(neighbours(series, 3200)).toEqual({ previous: second, next: undefined });
    expect(neighbours(series, 9999)).toEqual({});
  });

  it('are named by number, type and date', () => {
    expect(meetingFacts(first, 'en-US')).toEqual({
      number: '#001',
      type: 'OAC Meeting',
      date: 'Sep 2, 2026',
    });
    expect(meetingFacts({ folderId: 5 }, 'en-US')).toEqual({
      number: undefined,
      type: undefined,
      date: undefined,
    });
  });
});

describe('minutes carried over from an earlier meeting', () => {
  const series = meetingSeries([first, second, third]);

  it('come from the meeting held on the day they originated', () => {
    expect(carriedFrom({ dateOriginated: '09/02/2026' }, third, series)).toEqual({ from: first });
    expect(carriedFrom({ dateOriginated: '2026-09-09' }, third, series)).toEqual({ from: second });
  });

  it('originated before this meeting with no meeting that day: only the day is known', () => {
    expect(carriedFrom({ dateOriginated: '08/26/2026' }, third, series)).toEqual({
      originated: '08/26/2026',
    });
    // The series not read (yet): the day is still shown.
    expect(carriedFrom({ dateOriginated: '09/02/2026' }, third, [])).toEqual({ originated: '09/02/2026' });
  });

  it('are not carried over when raised at this meeting, later, or without readable dates', () => {
    expect(carriedFrom({ dateOriginated: '09/16/2026' }, third, series)).toBeUndefined();
    expect(carriedFrom({ dateOriginated: '09/20/2026' }, third, series)).toBeUndefined();
    expect(carriedFrom({ dateOriginated: 'soon' }, third, series)).toBeUndefined();
    expect(carriedFrom({}, third, series)).toBeUndefined();
    expect(carriedFrom({ dateOriginated: '09/02/2026' }, undated, series)).toBeUndefined();
  });
});
