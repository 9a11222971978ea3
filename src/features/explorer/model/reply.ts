// The reply as the explorer shows it: the decoded dates it holds, and a value ready for display.
import type { Path } from './form';
import { isRecord } from './values';
import { pathText } from './draft';

export interface DecodedDate {
  path: string;
  value: Date;
}

/** Every DateTime the decoder turned into a Date, with its property path (`project.startDate`). */
export function collectDates(value: unknown, path: Path = []): DecodedDate[] {
  if (value instanceof Date) return [{ path: pathText(path), value }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    collectDates(v, [...path, Array.isArray(value) ? Number(k) : k]),
  );
}

/** The decoded reply for the JSON tree: Dates as ISO 8601 text (a tree shows no Date objects). */
export function forDisplay(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Array.isArray(value)) return value.map(forDisplay);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forDisplay(v)]));
  return value;
}
