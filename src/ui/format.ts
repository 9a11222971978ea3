// Locale-aware formatting of service values. Dates arrive as `Date` (the client decodes /Date(..)/).

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const moneyFormats = new Map<string, Intl.NumberFormat>();

function isValidDate(d: unknown): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

export function formatDate(value: Date | undefined | null, withTime = false): string | undefined {
  if (!isValidDate(value)) return undefined;
  return (withTime ? dateTimeFormat : dateFormat).format(value);
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
