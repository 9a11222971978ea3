// One logged request as the screen shows it: error or not, its error's parts, its operation, its logged body,
// durations and times.
import type { RequestLogEntry } from '../../../contract/dtos';

export function isError(e: RequestLogEntry): boolean {
  return e.errorResponse !== undefined && e.errorResponse !== null;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export interface FieldErrorView {
  fieldName?: string;
  errorCode?: string;
  message?: string;
}

/** Error code, message and field errors of a logged error response (any case of the names). */
export function errorInfo(e: RequestLogEntry): {
  errorCode?: string;
  message?: string;
  fieldErrors: FieldErrorView[];
} {
  const r = asRecord(e.errorResponse);
  if (!r) return { fieldErrors: [] };
  const get = (o: Record<string, unknown> | undefined, name: string) =>
    o ? Object.entries(o).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] : undefined;
  const status = asRecord(get(r, 'responseStatus'));
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const errors = get(status, 'errors');
  const fieldErrors = Array.isArray(errors)
    ? errors.map(asRecord).flatMap((x) =>
        x
          ? [
              {
                fieldName: str(get(x, 'fieldName')),
                errorCode: str(get(x, 'errorCode')),
                message: str(get(x, 'message')),
              },
            ]
          : [],
      )
    : [];
  return {
    errorCode: str(get(status, 'errorCode')) ?? str(get(r, 'errorCode')) ?? 'Error',
    message: str(get(r, 'uiErrorMessage')) ?? str(get(status, 'message')) ?? str(get(r, 'message')),
    fieldErrors,
  };
}

/** The operation a logged request was sent to (from the log's items, else its JSON reply route). */
export function operationOf(e: RequestLogEntry): string | undefined {
  const fromItems = e.items?.operation;
  if (fromItems) return fromItems;
  const m = /\/json\/reply\/([A-Za-z0-9_]+)/i.exec(e.pathInfo ?? '');
  return m?.[1];
}

/** Human duration: 840 µs, 12.3 ms, 1.24 s, 2 min 3 s. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1) return `${Math.round(ms * 1000)} µs`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const min = Math.floor(ms / 60_000);
  return `${min} min ${Math.round((ms - min * 60_000) / 1000)} s`;
}

const logTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** Local time of a log entry, to the second: "Nov 21, 6:57:03 PM". */
export function formatLogTime(date: Date | undefined): string {
  return date instanceof Date && !Number.isNaN(date.getTime()) ? logTime.format(date) : '—';
}

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'narrow' });

/** "5 s ago", "3 min ago", "2 days ago". */
export function relativeAge(date: Date | undefined, now: number): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '';
  // A clock a little ahead of ours reads as now, not "in 1 s".
  const s = Math.min(0, Math.round((date.getTime() - now) / 1000));
  const a = Math.abs(s);
  if (a < 60) return rtf.format(s, 'second');
  if (a < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (a < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

/** A logged body as JSON when it is JSON, else as text. */
export function parseBody(body: string | undefined): { json?: unknown; text?: string } {
  if (body === undefined || body === '') return {};
  try {
    return { json: JSON.parse(body) };
  } catch {
    return { text: body };
  }
}

/** The sign-in operation: its body and DTO are never logged, and it is never replayed. */
export const SIGN_IN = 'InternalUserAuthenticationRequest';

/** Codes of failures the service refuses before binding a request to a user (it stores no body for them). */
export const REFUSED_BEFORE_BINDING: ReadonlySet<string> = new Set([
  'Unauthorized',
  'UnknownOperation',
  'MethodNotAllowed',
  'PayloadTooLarge',
  'NotAcceptable',
  'TooManyAttempts',
]);

/** A logged object the service cut to a preview: `{_truncated: true, _length, _preview}`. */
export function truncatedOf(value: unknown): { length: number; preview: string } | undefined {
  if (!value || typeof value !== 'object' || (value as { _truncated?: unknown })._truncated !== true) {
    return undefined;
  }
  const v = value as { _length?: unknown; _preview?: unknown };
  const preview = typeof v._preview === 'string' ? v._preview : '';
  return { length: typeof v._length === 'number' ? v._length : preview.length, preview };
}

/**
 * Why a logged request cannot be replayed, or nothing when it can: `op` is its operation, `known` the same when
 * the console knows it.
 */
export function replayRefusal(
  entry: RequestLogEntry,
  op: string | undefined,
  known: string | undefined,
): string | undefined {
  if (op === SIGN_IN) return 'A sign-in is never replayed.';
  if (!known) return 'The operation of this request is not known to the console.';
  if (known === 'RequestLogs') return 'Queries of the request log are not replayed.';
  if (entry.requestDto === undefined || entry.requestDto === null) return 'No request DTO was logged.';
  if (truncatedOf(entry.requestDto)) return 'The request DTO was too large to log in full.';
  return undefined;
}
