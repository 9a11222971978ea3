// The stored date formats of the domain tables: text dates (`MM/DD/YYYY`), text times (`h:mm AM`) and a day as a
// DateTime (12:00 UTC). The seed writes them and the handlers read and check them, so they live below both.
// Reading a text date that was sent is the contract's (src/contract/textDates.ts), shared with the console.
import { formatTextDate as writeTextDate } from '../../src/contract/textDates';

const pad = (n: number) => String(n).padStart(2, '0');

/** `MM/DD/YYYY` of a UTC instant. */
export function formatTextDate(at: Date | number): string {
  const d = new Date(at);
  return writeTextDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** `h:mm AM` of minutes after midnight. */
export function formatTextTime(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A day as a DateTime: 12:00 UTC, which is the same calendar day in every zone from UTC-11 to UTC+11. */
export const dayMs = (y: number, month: number, d: number) => Date.UTC(y, month - 1, d, 12);

/** The DateTime (12:00 UTC) of a stored `MM/DD/YYYY`. */
export function textDateMs(text: string | null | undefined): number | undefined {
  const m = text ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return m ? dayMs(+m[3], +m[1], +m[2]) : undefined;
}
