// A project's meetings with their minutes.
import { formatTextTime } from '../text-dates';
import { DAY, daysSince, pad, text } from './base';
import { minuteTopics } from './catalog';
import { fullName } from './people';
import type { ProjectContext } from './project';

/**
 * Meetings (weekly, Wednesdays) with minutes as child folders: the ten Wednesdays before today, the last one
 * the latest Wednesday before today (the next one, not held yet, is in empty-states.ts).
 */
export function seedMeetings(ctx: ProjectContext, rfiFolders: number[]): void {
  const { insert, rng, today, members, folder, setRef, c } = ctx;
  const lastWednesday = today - daysSince(today, 3) * DAY;
  const meetingTypes = [
    'OAC Meeting',
    'Subcontractor Coordination',
    'OAC Meeting',
    'Safety Meeting',
    'MEP Coordination',
  ];
  for (let i = 0; i < 10; i++) {
    const date = lastWednesday - 7 * (9 - i) * DAY; // Wednesdays, oldest first
    const type = meetingTypes[i % meetingTypes.length];
    const subject = `${type} #${i + 1}`;
    const mfid = folder(3000 + 100 * i, c.meetings, 'meeting', subject, date - 2 * DAY, {
      sorting: i + 1,
      description: `Weekly ${type.toLowerCase()}`,
    });
    const attendees = rng.sample(members, rng.int(4, 9)).map(fullName);
    const meeting = insert('meetings', {
      folder_id: mfid,
      subject,
      meeting_number: pad(i + 1, 3),
      meeting_date: text(date),
      start_time: formatTextTime(10 * 60),
      end_time: formatTextTime(11 * 60 + 30),
      location: rng.pick(['Site Trailer Conference Room', 'Microsoft Teams', 'Owner Conference Room B']),
      meeting_type: type,
      is_confidential: type === 'OAC Meeting' && i === 7 ? 1 : 0,
      notes_before: 'Agenda distributed 24 hours in advance. Review open action items first.',
      notes_after: `Next meeting ${text(date + 7 * DAY)} at 10:00 AM.`,
      attendees: JSON.stringify(attendees),
    });
    setRef(mfid, meeting);
    // Item numbers: <category>.<seq>, e.g. 2.03 is the third schedule item.
    const perCategory = new Map<number, number>();
    const categories = Array.from({ length: rng.int(5, 20) }, () => rng.int(0, minuteTopics.length - 1));
    categories.sort((a, b) => a - b);
    categories.forEach((cat, k) => {
      const seq = (perCategory.get(cat) ?? 0) + 1;
      perCategory.set(cat, seq);
      const { category, topics } = minuteTopics[cat];
      const summary = `${rng.pick(topics)}${seq > 1 ? ` (${seq})` : ''}`;
      const action = rng.chance(0.6);
      const due = date + rng.int(5, 21) * DAY;
      const complete = action && due < today && rng.chance(0.6);
      const nfid = folder(3000 + 100 * i + k + 1, mfid, 'meetingMinute', summary, date, { sorting: k + 1 });
      const minute = insert('meeting_minutes', {
        folder_id: nfid,
        meeting_id: meeting,
        summary,
        item_number: `${cat + 1}.${pad(seq, 2)}`,
        minute_type: action ? 'Action Item' : rng.pick(['Information', 'Decision']),
        minute_category: category,
        date_originated: text(date - (rng.chance(0.3) ? 7 * DAY : 0)),
        date_due: action ? text(due) : null,
        date_resolved: complete ? text(Math.min(today - DAY, due - rng.int(0, 4) * DAY)) : null,
        is_complete: complete || (!action && rng.chance(0.5)) ? 1 : 0,
        is_hidden: rng.chance(0.06) ? 1 : 0,
        details: `${summary}. ${action ? `${fullName(rng.pick(members))} to follow up and report at the next meeting.` : 'Noted.'}`,
        linked_issue_folder_id:
          category === 'RFIs & Submittals' && rng.chance(0.7) ? rng.pick(rfiFolders) : null,
        responsible_parties: action ? JSON.stringify(rng.sample(members, rng.int(1, 2)).map(fullName)) : null,
      });
      setRef(nfid, minute);
    });
  }
}
