// Submittal statuses: text, not codes (the interface's `Status` of a package is a string). Kept apart from
// codes.ts, which the sign-in page's chunk carries (config.json defaults): only the submittal screens and the
// service need these.

/**
 * The statuses a submittal package may have: text, not codes (matched in any case, stored as written here). The
 * service refuses any other; the console's editor offers exactly these.
 */
export const submittalStatuses = [
  'Draft',
  'Open',
  'Submitted',
  'In Review',
  'Revise and Resubmit',
  'Approved',
  'Approved as Noted',
  'Rejected',
  'Closed',
] as const;

export type SubmittalStatus = (typeof submittalStatuses)[number];

/** Submittal statuses after which nobody holds the ball (`BallInCourtContact` is empty). */
export const finalSubmittalStatuses: readonly SubmittalStatus[] = [
  'Approved',
  'Approved as Noted',
  'Rejected',
  'Closed',
];

/** The status of the list a text names, in any case and with spaces around it; undefined when none. */
export function submittalStatusOf(text: string | null | undefined): SubmittalStatus | undefined {
  const t = (text ?? '').trim().toLowerCase();
  return submittalStatuses.find((s) => s.toLowerCase() === t);
}
