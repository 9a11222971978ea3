// A meeting's minutes as a sheet (Excel, CSV): the minutes shown, by category in the screen's order, dates as date
// cells, days overdue a number, complete a boolean, and the meeting a carried-over minute came from.
import type { MeetingMinute } from '../../contract/dtos';
import type { Sheet } from '../../ui/xlsx/sheet';
import { displayTextDate } from '../../ui/textDate';
import { daysOverdue, meetingFacts, type CarriedOver } from './model';

export function minutesSheet(
  groups: Array<{ category: string; minutes: MeetingMinute[] }>,
  today: number,
  carriedOf: (m: MeetingMinute) => CarriedOver | undefined,
): Sheet {
  const carried = (m: MeetingMinute) => {
    const c = carriedOf(m);
    if (!c) return undefined;
    if (!c.from) return `An earlier meeting (originated ${displayTextDate(c.originated) ?? c.originated})`;
    // As the screen says it: "Meeting #004 (Sep 16, 2026)".
    const { number, date } = meetingFacts(c.from);
    return `${number ? `Meeting ${number}` : 'The meeting'} (${date ?? 'date not given'})`;
  };
  return {
    name: 'Minutes',
    columns: [
      { header: 'Category' },
      { header: 'Item' },
      { header: 'Minute', width: 50 },
      { header: 'Details', width: 50 },
      { header: 'Type' },
      { header: 'Originated', kind: 'date' },
      { header: 'Due', kind: 'date' },
      { header: 'Days overdue', kind: 'integer' },
      { header: 'Resolved', kind: 'date' },
      { header: 'Responsible', width: 30 },
      { header: 'Complete', kind: 'boolean' },
      { header: 'Carried over from' },
    ],
    rows: groups.flatMap((g) =>
      g.minutes.map((m) => [
        g.category,
        m.itemNumber,
        m.summary,
        m.details,
        m.minuteType,
        m.dateOriginated,
        m.dateDue,
        daysOverdue(m, today) || null,
        m.dateResolved,
        (m.responsiblePartiesList ?? []).join(', '),
        !!m.isComplete,
        carried(m),
      ]),
    ),
  };
}
