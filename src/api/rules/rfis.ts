// What the console reads out of an RFI, declared once for every screen that shows it (the RFI log and page, the
// dashboard, the palette): its status name, its state (by the status *name*: codes differ between deployments),
// days overdue and whose court it is in. The rules are in docs/console-decisions.md, "RFIs".
import type { CodeName } from '../../contract/codes';
import type { OpenIssue } from '../../contract/dtos';
import { textDayOf } from '../../contract/textDates';

export type RfiState = 'draft' | 'open' | 'answered' | 'closed';

/** Status name of an RFI: the service's `statusName`, else the configured list, else the code. */
export function rfiStatusName(issue: Pick<OpenIssue, 'statusId' | 'statusName'>, statuses: CodeName[]) {
  if (issue.statusName) return issue.statusName;
  if (issue.statusId === null || issue.statusId === undefined) return undefined;
  return statuses.find((s) => s.code === issue.statusId)?.name ?? `Status ${issue.statusId}`;
}

/**
 * A closed date or a closed / void / cancelled name is closed; answered / responded is answered; a draft is a
 * draft; anything else is open (waiting for the addressee's answer).
 */
export function rfiState(issue: OpenIssue, statuses: CodeName[]): RfiState {
  const name = rfiStatusName(issue, statuses) ?? '';
  if ((issue.closedDate ?? '').trim() !== '' || /closed|void|cancel/i.test(name)) return 'closed';
  if (/answer|respond/i.test(name)) return 'answered';
  if (/draft/i.test(name)) return 'draft';
  return 'open';
}

export const isClosed = (issue: OpenIssue, statuses: CodeName[]) => rfiState(issue, statuses) === 'closed';
export const isAnswered = (issue: OpenIssue, statuses: CodeName[]) =>
  rfiState(issue, statuses) === 'answered';
export const isDraft = (issue: OpenIssue, statuses: CodeName[]) => rfiState(issue, statuses) === 'draft';

/**
 * Days past the due date while an answer is still awaited (the RFI has been sent: not a draft, not answered, not
 * closed); 0 when not overdue or not known. `today` is a day number (`todayDay()`).
 */
export function rfiDaysOverdue(issue: OpenIssue, statuses: CodeName[], today: number): number {
  if (rfiState(issue, statuses) !== 'open') return 0;
  const due = textDayOf(issue.dueDate);
  return due === undefined ? 0 : Math.max(0, today - due);
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
  switch (rfiState(issue, statuses)) {
    case 'closed':
      return { reason: 'Closed — nobody needs to act' };
    case 'draft':
      return { name: issue.fromName, userId: issue.issueFrom, reason: 'Draft — the author must send it' };
    case 'answered':
      return {
        name: issue.fromName,
        userId: issue.issueFrom,
        reason: 'Answered — the author must review and close it',
      };
    default:
      return { name: issue.toName, userId: issue.issueTo, reason: 'Awaiting an answer' };
  }
}
