// Cursor paging of the request log: the trail of earlier pages' cursors (in the URL) and the next cursor.
import type { RequestLogEntry } from '../../../contract/dtos';
import { toInt } from './query';

/** Trail of cursors of earlier pages ("-" = the newest page), kept in the URL so Back and reload work. */
export function parseTrail(value: string | null): Array<number | undefined> {
  if (!value) return [];
  return value.split('.').map((s) => (s === '-' ? undefined : toInt(s)));
}

export function writeTrail(trail: Array<number | undefined>): string {
  return trail.map((n) => (n === undefined ? '-' : String(n))).join('.');
}

/** The older page after `rows` (newest first): the cursor goes below the last id. */
export function nextCursor(rows: RequestLogEntry[]): number | undefined {
  const last = rows.at(-1)?.id;
  return last !== undefined && last > 1 ? last - 1 : undefined;
}
