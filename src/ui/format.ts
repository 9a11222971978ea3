// Locale-aware formatting of service values. Dates arrive as `Date` (the client decodes /Date(..)/).

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSecondsFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
const moneyFormats = new Map<string, Intl.NumberFormat>();

function isValidDate(d: unknown): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

export function formatDate(
  value: Date | undefined | null,
  withTime = false,
  withSeconds = false,
): string | undefined {
  if (!isValidDate(value)) return undefined;
  return (withSeconds ? dateTimeSecondsFormat : withTime ? dateTimeFormat : dateFormat).format(value);
}

export function formatMoney(amount: number | undefined | null, currency: string): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    moneyFormats.set(currency, f);
  }
  return f.format(amount);
}

/**
 * A size in binary units (1 KB = 1,024 bytes): "1023 B", "1.5 KB", "14 MB" — one decimal below 10, whole
 * numbers from 10 up, decided after rounding (9.96 MB is "10 MB", never "10.0 MB"; 1,023.9 KB is "1.0 MB", never
 * "1024 KB"). Nothing (an empty text) for no size. Every screen prints sizes through this one function.
 */
export function formatBytes(bytes: number | undefined | null): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  const rounded = () => (Math.round(v * 10) / 10 < 10 ? Math.round(v * 10) / 10 : Math.round(v));
  while (rounded() >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const r = rounded();
  return `${r < 10 ? r.toFixed(1) : r} ${units[i]}`;
}
