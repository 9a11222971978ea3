// What leaves the screen: the rows as CSV and one entry as a curl command (secrets stay masked).
import type { RequestLogEntry } from '../../../contract/dtos';
import { errorInfo, isError } from './entry';
import { csvCell } from '../../../ui/csv';
import type { CellKind, Sheet } from '../../../ui/xlsx/sheet';

export const CSV_COLUMNS = [
  'Id',
  'DateTime',
  'HttpMethod',
  'PathInfo',
  'UserAuthId',
  'IpAddress',
  'ForwardedFor',
  'SessionId',
  'Referer',
  'DurationMs',
  'Error',
  'ErrorCode',
] as const;

export function toCsv(rows: RequestLogEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const err = isError(r) ? errorInfo(r) : undefined;
    lines.push(
      [
        r.id,
        r.dateTime,
        r.httpMethod,
        r.pathInfo,
        r.userAuthId,
        r.ipAddress,
        r.forwardedFor,
        r.sessionId,
        r.referer,
        typeof r.requestDuration === 'number' ? r.requestDuration.toFixed(3) : '',
        err ? 'true' : 'false',
        err?.errorCode,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const SKIPPED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'authorization',
  'cookie',
  'user-agent',
  'accept-encoding',
]);

/**
 * The logged request as a curl command. Secrets stay out: the session key in the body becomes
 * `$PM_SESSION_KEY` (to be set by whoever runs it), authorization and cookies are not copied.
 */
export function toCurl(e: RequestLogEntry): string {
  const method = (e.httpMethod ?? 'GET').toUpperCase();
  const parts = [`curl -X ${method} ${shellQuote(e.absoluteUri ?? e.pathInfo ?? '/')}`];
  for (const [name, value] of Object.entries(e.headers ?? {})) {
    if (SKIPPED_HEADERS.has(name.toLowerCase()) || value.includes('***')) continue;
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  const body = e.requestBody ?? (e.requestDto !== undefined ? JSON.stringify(e.requestDto) : undefined);
  if (body !== undefined && method !== 'GET') {
    // Inside the single-quoted body, the key is spliced in as "'"$PM_SESSION_KEY"'".
    const quoted = shellQuote(body).replace(/("authSessionKey"\s*:\s*)"\*\*\*"/gi, `$1"'"$PM_SESSION_KEY"'"`);
    parts.push(`--data-raw ${quoted}`);
  }
  return parts.join(' \\\n  ');
}

/** The loaded window as a sheet (Excel): the CSV's columns, the time a date-time, the duration a number. */
export function toSheet(rows: RequestLogEntry[]): Sheet {
  const kinds: Partial<Record<(typeof CSV_COLUMNS)[number], CellKind>> = {
    Id: 'integer',
    DateTime: 'datetime',
    DurationMs: 'ms',
    Error: 'boolean',
  };
  return {
    name: 'Request log',
    columns: CSV_COLUMNS.map((header) => ({ header, kind: kinds[header] })),
    rows: rows.map((r) => {
      const err = isError(r) ? errorInfo(r) : undefined;
      return [
        r.id,
        r.dateTime,
        r.httpMethod,
        r.pathInfo,
        r.userAuthId,
        r.ipAddress,
        r.forwardedFor,
        r.sessionId,
        r.referer,
        typeof r.requestDuration === 'number' ? r.requestDuration : null,
        !!err,
        err?.errorCode,
      ];
    }),
  };
}
