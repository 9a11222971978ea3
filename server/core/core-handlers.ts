// The operations the service core answers itself, beside the domain handlers of server/handlers/registry.ts:
// sign-in (operation 1: sessions, throttling) and the request-log query (operation 20: the log and its tracking
// switches). Asynchronous, and they see the service's sessions and log rather than only the database.
import type { OperationName, RequestOf } from '../../src/contract/operations';
import { RowStream, type User } from '../handler';
import { signIn } from './auth';
import { entryJson, requestLogUsage, type RequestLog } from './requestlog';
import type { Sessions } from './sessions';

export interface CoreContext {
  sessions: Sessions;
  log: RequestLog;
  /** The client's address (sign-in throttling). */
  ip: string;
}

export interface CoreResult {
  payload: Record<string, unknown>;
  /** Who the request turned out to be (sign-in), for the request log. */
  user?: User;
  sessionKey?: string;
}

export type CoreHandler<N extends OperationName> = (
  request: RequestOf<N>,
  ctx: CoreContext,
) => Promise<CoreResult>;

export const coreHandlers: { [N in OperationName]?: CoreHandler<N> } = {
  InternalUserAuthenticationRequest: async (request, { sessions, ip }) => {
    const result = await signIn(request, sessions, ip);
    return { payload: result.response, user: result.user, sessionKey: result.sessionKey };
  },
  RequestLogs: async (request, { log }) => ({ payload: await requestLogs(log, request) }),
};

/** A query of the request log; `Enable*Tracking` switch the running service's tracking first. */
async function requestLogs(log: RequestLog, q: RequestOf<'RequestLogs'>) {
  const changed: string[] = [];
  for (const key of ['enableSessionTracking', 'enableResponseTracking', 'enableErrorTracking'] as const) {
    const value = q[key];
    if (typeof value === 'boolean' && log.tracking[key] !== value) {
      log.tracking[key] = value;
      changed.push(`${key.replace(/^enable|Tracking$/g, '')} tracking is now ${value ? 'on' : 'off'}`);
    }
  }
  const { rows, cut, pausable, unwritten } = await log.queryStored(q);
  // The rows stream (up to 10,000, MAX_TAKE); the note of a cut is known only after them, so it is written
  // after the list.
  const responseStatus = () => {
    const messages = changed.length ? [`${changed.join('; ')} for the running service.`] : [];
    const meta: Record<string, string> = Object.fromEntries(
      Object.entries(log.tracking).map(([k, v]) => [k, String(v)]),
    );
    if (unwritten > 0) {
      // A flood's journal not yet written out within the query's wait (server/core/log-writer.mjs).
      messages.push(
        `${unwritten} requests of the last moments are still being written to the log; ask again in a few seconds to see them.`,
      );
      meta.unwritten = String(unwritten);
    }
    const stop = cut();
    if (stop) {
      messages.push(
        `The reply stopped at ${stop.rows} rows (${Math.round(stop.bytes / 1024 / 1024)} MiB, the limit of one reply); ask again with BeforeId=${stop.nextBeforeId} for the rest.`,
      );
      meta.truncated = 'true';
      meta.nextBeforeId = String(stop.nextBeforeId);
    }
    return { message: messages.length ? messages.join(' ') : undefined, meta };
  };
  return {
    usage: requestLogUsage,
    results: new RowStream(rows, {
      trailer: () => ({ responseStatus: responseStatus() }),
      pausable,
      json: entryJson,
    }),
  };
}
