// What the console reads out of meeting minutes, declared once for the meeting screen and the dashboard (rule in
// docs/console-decisions.md, "Meetings").
import type { MeetingMinute } from '../../contract/dtos';
import { textDayOf } from '../../contract/textDates';

/**
 * A minute (an action item) is overdue when it is not complete, has no `DateResolved`, and its readable
 * `DateDue` is before today (due today is not overdue). A minute without a readable due date never is.
 */
export function isMinuteOverdue(minute: MeetingMinute, today: number): boolean {
  if (minute.isComplete || (minute.dateResolved ?? '').trim() !== '') return false;
  const due = textDayOf(minute.dateDue);
  return due !== undefined && due < today;
}

/** Days a minute is overdue; 0 when it is not. */
export function minuteDaysOverdue(minute: MeetingMinute, today: number): number {
  const due = textDayOf(minute.dateDue);
  return isMinuteOverdue(minute, today) && due !== undefined ? today - due : 0;
}
