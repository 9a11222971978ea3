// Pure logic of the project dashboard's work panels and the start page's project finder: which containers hold
// the work, RFI counts (open, overdue, whose court), the latest daily report, the next meeting and overdue
// minutes, submittal packages, recent documents, and matching a typed name among the projects the console knows.
// No React here, so all of it is unit-tested (tests/unit/projects-model.test.ts).
import type { AppConfig } from '../../config/config';
import type { CodeName, FolderKind } from '../../contract/codes';
import type { Folder, FolderDocument, Meeting, MeetingMinute, OpenIssue } from '../../contract/dtos';
import { reportDay } from '../../routes/routes';
import { isMinuteOverdue } from '../../api/rules/meetings';
import { rfiDaysOverdue, rfiState } from '../../api/rules/rfis';
import { textDayOf } from '../../ui/textDate';

// ---- containers ---------------------------------------------------------------------------------------

export interface WorkContainers {
  rfis?: Folder;
  dailyReports?: Folder;
  meetings?: Folder;
  submittals?: Folder;
  /** The document containers (kinds `documents`, then `drawings`), in the service's order within a kind. */
  documents: Folder[];
}

/** The first container of each kind the work panels read (service order), and every document container. */
export function workContainers(containers: Folder[], config: Pick<AppConfig, 'folderTypes'>): WorkContainers {
  const withId = containers.filter((f) => f.folderId !== undefined);
  const kind = (f: Folder) =>
    f.folderType === undefined ? undefined : config.folderTypes.get(f.folderType)?.kind;
  const first = (k: FolderKind) => withId.find((f) => kind(f) === k);
  return {
    rfis: first('rfis'),
    dailyReports: first('dailyReports'),
    meetings: first('meetings'),
    submittals: first('submittals'),
    documents: [
      ...withId.filter((f) => kind(f) === 'documents'),
      ...withId.filter((f) => kind(f) === 'drawings'),
    ],
  };
}

/** The ids a revisit of the dashboard can ask for with the project (kept in the recently-opened list). */
export function workFolderIds(work: WorkContainers): { children: number[]; documents: number[] } {
  const ids = (folders: (Folder | undefined)[]) =>
    folders.flatMap((f) => (f?.folderId === undefined ? [] : [f.folderId]));
  return {
    children: ids([work.rfis, work.dailyReports, work.meetings, work.submittals]),
    documents: ids(work.documents),
  };
}

/**
 * Child folders of one kind, with an id (a container may hold folders of other kinds). With `unknownCounts`, a
 * folder without a type or of a type config.json does not name counts too (as the RFI list takes them).
 */
export function childrenOfKind(
  children: Folder[],
  config: Pick<AppConfig, 'folderTypes'>,
  kind: FolderKind,
  { unknownCounts = false } = {},
): Folder[] {
  return children.filter((f) => {
    if (f.folderId === undefined) return false;
    const k = f.folderType === undefined ? undefined : config.folderTypes.get(f.folderType)?.kind;
    return k === undefined ? unknownCounts : k === kind;
  });
}

const dayOf = textDayOf;

/** A day number (textDateDay / todayDay) as YYYY-MM-DD. */
export function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

// ---- RFIs ---------------------------------------------------------------------------------------------

/**
 * At most this many RFIs are read for the counts (one read per RFI: the interface has no list of details). The
 * newest are read when a container holds more; the panel then says the counts cover that many.
 */
export const MAX_RFIS = 500;

/** The RFI folders the panel reads: all of them, or the MAX_RFIS newest (highest folder order, then id). */
export function rfisToRead(children: Folder[], config: Pick<AppConfig, 'folderTypes'>, max = MAX_RFIS) {
  // A folder without a type, or of a type config.json does not name, counts as an RFI (as on the RFI list).
  const rfis = childrenOfKind(children, config, 'rfi', { unknownCounts: true });
  if (rfis.length <= max) return { folders: rfis, total: rfis.length };
  const newest = [...rfis]
    .sort((a, b) => (b.folderSorting ?? 0) - (a.folderSorting ?? 0) || (b.folderId ?? 0) - (a.folderId ?? 0))
    .slice(0, max);
  return { folders: newest, total: rfis.length };
}

// An RFI's state and days overdue, and overdue minutes: the RFI log's and meeting screen's rules, declared once.
export { rfiDaysOverdue, rfiState, isMinuteOverdue };
export type { RfiState } from '../../api/rules/rfis';

export interface OverdueRfi {
  folderId: number;
  number: string;
  subject?: string;
  daysOverdue: number;
  /** Whose court it is in: the addressee ("To") of an open RFI. */
  court?: string;
}

export interface RfiSummary {
  /** RFIs whose details were read. */
  read: number;
  open: number;
  overdue: OverdueRfi[];
}

/** Open and overdue RFIs among the details read, the most overdue first (then by number). */
export function summarizeRfis(
  issues: { folderId: number; issue: OpenIssue }[],
  statuses: CodeName[],
  today: number,
): RfiSummary {
  let open = 0;
  const overdue: OverdueRfi[] = [];
  for (const { folderId, issue } of issues) {
    if (rfiState(issue, statuses) !== 'open') continue;
    open++;
    const days = rfiDaysOverdue(issue, statuses, today);
    if (days > 0) {
      overdue.push({
        folderId,
        number: issue.number || `RFI ${folderId}`,
        subject: issue.subject,
        daysOverdue: days,
        court: issue.toName,
      });
    }
  }
  overdue.sort(
    (a, b) =>
      b.daysOverdue - a.daysOverdue ||
      a.number.localeCompare(b.number, undefined, { numeric: true }) ||
      a.folderId - b.folderId,
  );
  return { read: issues.length, open, overdue };
}

/** The configured code of the status named "Open", for the RFI list's `?status=` filter. */
export function openStatusCode(statuses: CodeName[]): number | undefined {
  return statuses.find((s) => /^open$/i.test(s.name.trim()))?.code;
}

// ---- daily reports ------------------------------------------------------------------------------------

export interface LatestReport {
  folderId: number;
  /** YYYY-MM-DD */
  day: string;
  /** Not the first report of its day: its address needs `?report=<folderId>`. */
  needsFolderId: boolean;
}

export interface DailyReportSummary {
  count: number;
  latest?: LatestReport;
  /** A report exists for today (the user's local day). */
  today: boolean;
}

/**
 * The daily reports of a Daily Reports container by their day (the day of the folder, as the daily-report
 * screen addresses them: `reportDay`): how many, the latest (the last of the latest day, in service order) and
 * whether today has one. Folders of another kind, without a report id or a readable day are not reports.
 */
export function summarizeDailyReports(
  children: Folder[],
  config: Pick<AppConfig, 'folderTypes'>,
  todayIso: string,
): DailyReportSummary {
  const entries = childrenOfKind(children, config, 'dailyReport').flatMap((folder) => {
    const day = reportDay(folder);
    return day && (folder.folderReferenceId ?? 0) > 0 ? [{ folderId: folder.folderId!, day }] : [];
  });
  let latest: LatestReport | undefined;
  for (const e of entries) {
    if (!latest || e.day >= latest.day) {
      latest = { folderId: e.folderId, day: e.day, needsFolderId: latest?.day === e.day };
    }
  }
  return { count: entries.length, latest, today: entries.some((e) => e.day === todayIso) };
}

// ---- meetings -----------------------------------------------------------------------------------------

/**
 * At most this many meetings are read (the meeting and its minutes: two reads each, all at once). The most
 * recently created meeting folders are read: an upcoming meeting is among the newest.
 */
export const MAX_MEETINGS = 24;

export function meetingsToRead(
  children: Folder[],
  config: Pick<AppConfig, 'folderTypes'>,
  max = MAX_MEETINGS,
): { folders: Folder[]; total: number } {
  const meetings = childrenOfKind(children, config, 'meeting');
  const newest = [...meetings]
    .sort(
      (a, b) =>
        (b.createdDate?.getTime() ?? 0) - (a.createdDate?.getTime() ?? 0) ||
        (b.folderSorting ?? 0) - (a.folderSorting ?? 0) ||
        (b.folderId ?? 0) - (a.folderId ?? 0),
    )
    .slice(0, max);
  return { folders: newest, total: meetings.length };
}

/**
 * The next meeting: the earliest whose `MeetingDate` is today or later (a meeting today is still the next one);
 * ties by start time, then folder id. Meetings without a readable date are left out.
 */
export function nextMeeting(meetings: Meeting[], today: number): Meeting | undefined {
  return dated(meetings)
    .filter((m) => m.day >= today)
    .sort((a, b) => a.day - b.day || tie(a.meeting, b.meeting))[0]?.meeting;
}

/** The latest meeting before today (shown when none is coming). */
export function lastMeeting(meetings: Meeting[], today: number): Meeting | undefined {
  return dated(meetings)
    .filter((m) => m.day < today)
    .sort((a, b) => b.day - a.day || tie(b.meeting, a.meeting))[0]?.meeting;
}

function dated(meetings: Meeting[]) {
  return meetings.flatMap((meeting) => {
    const day = dayOf(meeting.meetingDate);
    return day === undefined ? [] : [{ meeting, day }];
  });
}

/** Minutes after midnight of a time as the service writes it (`h:mm AM`, or 24-hour `HH:mm`); none sorts last. */
export function timeOfDay(text: string | undefined): number {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*$/i.exec(text ?? '');
  if (!m) return 24 * 60;
  const h = Number(m[1]) % (m[3] ? 12 : 24);
  return (m[3] && /^p/i.test(m[3]) ? h + 12 : h) * 60 + Number(m[2]);
}

const tie = (a: Meeting, b: Meeting) =>
  timeOfDay(a.startTime) - timeOfDay(b.startTime) || (a.folderId ?? 0) - (b.folderId ?? 0);

export interface MeetingOverdue {
  folderId: number;
  meeting?: Meeting;
  overdue: number;
}

/** Overdue minutes per meeting (meetings with none left out), the meeting with the most first, then newest. */
export function overdueByMeeting(
  reads: { folderId: number; meeting?: Meeting; minutes?: MeetingMinute[] }[],
  today: number,
): { total: number; meetings: MeetingOverdue[] } {
  const meetings = reads
    .map((r) => ({
      folderId: r.folderId,
      meeting: r.meeting,
      overdue: (r.minutes ?? []).filter((m) => isMinuteOverdue(m, today)).length,
    }))
    .filter((m) => m.overdue > 0)
    .sort(
      (a, b) =>
        b.overdue - a.overdue ||
        (dayOf(b.meeting?.meetingDate) ?? 0) - (dayOf(a.meeting?.meetingDate) ?? 0) ||
        b.folderId - a.folderId,
    );
  return { total: meetings.reduce((n, m) => n + m.overdue, 0), meetings };
}

/** "OAC Meeting #3" / "Meeting 003 · OAC Meeting": what the panel calls a meeting. */
export function meetingLabel(meeting: Meeting | undefined, folderName?: string): string {
  const number = meeting?.meetingNumber ? `No. ${meeting.meetingNumber}` : undefined;
  const name = meeting?.subject || folderName || meeting?.meetingType || 'Meeting';
  return [name, number].filter(Boolean).join(' · ');
}

// ---- submittal packages -------------------------------------------------------------------------------

/** The package folders of a submittals container (the only source of a package short of operation 6's reply). */
export function submittalPackages(children: Folder[], config: Pick<AppConfig, 'folderTypes'>): Folder[] {
  return childrenOfKind(children, config, 'submittalPackage');
}

// ---- recent documents ---------------------------------------------------------------------------------

export interface RecentDocument {
  document: FolderDocument;
  /** The folder it was read from (its container). */
  folder: Folder;
}

/**
 * The most recently updated documents among those read (`DocumentUpdateDate`, newest first; without a date
 * last), at most `max`.
 */
export function recentDocuments(
  lists: { folder: Folder; documents: FolderDocument[] }[],
  max = 5,
): RecentDocument[] {
  const all = lists.flatMap(({ folder, documents }) => documents.map((document) => ({ document, folder })));
  const time = (d: FolderDocument) => {
    const t = d.documentUpdateDate?.getTime();
    return t === undefined || Number.isNaN(t) ? -Infinity : t;
  };
  return all
    .sort(
      (a, b) =>
        time(b.document) - time(a.document) || (b.document.documentId ?? 0) - (a.document.documentId ?? 0),
    )
    .slice(0, max);
}

// ---- start page: open by id or name -------------------------------------------------------------------

export interface KnownProject {
  projectId: number;
  name?: string;
  number?: string;
}

export type ProjectChoice =
  { kind: 'id'; projectId: number } | { kind: 'matches'; matches: KnownProject[] } | { kind: 'empty' };

/**
 * What the start page's "open" field means: a whole number is a project id (opened directly, known or not);
 * anything else is matched against the names and numbers of the projects the console knows (every word typed
 * must appear, in any case), best first: name starting with the text, then anywhere; then by name.
 */
export function chooseProject(text: string, known: KnownProject[]): ProjectChoice {
  const typed = text.trim();
  if (typed === '') return { kind: 'empty' };
  if (/^\d{1,10}$/.test(typed)) {
    const n = Number(typed);
    if (n > 0 && n <= 2_147_483_647) return { kind: 'id', projectId: n };
  }
  return { kind: 'matches', matches: matchProjects(typed, known) };
}

export function matchProjects(text: string, known: KnownProject[]): KnownProject[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const seen = new Set<number>();
  const scored: { p: KnownProject; score: number }[] = [];
  for (const p of known) {
    if (seen.has(p.projectId)) continue;
    seen.add(p.projectId);
    const name = (p.name ?? '').toLowerCase();
    const hay = `${name} ${(p.number ?? '').toLowerCase()}`;
    if (!words.every((w) => hay.includes(w))) continue;
    const whole = text.trim().toLowerCase();
    scored.push({ p, score: name.startsWith(whole) ? 0 : name.includes(whole) ? 1 : 2 });
  }
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        (a.p.name ?? '').localeCompare(b.p.name ?? '', undefined, { numeric: true }) ||
        a.p.projectId - b.p.projectId,
    )
    .map((s) => s.p);
}
