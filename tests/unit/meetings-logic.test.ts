import { describe, expect, it } from 'vitest';
import type { MeetingMinute } from '../../src/contract/dtos';
import {
  compareItemNumbers,
  daysOverdue,
  isOverdue,
  UNCATEGORISED,
  viewMinutes,
} from '../../src/features/meetings/model';
import { textDateDay } from '../../src/ui/textDate';

const today = textDateDay({ year: 2026, month: 11, day: 1 });

describe('item numbers', () => {
  it('compares dotted parts as numbers', () => {
    const sorted = ['10.01', '2.01', '1.10', '1.02', '1.2a', undefined, '1'].sort(compareItemNumbers);
    expect(sorted).toEqual(['1', '1.02', '1.2a', '1.10', '2.01', '10.01', undefined]);
  });
});

describe('overdue minutes', () => {
  it('is open, unresolved and due before today', () => {
    expect(isOverdue({ dateDue: '10/31/2026' }, today)).toBe(true);
    expect(daysOverdue({ dateDue: '10/25/2026' }, today)).toBe(7);
    expect(isOverdue({ dateDue: '2026-10-31' }, today)).toBe(true);
    expect(isOverdue({ dateDue: '11/01/2026' }, today)).toBe(false); // due today is not late yet
    expect(isOverdue({ dateDue: '10/31/2026', isComplete: true }, today)).toBe(false);
    expect(isOverdue({ dateDue: '10/31/2026', dateResolved: '10/30/2026' }, today)).toBe(false);
    expect(isOverdue({ dateDue: 'next week' }, today)).toBe(false);
    expect(isOverdue({}, today)).toBe(false);
    expect(daysOverdue({ dateDue: '11/05/2026' }, today)).toBe(0);
  });
});

describe('grouping and filtering minutes', () => {
  const minutes: MeetingMinute[] = [
    { meetingMinuteId: 1, itemNumber: '2.01', minuteCategory: 'Schedule', summary: 'Lookahead' },
    { meetingMinuteId: 2, itemNumber: '1.10', minuteCategory: 'General', summary: 'Directory' },
    { meetingMinuteId: 3, itemNumber: '1.02', minuteCategory: 'General', isComplete: true },
    { meetingMinuteId: 4, itemNumber: '9.01', summary: 'No category' },
    { meetingMinuteId: 5, itemNumber: '2.02', minuteCategory: 'Schedule', isHidden: true },
    { meetingMinuteId: 6, itemNumber: '2.03', minuteCategory: 'Schedule', isHidden: true, isComplete: true },
    { meetingMinuteId: 7, itemNumber: '3.01', minuteCategory: 'Safety', dateDue: '10/20/2026' },
  ];
  const ids = (v: ReturnType<typeof viewMinutes>) =>
    v.groups.map((g) => [g.category, g.minutes.map((m) => m.meetingMinuteId)]);

  it('shows open, visible minutes by default, by category in item-number order, no category last', () => {
    const v = viewMinutes(minutes, { showCompleted: false, showHidden: false, today });
    expect(ids(v)).toEqual([
      ['General', [2]],
      ['Schedule', [1]],
      ['Safety', [7]],
      [UNCATEGORISED, [4]],
    ]);
    expect(v).toMatchObject({ total: 7, shown: 4, completed: 2, hidden: 2, overdue: 1 });
  });

  it('adds completed minutes, hidden minutes, or both', () => {
    expect(ids(viewMinutes(minutes, { showCompleted: true, showHidden: false, today }))[0]).toEqual([
      'General',
      [3, 2],
    ]);
    expect(ids(viewMinutes(minutes, { showCompleted: false, showHidden: true, today }))[1]).toEqual([
      'Schedule',
      [1, 5],
    ]);
    const all = viewMinutes(minutes, { showCompleted: true, showHidden: true, today });
    expect(all.shown).toBe(7);
    expect(ids(all)[1]).toEqual(['Schedule', [1, 5, 6]]);
  });

  it('has nothing to show for a meeting without minutes', () => {
    expect(viewMinutes([], { showCompleted: true, showHidden: true, today })).toEqual({
      groups: [],
      total: 0,
      shown: 0,
      completed: 0,
      hidden: 0,
      overdue: 0,
      overdueShown: 0,
      overdueNotShown: 0,
    });
  });

  it('counts the overdue minutes shown apart from those left out (issue 34: a hidden 3.01)', () => {
    const hiddenLate: MeetingMinute = {
      meetingMinuteId: 8,
      itemNumber: '3.02',
      isHidden: true,
      dateDue: '10/01/2026',
    };
    const v = viewMinutes([...minutes, hiddenLate], { showCompleted: false, showHidden: false, today });
    expect(v).toMatchObject({ overdue: 2, overdueShown: 1, overdueNotShown: 1 });
    const shownRows = v.groups.flatMap((g) => g.minutes).filter((m) => isOverdue(m, today));
    expect(shownRows).toHaveLength(v.overdueShown);
    const all = viewMinutes([...minutes, hiddenLate], { showCompleted: false, showHidden: true, today });
    expect(all).toMatchObject({ overdue: 2, overdueShown: 2, overdueNotShown: 0 });
  });
});
