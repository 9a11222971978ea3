// What the request log needs of an answered request, taken from Fastify's request as it is (`LogFacts`): no
// masking here. The row — masked, scrubbed, capped, under the canonical path — is built from these facts off the
// request path, in the log's writer thread (server/core/log-row.ts). See docs/service.md, "Request log".
import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../../src/contract/operations';
import { capBytes } from '../core/log-anon';
import type { LogFacts } from '../core/log-row';
import type { Written } from '../core/wire';
import type { ServiceError } from '../handler';
import type { Who } from './exchange';

/** The facts of a request answered with `written` (or `error`). `op` is undefined for a path that is no operation. */
export function logFacts(
  request: FastifyRequest,
  op: OperationDef | undefined,
  written: Written,
  error: ServiceError | undefined,
  who: Who,
): LogFacts {
  // A URL the router could not decode has no parsed query.
  const query = request.query as Record<string, unknown> | undefined;
  const user = who.user;
  return [
    Date.now(),
    Number(process.hrtime.bigint() - request.startedAt) / 1e6,
    0, // the tracking switches, set by RequestLog.add
    op ? op.name : null,
    op ? op.logBody : false,
    error ? error.status : null,
    request.method,
    request.protocol,
    request.host,
    request.url,
    request.ip,
    request.headers as Record<string, string | string[] | undefined>,
    query && !isEmpty(query) ? query : null,
    request.rawBody ?? null,
    who.body !== undefined,
    who.dto,
    user ? user.userName : null,
    user ? user.fullName : null,
    user ? user.isAdmin : false,
    who.sessionKey || null,
    written.json,
    written.length ?? null,
    undefined, // bodyNote: set for an anonymous request (log-anon.ts)
    error ? signInName(op, who.dto) : undefined,
  ];
}

/** UTF-8 bytes kept of the user name a failed sign-in tried. */
export const SIGN_IN_NAME_MAX = 64;

/**
 * The user name a failed sign-in tried, trimmed and capped (`Items.userNameTried`): which account is being
 * guessed. Only the name: the sign-in's body and DTO, and so its password, are never stored.
 */
function signInName(op: OperationDef | undefined, dto: unknown): string | undefined {
  if (op?.name !== 'InternalUserAuthenticationRequest' || !dto || typeof dto !== 'object') return undefined;
  const name = (dto as { userName?: unknown }).userName;
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  return trimmed ? capBytes(trimmed, SIGN_IN_NAME_MAX) : undefined;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}
