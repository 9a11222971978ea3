// An RFI's state: which folders are RFIs, its status name, closed / answered, days overdue, ball in court, and
// the status colour. No React in model/, so all of it is unit-tested.
import type { AppConfig } from '../../../config/config';
import type { CodeName } from '../../../contract/codes';
import type { Folder, OpenIssue } from '../../../contract/dtos';
import { parseTextDate, textDateDay } from '../../../ui/textDate';

/**
 * The RFI folders among an RFI container's children: anything else that may live there (a sub-folder of another
 * kind) is not one. A folder without a type, or of a type `config.json` does not name, counts as an RFI.
 */
export function rfiFolders(children: Folder[], config: Pick<AppConfig, 'folderTypes'>): Folder[] {
  return children.filter(
    (f) =>
      f.folderId !== undefined &&
      (f.folderType === undefined || (config.folderTypes.get(f.folderType)?.kind ?? 'rfi') === 'rfi'),
  );
}

/** Status name of an RFI: the service's `statusName`, else the configured list, else the code. */
export function rfiStatusName(issue: Pick<OpenIssue, 'statusId' | 'statusName'>, statuses: CodeName[]) {
  if (issue.statusName) return issue.statusName;
  if (issue.statusId === null || issue.statusId === undefined) return undefined;
  return statuses.find((s) => s.code === issue.statusId)?.name ?? `Status ${issue.statusId}`;
}

export function isClosed(issue: OpenIssue, statuses: CodeName[]): boolean {
  if (issue.closedDate && issue.closedDate.trim() !== '') return true;
  return /closed|void|cancel/i.test(rfiStatusName(issue, statuses) ?? '');
}

export function isAnswered(issue: OpenIssue, statuses: CodeName[]): boolean {
  return /answer|respond/i.test(rfiStatusName(issue, statuses) ?? '');
}

export function isDraft(issue: OpenIssue, statuses: CodeName[]): boolean {
  return /draft/i.test(rfiStatusName(issue, statuses) ?? '');
}

/**
 * Days past the due date while an answer is still awaited (the RFI has been sent: not a draft, not answered, not
 * closed); 0 when not overdue or not known.
 */
export function daysOverdue(issue: OpenIssue, statuses: CodeName[], today: number): number {
  if (isClosed(issue, statuses) || isAnswered(issue, statuses) || isDraft(issue, statuses)) return 0;
  const due = parseTextDate(issue.dueDate);
  if (!due) return 0;
  return Math.max(0, today - textDateDay(due));
}

export interface BallInCourt {
  /** Who must act next; undefined when nobody (closed) or unknown. */
  name?: string;
  userId?: number;
  /** Why, in a few words. */
  reason: string;
}

/** Open RFIs wait for the addressee's answer; drafts and answered ones are back with the author. */
export function ballInCourt(issue: OpenIssue, statuses: CodeName[]): BallInCourt {
  if (isClosed(issue, statuses)) return { reason: 'Closed — nobody needs to act' };
  if (isDraft(issue, statuses)) {
    return { name: issue.fromName, userId: issue.issueFrom, reason: 'Draft — the author must send it' };
  }
  if (isAnswered(issue, statuses)) {
    return {
      name: issue.fromName,
      userId: issue.issueFrom,
      reason: 'Answered — the author must review and close it',
    };
  }
  return { name: issue.toName, userId: issue.issueTo, reason: 'Awaiting an answer' };
}

/** Badge colour of a status, by its name (codes differ between deployments). */
export function statusColor(status: string): string {
  if (/closed/i.test(status)) return 'gray';
  if (/answer/i.test(status)) return 'teal';
  if (/draft/i.test(status)) return 'yellow';
  return 'blue';
}
