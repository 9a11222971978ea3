// The one error type every failed call becomes: HTTP errors, errors the service reports with HTTP 200,
// replies that are not JSON, and network failures.
import type { ResponseError } from '../contract/dtos';

export interface ApiErrorInit {
  status: number;
  errorCode: string;
  message: string;
  devMessage?: string;
  fieldErrors?: ResponseError[];
  isNetworkError?: boolean;
  operation?: string;
}

export class ApiError extends Error {
  /** HTTP status; 0 when no reply arrived. */
  readonly status: number;
  /** The service's `responseStatus.errorCode` (e.g. `Unauthorized`, `InvalidCredentials`), or one of ours. */
  readonly errorCode: string;
  /** `uiDevErrorMessage`, for the console and bug reports — never the main text on screen. */
  readonly devMessage?: string;
  /** Field errors keyed by the request's property path (`folder.folderName`, `punchlistList[3].summary`). */
  readonly fieldErrors: Record<string, string>;
  readonly fieldErrorList: ResponseError[];
  readonly isNetworkError: boolean;
  readonly operation?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.devMessage = init.devMessage;
    this.fieldErrorList = init.fieldErrors ?? [];
    this.isNetworkError = init.isNetworkError ?? false;
    this.operation = init.operation;
    const byField: Record<string, string> = {};
    for (const e of this.fieldErrorList) {
      const name = e.fieldName ?? '';
      const text = e.message ?? e.errorCode ?? 'Invalid value';
      byField[name] = byField[name] ? `${byField[name]} ${text}` : text;
    }
    this.fieldErrors = byField;
  }

  get isUnauthorized(): boolean {
    return this.status === 401 && this.errorCode !== 'InvalidCredentials';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** Worth trying again unchanged: the network or the service failed, not the request. */
  get isTransient(): boolean {
    return this.isNetworkError || this.status >= 500;
  }
}

/**
 * A reply without the thing asked for (`{project}` missing from a ProjectGetRequest reply) means it does not
 * exist: the same 404 the route error boundary shows as "not found" (`Project 3 was not found.`).
 */
export function requireFound<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) {
    throw new ApiError({ status: 404, errorCode: 'NotFound', message: `${what} was not found.` });
  }
  return value;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'The service does not know this operation.',
  413: 'The request is too large.',
  // The reference service says how long to wait (issue 16); a deployment or proxy that does not still means "wait".
  429: 'Too many attempts. Wait a little, then try again.',
};

interface ErrorBody {
  errorOccured?: unknown;
  uiErrorMessage?: unknown;
  uiDevErrorMessage?: unknown;
  responseStatus?: {
    errorCode?: unknown;
    message?: unknown;
    errors?: unknown;
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** True when a decoded reply reports a failure, whatever the HTTP status said. */
export function replyReportsError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as ErrorBody;
  return b.errorOccured === true || text(b.responseStatus?.errorCode) !== undefined;
}

/** Normalises a reply (already parsed) into an ApiError. */
export function errorFromReply(status: number, body: unknown, operation?: string): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const rs = b.responseStatus ?? {};
  const effectiveStatus = status >= 400 ? status : 400; // HTTP 200 carrying an error: treat as a refusal
  const errors = Array.isArray(rs.errors)
    ? (rs.errors as unknown[])
        .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
        .map((e) => ({
          errorCode: text(e.errorCode),
          fieldName: text(e.fieldName),
          message: text(e.message),
        }))
    : [];
  const message =
    text(b.uiErrorMessage) ??
    text(rs.message) ??
    FALLBACK_MESSAGES[effectiveStatus] ??
    (effectiveStatus >= 500
      ? `The service failed (HTTP ${effectiveStatus}). Please try again.`
      : `The request failed (HTTP ${effectiveStatus}).`);
  return new ApiError({
    status: effectiveStatus,
    errorCode: text(rs.errorCode) ?? (effectiveStatus >= 500 ? 'ServerError' : `Http${effectiveStatus}`),
    message,
    devMessage: text(b.uiDevErrorMessage),
    fieldErrors: errors,
    operation,
  });
}

export function networkError(operation: string | undefined, cause: unknown): ApiError {
  return new ApiError({
    status: 0,
    errorCode: 'NetworkError',
    message: 'The service could not be reached. Check your connection and try again.',
    devMessage: cause instanceof Error ? cause.message : String(cause),
    isNetworkError: true,
    operation,
  });
}

export function unreadableReplyError(
  status: number,
  contentType: string | null,
  operation?: string,
): ApiError {
  // The real status is kept: a 200 with HTML (e.g. a proxy's SPA fallback) is not worth retrying, a 502 is.
  return new ApiError({
    status,
    errorCode: 'InvalidResponse',
    message:
      status >= 400
        ? `The service failed (HTTP ${status}) and sent a reply that is not JSON.`
        : 'The service sent a reply the console cannot read.',
    devMessage: `HTTP ${status}, content-type ${contentType ?? '(none)'}`,
    operation,
  });
}
