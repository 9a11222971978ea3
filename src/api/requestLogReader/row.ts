// One request-log entry as the analytics page and a record's history keep it: what they count and filter by,
// nothing of the bodies (no DTO, headers or replies), so 100,000 rows stay a few megabytes in IndexedDB.
import { parseDateTime, parseTimeSpan } from '../../contract/codecs';
import type { RequestLogEntry } from '../../contract/dtos';
import { operations, type OperationName } from '../../contract/operations';
import { requestTargets, type RequestTarget } from '../rules/requestTargets';

/** How a request ended: by its HTTP status when the service logs one (Items.statusCode), else ok / error. */
export type StatusClass = 'ok' | 'client' | 'server' | 'error';

export interface LogRow {
  id: number;
  /** When it was logged (ms since the epoch, the service's clock). */
  t: number;
  /** The path the log files it under (what the explorer's PathInfo filter matches). */
  path: string;
  /** The operation's name (Items.operation), when it was one. */
  op?: string;
  user?: string;
  /** The user name a failed sign-in tried (Items.userNameTried); it is bound to no user. */
  tried?: string;
  ip?: string;
  /** The HTTP status (Items.statusCode); absent from services that do not log it. */
  status?: number;
  /** The error reply's code (ResponseStatus.ErrorCode). */
  errorCode?: string;
  /** The service counted it as failed (an error reply, or a status of 400 and above). */
  error: boolean;
  /** Duration in ms. */
  ms: number;
  /** The records its request DTO names (src/api/rules/requestTargets.ts). */
  targets?: RequestTarget[];
  /** Its request DTO could not be read: 'absent' (not stored) or 'truncated' (stored as a preview). */
  dto?: 'absent' | 'truncated';
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function errorCodeOf(errorResponse: unknown): string | undefined {
  if (!errorResponse || typeof errorResponse !== 'object') return undefined;
  const status = (errorResponse as Record<string, unknown>).responseStatus;
  return status && typeof status === 'object'
    ? text((status as Record<string, unknown>).errorCode)
    : undefined;
}

/** The slim row of an entry (undefined for an entry without an id or a time). */
export function toLogRow(e: RequestLogEntry): LogRow | undefined {
  const t = e.dateTime instanceof Date ? e.dateTime.getTime() : NaN;
  if (typeof e.id !== 'number' || !Number.isFinite(t)) return undefined;
  const items = e.items ?? {};
  const op = text(items.operation);
  const statusText = items.statusCode;
  const status = statusText && /^\d{3}$/.test(statusText) ? Number(statusText) : undefined;
  const errorCode = errorCodeOf(e.errorResponse);
  const error = status !== undefined ? status >= 400 : e.errorResponse !== undefined;
  const row: LogRow = { id: e.id, t, path: e.pathInfo ?? '', error, ms: e.requestDuration ?? 0 };
  if (op) row.op = op;
  if (e.userAuthId) row.user = e.userAuthId;
  else if (text(items.userNameTried)) row.tried = items.userNameTried;
  if (e.ipAddress) row.ip = e.ipAddress;
  if (status !== undefined) row.status = status;
  if (errorCode) row.errorCode = errorCode;
  if (items.requestDtoTruncated === 'true') row.dto = 'truncated';
  else if (e.requestDto === undefined || e.requestDto === null) {
    // Sign-in never stores its DTO, and a request refused before binding has none: neither is a gap.
    const def = op ? operations[op as OperationName] : undefined;
    if (def?.logBody && !error) row.dto = 'absent';
  } else {
    const targets = requestTargets(op, e.requestDto);
    if (targets.length) row.targets = targets;
  }
  return row;
}

export function statusClass(row: Pick<LogRow, 'status' | 'error'>): StatusClass {
  if (row.status === undefined) return row.error ? 'error' : 'ok';
  return row.status >= 500 ? 'server' : row.status >= 400 ? 'client' : 'ok';
}

/**
 * The slim row straight from an entry as it is on the wire (JSON, before the contract's decoding): the reader
 * needs nine fields of each entry, so it skips decoding the rest (headers, bodies, replies) — most of the cost of
 * a page of 10,000 entries.
 */
export function wireLogRow(wire: unknown): LogRow | undefined {
  if (!wire || typeof wire !== 'object') return undefined;
  const w = wire as Record<string, unknown>;
  const date = typeof w.dateTime === 'string' ? parseDateTime(w.dateTime) : undefined;
  const duration = typeof w.requestDuration === 'string' ? parseTimeSpan(w.requestDuration) : undefined;
  const items = w.items && typeof w.items === 'object' ? (w.items as Record<string, string>) : undefined;
  return toLogRow({
    id: typeof w.id === 'number' ? w.id : undefined,
    dateTime: date,
    pathInfo: typeof w.pathInfo === 'string' ? w.pathInfo : undefined,
    userAuthId: typeof w.userAuthId === 'string' ? w.userAuthId : undefined,
    ipAddress: typeof w.ipAddress === 'string' ? w.ipAddress : undefined,
    items,
    requestDto: w.requestDto ?? undefined,
    errorResponse: w.errorResponse ?? undefined,
    requestDuration: duration,
  } as RequestLogEntry);
}
