// The request-log row of a request that has been answered: what it may store (masked, scrubbed of the secrets
// it carried, capped in bytes), under the operation's canonical path. See docs/service.md, "Request log".
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../../src/contract/operations';
import {
  maskBody,
  maskedDtoJson,
  maskHeaders,
  maskJson,
  maskText,
  maskUrl,
  scrub,
  secretValues,
  sessionLogId,
} from '../core/masking';
import { canonicalPath, capJson, capText, type LogRecord } from '../core/requestlog';
import type { Written } from '../core/wire';
import type { ServiceError } from '../handler';
import { headerText, type Who } from './exchange';

/** Failures that come before the request is bound to a known user: their body and DTO are never stored. */
const REFUSED_BEFORE_BINDING = new Set([401, 405, 406, 413, 429]);

const elapsedMs = (request: FastifyRequest) => Number(process.hrtime.bigint() - request.startedAt) / 1e6;

/**
 * The row for a request answered with `written` (or `error`). `op` is undefined for a path that is no operation.
 * What a request may cost the log is bounded: a request refused before it was bound to a user stores no body, an
 * operation that does not log its body (sign-in) never does; anything stored is capped (a preview, its length
 * and a flag in Items).
 */
export function logRecord(
  request: FastifyRequest,
  op: OperationDef | undefined,
  written: Written,
  error: ServiceError | undefined,
  who: Who,
): LogRecord {
  // A URL the router could not decode has no parsed query.
  const query = (request.query ?? {}) as Record<string, unknown>;
  const headers = request.headers as Record<string, string | string[] | undefined>;
  const keepBody = op !== undefined && op.logBody && !(error && REFUSED_BEFORE_BINDING.has(error.status));
  const path = request.url.split('?')[0];
  const pathInfo = canonicalPath(path);
  const items: Record<string, string> = {
    ...(op && { operation: op.name }),
    statusCode: String(error?.status ?? 200),
  };
  if (pathInfo !== path) items.rawPathInfo = path;
  const secrets = secretValues({ query, body: who.body, headers });
  const contentType = headerText(headers['content-type']);
  const requestBody =
    keepBody && request.rawBody
      ? capText(
          scrub(maskBody(request.rawBody, contentType), secrets),
          'requestBody',
          items,
          undefined,
          request.rawBody.length,
        )
      : undefined;
  const formData =
    keepBody && who.formData && !items.requestBodyTruncated
      ? scrub(JSON.stringify(maskJson(who.formData)), secrets)
      : undefined;
  return {
    dateMs: Date.now(),
    httpMethod: request.method,
    absoluteUri: capText(
      scrub(`${request.protocol}://${request.host}${maskUrl(request.url)}`, secrets),
      'absoluteUri',
      items,
    )!,
    pathInfo,
    requestBody,
    requestDto: keepBody ? capJson(scrub(maskedDtoJson(who.dto), secrets), 'requestDto', items) : undefined,
    userAuthId: who.user?.userName,
    sessionId: who.sessionKey ? sessionLogId(who.sessionKey) : undefined,
    ipAddress: request.ip,
    forwardedFor: headerText(headers['x-forwarded-for']),
    referer: maskOptional(scrub(headerText(headers.referer), secrets)),
    headers: scrubValues(maskHeaders(headers), secrets),
    formData: capJson(formData, 'formData', items),
    items,
    session:
      who.user && who.sessionKey
        ? {
            id: sessionLogId(who.sessionKey),
            userAuthId: who.user.userName,
            userAuthName: who.user.userName,
            displayName: who.user.fullName,
            roles: who.user.isAdmin ? ['Admin'] : ['Staff'],
          }
        : undefined,
    responseJson: error
      ? undefined
      : capJson(
          op && !op.logBody ? maskBody(written.json) : written.json,
          'responseDto',
          items,
          undefined,
          written.length,
        ),
    errorJson: error ? capJson(scrub(written.json, secrets), 'errorResponse', items) : undefined,
    durationMs: elapsedMs(request),
  };
}

const maskOptional = (v: string | undefined) => (v === undefined ? undefined : maskText(v));

function scrubValues(record: Record<string, string>, secrets: Set<string>): Record<string, string> {
  if (secrets.size === 0) return record;
  for (const k of Object.keys(record)) record[k] = scrub(record[k], secrets);
  return record;
}
