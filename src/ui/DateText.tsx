import { formatDate } from './format';

export interface DateTextProps {
  value: Date | undefined | null;
  withTime?: boolean;
  /** The time to the second (two writes in one minute). */
  withSeconds?: boolean;
  /** Shown when there is no date. */
  fallback?: string;
}

/** A service DateTime in the user's locale, as a `<time>` element. */
export function DateText({ value, withTime = false, withSeconds = false, fallback = '—' }: DateTextProps) {
  const text = formatDate(value, withTime, withSeconds);
  if (!text || !value) return <>{fallback}</>;
  return <time dateTime={value.toISOString()}>{text}</time>;
}
