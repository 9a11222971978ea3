// Dates carried in string fields (`DueDate`, `ClosedDate`, `IssueDate`, …) on screen: read with the contract's
// parser (src/contract/textDates.ts: ISO 8601, YYYY-MM-DD and MM/DD/YYYY, years 1900–2100), shown in the user's
// locale, sorted as dates, and written back in the format read (MM/DD/YYYY for new values). An ISO 8601
// date-time is written back as its date part (YYYY-MM-DD): these fields hold days, not instants.

import {
  formatTextDate,
  parseTextDate,
  textDateDay,
  TEXT_DATE_MAX_YEAR,
  TEXT_DATE_MIN_YEAR,
} from '../contract/textDates';

// The reader and writer are the contract's, shared with the service (same formats, same years).
export {
  formatTextDate,
  parseTextDate,
  textDateDay,
  textDayOf,
  type TextDate,
  type TextDateFormat,
} from '../contract/textDates';

/**
 * What to send back for a value the user typed: the typed date in the format of the value it replaces
 * (`previous`), MM/DD/YYYY when there was none. Empty input gives ""; unreadable input gives undefined.
 */
export function writeTextDate(input: string, previous?: string | null): string | undefined {
  if (input.trim() === '') return '';
  const typed = parseTextDate(input);
  if (!typed) return undefined;
  const format = parseTextDate(previous)?.format ?? 'us';
  return formatTextDate(typed, format);
}

/** Today in the user's time zone, as a day number comparable with textDateDay. */
export function todayDay(now: Date = new Date()): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / 86_400_000;
}

/** Sort key of a text date: its day number, or undefined when it cannot be read. */
export function textDateSortKey(text: string | null | undefined): number | undefined {
  const d = parseTextDate(text);
  return d ? textDateDay(d) : undefined;
}

/** Compares two text dates as dates; unreadable or missing dates sort last in either direction's base order. */
export function compareTextDates(a: string | null | undefined, b: string | null | undefined): number {
  const ka = textDateSortKey(a);
  const kb = textDateSortKey(b);
  if (ka === undefined && kb === undefined) return 0;
  if (ka === undefined) return 1;
  if (kb === undefined) return -1;
  return ka - kb;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A text date in the user's locale (e.g. "Nov 15, 2026"); text that is not a date is returned as it is, so
 * nothing the service sent is hidden.
 */
export function displayTextDate(
  text: string | null | undefined,
  options: { locale?: string; style?: 'medium' | 'full' | 'short' } = {},
): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const key = `${options.locale ?? ''}|${options.style ?? 'medium'}`;
  // A list draws the same few dates on every render (each key typed in its filter): Intl's format is the
  // slow part, so each text's answer is kept (a few thousand at most).
  const memoKey = `${key}|${text}`;
  const known = shown.get(memoKey);
  if (known !== undefined) return known;
  const d = parseTextDate(text);
  if (!d) return text;
  let f = localFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(options.locale, { dateStyle: options.style ?? 'medium', timeZone: 'UTC' });
    localFormats.set(key, f);
  }
  const out = f.format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
  if (shown.size >= 4096) shown.clear();
  shown.set(memoKey, out);
  return out;
}

const shown = new Map<string, string>();

/** What a field says for a date written in a readable shape but in a year the service does not take. */
export const TEXT_DATE_YEARS_MESSAGE = `Enter a year from ${TEXT_DATE_MIN_YEAR} to ${TEXT_DATE_MAX_YEAR}.`;

/**
 * Why a typed date cannot be sent: 'years' for a readable date outside TEXT_DATE_MIN_YEAR–TEXT_DATE_MAX_YEAR
 * (01/01/1800), 'unreadable' for anything else that is not a date (02/30/2027, "soon"); undefined when the text
 * is empty or a date the service takes.
 */
export function textDateProblem(text: string): 'years' | 'unreadable' | undefined {
  const t = text.trim();
  if (t === '' || parseTextDate(t)) return undefined;
  const year = /^\d{1,2}\/\d{1,2}\/(\d{4})$/.exec(t)?.[1] ?? /^(\d{4})-\d{2}-\d{2}\b/.exec(t)?.[1];
  return year !== undefined && (Number(year) < TEXT_DATE_MIN_YEAR || Number(year) > TEXT_DATE_MAX_YEAR)
    ? 'years'
    : 'unreadable';
}
