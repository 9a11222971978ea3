// Dates carried in string fields (`DueDate`, `ClosedDate`, `IssueDate`, …): one reader and writer for both sides.
// The interface gives them no format; the reference service stores and writes MM/DD/YYYY. Both sides read
// `MM/DD/YYYY`, `M/D/YYYY` and ISO `YYYY-MM-DD` (an ISO time part, `THH:MM[:SS[.fff]]` with an optional zone, is
// ignored: these fields hold days, not instants) and accept the years TEXT_DATE_MIN_YEAR–TEXT_DATE_MAX_YEAR, so
// what the console lets through, the service takes, and the reverse (docs/service-domain.md "Values").

export const TEXT_DATE_MIN_YEAR = 1900;
export const TEXT_DATE_MAX_YEAR = 2100;

export type TextDateFormat = 'us' | 'iso';

export interface TextDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  /** The format the text was read in. */
  format: TextDateFormat;
}

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function valid(year: number, month: number, day: number): boolean {
  if (year < TEXT_DATE_MIN_YEAR || year > TEXT_DATE_MAX_YEAR || month < 1 || month > 12 || day < 1)
    return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** Reads a text date; undefined for empty, malformed, impossible (02/30/2026) or out-of-range dates. */
export function parseTextDate(text: string | null | undefined): TextDate | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim();
  let m = US.exec(t);
  if (m) {
    const [year, month, day] = [Number(m[3]), Number(m[1]), Number(m[2])];
    return valid(year, month, day) ? { year, month, day, format: 'us' } : undefined;
  }
  m = ISO.exec(t);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return valid(year, month, day) ? { year, month, day, format: 'iso' } : undefined;
  }
  return undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Writes a date in the given format (MM/DD/YYYY unless told otherwise). */
export function formatTextDate(date: Omit<TextDate, 'format'>, format: TextDateFormat = 'us'): string {
  return format === 'iso'
    ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`
    : `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;
}

/** A text date as the service stores it (`MM/DD/YYYY`), or undefined when it cannot be read. */
export function normalizeTextDate(text: string): string | undefined {
  const d = parseTextDate(text);
  return d ? formatTextDate(d) : undefined;
}

/** Days since 1970-01-01 (a whole number; the day does not depend on the time zone). */
export function textDateDay(date: Omit<TextDate, 'format'>): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

/** The day number of a text date, or undefined when it cannot be read. */
export function textDayOf(text: string | null | undefined): number | undefined {
  const date = parseTextDate(text);
  return date ? textDateDay(date) : undefined;
}
