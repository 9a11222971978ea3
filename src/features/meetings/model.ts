// Pure logic of the meeting screen: item-number order, grouping by category, what is overdue, what is shown; the
// meetings of the container in date order (previous / next), and where a carried-over minute came from.
import { isMinuteOverdue, minuteDaysOverdue } from '../../api/rules/meetings';
import type { Meeting, MeetingMinute } from '../../contract/dtos';
import { displayTextDate, textDayOf as dayOf } from '../../ui/textDate';

/** `1.02` < `1.10` < `2.01` < `10.01`: the dotted parts compared as numbers, then as text; none sorts last. */
export function compareItemNumbers(a: string | undefined, b: string | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const nx = Number(x);
    const ny = Number(y);
    const d = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : 0;
    if (d) return d;
    const t = x.localeCompare(y, undefined, { numeric: true });
    if (t) return t;
  }
  return 0;
}

// Overdue minutes: the rule is shared with the dashboard (src/api/rules/meetings.ts).
export const isOverdue = isMinuteOverdue;
export const daysOverdue = minuteDaysOverdue;

export const UNCATEGORISED = 'Uncategorised';

export interface MinuteGroup {
  category: string;
  minutes: MeetingMinute[];
}

export interface MinuteView {
  groups: MinuteGroup[];
  total: number;
  shown: number;
  /** Complete minutes (hidden ones included) and hidden minutes: what the toggles add. */
  completed: number;
  hidden: number;
  /** Overdue among all minutes, shown or not. */
  overdue: number;
  /** Overdue among the minutes shown, and among those left out (hidden ones: a completed minute is never late). */
  overdueShown: number;
  overdueNotShown: number;
}

/**
 * The minutes to show, in item-number order, grouped by category; categories in the order of their first item
 * (so category 1 comes before category 2), minutes without a category last. Completed and hidden minutes are
 * left out unless asked for (both flags must allow a minute that is both).
 */
export function viewMinutes(
  minutes: MeetingMinute[],
  options: { showCompleted: boolean; showHidden: boolean; today: number },
): MinuteView {
  const sorted = [...minutes].sort(
    (a, b) =>
      compareItemNumbers(a.itemNumber, b.itemNumber) || (a.meetingMinuteId ?? 0) - (b.meetingMinuteId ?? 0),
  );
  const shown = sorted.filter(
    (m) => (options.showCompleted || !m.isComplete) && (options.showHidden || !m.isHidden),
  );
  const groups = new Map<string, MeetingMinute[]>();
  for (const m of shown) {
    const category = m.minuteCategory?.trim() || UNCATEGORISED;
    groups.set(category, [...(groups.get(category) ?? []), m]);
  }
  const ordered = [...groups.entries()]
    .sort(([a], [b]) => (a === UNCATEGORISED ? 1 : 0) - (b === UNCATEGORISED ? 1 : 0))
    .map(([category, list]) => ({ category, minutes: list }));
  const overdue = minutes.filter((m) => isOverdue(m, options.today)).length;
  const overdueShown = shown.filter((m) => isOverdue(m, options.today)).length;
  return {
    groups: ordered,
    total: minutes.length,
    shown: shown.length,
    completed: minutes.filter((m) => m.isComplete).length,
    hidden: minutes.filter((m) => m.isHidden).length,
    overdue,
    overdueShown,
    overdueNotShown: overdue - overdueShown,
  };
}

/** A text with something in it, else undefined. */
export const text = (v: string | undefined) => (v && v.trim() ? v : undefined);

/** The meetings of a container in date order, then by number (as numbers); unreadable dates last. */
export function meetingSeries(meetings: Meeting[]): Meeting[] {
  return [...meetings].sort((a, b) => {
    const da = dayOf(a.meetingDate);
    const db = dayOf(b.meetingDate);
    if (da !== db) return da === undefined ? 1 : db === undefined ? -1 : da - db;
    return compareItemNumbers(a.meetingNumber, b.meetingNumber) || (a.folderId ?? 0) - (b.folderId ?? 0);
  });
}

/** The meetings before and after one of the series (nothing when it is not in it). */
export function neighbours(series: Meeting[], folderId: number): { previous?: Meeting; next?: Meeting } {
  const i = series.findIndex((m) => m.folderId === folderId);
  return i < 0 ? {} : { previous: series[i - 1], next: series[i + 1] };
}

/** How a meeting is named in lists: `#003`, its type, its date in the user's locale. */
export function meetingFacts(meeting: Meeting, locale?: string) {
  return {
    number: text(meeting.meetingNumber) && `#${meeting.meetingNumber!.trim()}`,
    type: text(meeting.meetingType),
    date: displayTextDate(meeting.meetingDate, { locale }),
  };
}

/** Where a carried-over minute came from: a meeting of the series, or only the day it originated. */
export type CarriedOver =
  { from: Meeting; originated?: undefined } | { originated: string; from?: undefined };

/**
 * A minute is carried over when it originated (`DateOriginated`) before this meeting's day. The interface has
 * no field naming the meeting it came from, so that is the meeting of the series held on the day it originated
 * (the earliest by number if several); without one, only the day is known.
 */
export function carriedFrom(
  minute: MeetingMinute,
  meeting: Meeting,
  series: Meeting[],
): CarriedOver | undefined {
  const originated = dayOf(minute.dateOriginated);
  const held = dayOf(meeting.meetingDate);
  if (originated === undefined || held === undefined || originated >= held) return undefined;
  const from = series.find((m) => m.folderId !== meeting.folderId && dayOf(m.meetingDate) === originated);
  return from ? { from } : { originated: minute.dateOriginated! };
}
