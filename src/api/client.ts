// The browser client: `call(operation, request)` → the typed, decoded response, or one ApiError.
import { decodeLenient, encode, stringifyWire } from '../contract/codecs';
import {
  operationPath,
  operations,
  type OperationName,
  type RequestOf,
  type ResponseOf,
  type RouteStyle,
} from '../contract/operations';
import type { ObjectSchema } from '../contract/schema';
import { ApiError, errorFromReply, networkError, replyReportsError, unreadableReplyError } from './errors';
import { sessionStore } from './session';

export interface ClientSettings {
  /** Origin (and prefix) of the service, no trailing slash; "" for the console's own origin. */
  baseUrl: string;
  routeStyle: RouteStyle;
  fetch: typeof fetch;
}

const settings: ClientSettings = {
  baseUrl: '',
  routeStyle: 'internal',
  fetch: (input, init) => globalThis.fetch(input, init),
};

export function configureClient(patch: Partial<ClientSettings>): void {
  Object.assign(settings, patch);
}

/** The service's origin and prefix ("" for the console's own origin). */
export const serviceBaseUrl = (): string => settings.baseUrl;

export interface CallOptions {
  signal?: AbortSignal;
  /** Keys to use instead of the stored session's (the admin probe right after sign-in). */
  credentials?: { sessionKey?: string; apiKey?: string };
  /** On 401, wait for the user to sign in again and repeat the call (default true). */
  reauthenticate?: boolean;
  /**
   * Sends the request and returns the decoded response or throws the ApiError `call` would; default: fetch
   * and decode here. `workerTransport` (src/api/workerTransport.ts) does it in a Web Worker for large replies.
   */
  transport?: Transport;
  /**
   * The reply so far, while a large reply is still arriving (`workerTransport` only; other transports resolve
   * at once): called when its first fields are in and after each chunk of rows.
   */
  onProgress?: (progress: CallProgress) => void;
}

/** What `onProgress` sees: the reply's fields so far, its lists holding the rows that have arrived. */
export interface CallProgress {
  /** The decoded reply so far (lists keep growing: copy what you keep). */
  value: Record<string, unknown>;
  /** The number of rows the service said the list will have (the X-Total-Count header), if it did. */
  total?: number;
  /** Rows received so far. */
  received: number;
}

/** How one attempt of `call` is sent and decoded (re-authentication stays in `call`). */
export type Transport = (name: OperationName, request: object, options: CallOptions) => Promise<unknown>;

/**
 * Asked when a call is answered 401 mid-work; resolves true once the user has signed in again (the session
 * store then holds the new keys), false if they gave up. One prompt serves every call waiting at the time.
 */
export type ReauthHandler = (error: ApiError) => Promise<boolean>;

let reauthHandler: ReauthHandler | undefined;
let pendingReauth: Promise<boolean> | undefined;

export function setReauthHandler(handler: ReauthHandler | undefined): void {
  reauthHandler = handler;
}

function waitForReauth(error: ApiError): Promise<boolean> {
  if (!reauthHandler) return Promise.resolve(false);
  pendingReauth ??= reauthHandler(error).finally(() => {
    pendingReauth = undefined;
  });
  return pendingReauth;
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** The URL an operation is sent to under the current settings. */
export function operationUrl(name: OperationName): string {
  return settings.baseUrl + operationPath(name, settings.routeStyle);
}

/** Query string of a GET operation (the request log): camelCase names, lists comma-separated. */
export function toQueryString(schema: ObjectSchema, request: object): string {
  const wire = encode(schema, request);
  if (!wire || typeof wire !== 'object' || Array.isArray(wire)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(wire)) {
    if (value === null || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** An operation's HTTP request as the client would send it (the API explorer shows and copies it). */
export interface PreparedRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Builds the HTTP request of an operation: route, headers, keys, wire body (or query string for GET). */
export function prepareRequest(
  name: OperationName,
  request: object,
  credentials: CallOptions['credentials'] = {},
): PreparedRequest {
  const op = operations[name];
  const session = sessionStore.get();
  const sessionKey = credentials.sessionKey ?? session?.sessionKey;
  const apiKey = credentials.apiKey ?? session?.apiKey;
  let url = operationUrl(name);
  const headers: Record<string, string> = { Accept: 'application/json' };

  if (op.method === 'ANY') {
    // The request log: GET with query parameters, authenticated by the admin's API key.
    const query = toQueryString(op.request, request);
    if (query) url += `?${query}`;
    if (op.auth === 'admin' && apiKey) headers.Authorization = `Bearer ${apiKey}`;
    return { url, method: 'GET', headers };
  }
  const body: Record<string, unknown> = { ...request };
  if ('authSessionKey' in op.request.fields && body.authSessionKey === undefined && sessionKey) {
    body.authSessionKey = sessionKey;
  }
  headers['Content-Type'] = 'application/json';
  return { url, method: 'POST', headers, body: stringifyWire(encode(op.request, body) ?? {}) };
}

/** What came back, undecoded: status, content type, the raw text and the time it took. */
export interface RawReply {
  request: PreparedRequest;
  status: number;
  ok: boolean;
  contentType: string | null;
  text: string;
  durationMs: number;
}

/** Sends an operation once and returns the raw reply (no decoding, no re-authentication); throws only on network failure. */
export async function sendRaw(
  name: OperationName,
  request: object,
  options: CallOptions = {},
): Promise<RawReply> {
  const prepared = prepareRequest(name, request, options.credentials);
  const init: RequestInit = { method: prepared.method, headers: prepared.headers, signal: options.signal };
  if (prepared.body !== undefined) init.body = prepared.body;
  const started = performance.now();
  try {
    const res = await settings.fetch(prepared.url, init);
    const text = await res.text();
    return {
      request: prepared,
      status: res.status,
      ok: res.ok,
      contentType: res.headers.get('content-type'),
      text,
      durationMs: performance.now() - started,
    };
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    throw networkError(name, e);
  }
}

/** A raw reply → the decoded response, or the ApiError `call` would throw. */
export function readReply(
  name: OperationName,
  reply: Pick<RawReply, 'status' | 'ok' | 'contentType' | 'text'>,
): unknown {
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    throw unreadableReplyError(reply.status, reply.contentType, name);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw unreadableReplyError(reply.status, reply.contentType, name);
  }
  if (!reply.ok || replyReportsError(json)) throw errorFromReply(reply.status, json, name);
  return decodeLenient(operations[name].response, json);
}

// Untyped core of `call` (the typed table makes generic inference too deep here).
async function send(name: OperationName, request: object, options: CallOptions): Promise<unknown> {
  return readReply(name, await sendRaw(name, request, options));
}

/** Notes that the stored session's key worked, so a later 401 reads as "expired" (Session.confirmed). */
function confirmKey(usedKey: string | undefined): void {
  const session = sessionStore.get();
  if (session && !session.confirmed && session.sessionKey === usedKey)
    sessionStore.update({ confirmed: true });
}

/** The refusal of a call made with no session (after sign-out): a 401 that is not sent and asks nothing. */
function signedOut(name: OperationName): ApiError {
  return new ApiError({
    status: 401,
    errorCode: 'Unauthorized',
    message: 'You are signed out.',
    devMessage: `${name} was not sent: no session (signed out).`,
    operation: name,
  });
}

/**
 * Sends one operation. The session key goes into every request that has an `authSessionKey` field, the API key
 * as a bearer token to the request log. DateTime fields arrive as `Date`, TimeSpans as milliseconds. On a 401
 * for an expired session the call waits for the user to sign in again (see setReauthHandler) and is repeated.
 */
export async function call<N extends OperationName>(
  name: N,
  request: RequestOf<N>,
  options: CallOptions = {},
): Promise<ResponseOf<N>> {
  // Signed out (no session at all): nothing is sent and nothing asks for the session again — a screen's query
  // that fired once more after sign-out used to open "You are not signed in" over the sign-in page (issue 34).
  const needsSession = operations[name].auth !== 'none' && !options.credentials;
  for (;;) {
    if (needsSession && !sessionStore.get()) throw signedOut(name);
    const usedKey = options.credentials?.sessionKey ?? sessionStore.get()?.sessionKey;
    try {
      const reply = (await (options.transport ?? send)(name, request as object, options)) as ResponseOf<N>;
      if (operations[name].auth === 'session' && !options.credentials) confirmKey(usedKey);
      return reply;
    } catch (e) {
      const canReauth =
        e instanceof ApiError &&
        e.isUnauthorized &&
        operations[name].auth !== 'none' &&
        options.reauthenticate !== false &&
        !options.credentials;
      if (!canReauth) throw e;
      const current = sessionStore.get()?.sessionKey;
      // Signed out while it was in flight: it fails, no sign-in dialog.
      if (!current) throw e;
      // Someone signed in again while this call was in flight: just repeat it with the new key.
      if (current !== usedKey) continue;
      if (!(await abortable(waitForReauth(e), options.signal))) throw e;
    }
  }
}
