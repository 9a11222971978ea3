// The browser client: `call(operation, request)` → the typed, decoded response, or one ApiError.
import { decodeLenient, encode, stringifyWire } from '../contract/codecs';
import {
  operationPath,
  operations,
  type OperationName,
  type RequestOf,
  type ResponseOf,
} from '../contract/operations';
import type { ObjectSchema } from '../contract/schema';
import { ApiError, errorFromReply, networkError, replyReportsError, unreadableReplyError } from './errors';
import { sessionStore } from './session';

export interface ClientSettings {
  /** Origin (and prefix) of the service, no trailing slash; "" for the console's own origin. */
  baseUrl: string;
  routeStyle: 'internal' | 'reply';
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

export interface CallOptions {
  signal?: AbortSignal;
  /** Keys to use instead of the stored session's (the admin probe right after sign-in). */
  credentials?: { sessionKey?: string; apiKey?: string };
  /** On 401, wait for the user to sign in again and repeat the call (default true). */
  reauthenticate?: boolean;
}

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

// Untyped core of `call` (the typed table makes generic inference too deep here).
async function send(name: OperationName, request: object, options: CallOptions): Promise<unknown> {
  const op = operations[name];
  const session = sessionStore.get();
  const sessionKey = options.credentials?.sessionKey ?? session?.sessionKey;
  const apiKey = options.credentials?.apiKey ?? session?.apiKey;
  let url = operationUrl(name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let init: RequestInit;

  if (op.method === 'ANY') {
    // The request log: GET with query parameters, authenticated by the admin's API key.
    const query = toQueryString(op.request, request);
    if (query) url += `?${query}`;
    if (op.auth === 'admin' && apiKey) headers.Authorization = `Bearer ${apiKey}`;
    init = { method: 'GET', headers };
  } else {
    const body: Record<string, unknown> = { ...request };
    if ('authSessionKey' in op.request.fields && body.authSessionKey === undefined && sessionKey) {
      body.authSessionKey = sessionKey;
    }
    headers['Content-Type'] = 'application/json';
    init = { method: 'POST', headers, body: stringifyWire(encode(op.request, body) ?? {}) };
  }
  init.signal = options.signal;

  let res: Response;
  let text: string;
  try {
    res = await settings.fetch(url, init);
    text = await res.text();
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    throw networkError(name, e);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unreadableReplyError(res.status, res.headers.get('content-type'), name);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw unreadableReplyError(res.status, res.headers.get('content-type'), name);
  }
  if (!res.ok || replyReportsError(json)) throw errorFromReply(res.status, json, name);
  return decodeLenient(op.response, json);
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
  for (;;) {
    const usedKey = options.credentials?.sessionKey ?? sessionStore.get()?.sessionKey;
    try {
      return (await send(name, request as object, options)) as ResponseOf<N>;
    } catch (e) {
      const canReauth =
        e instanceof ApiError &&
        e.isUnauthorized &&
        operations[name].auth !== 'none' &&
        options.reauthenticate !== false &&
        !options.credentials;
      if (!canReauth) throw e;
      const current = sessionStore.get()?.sessionKey;
      // Someone signed in again while this call was in flight: just repeat it with the new key.
      if (current && current !== usedKey) continue;
      if (!(await abortable(waitForReauth(e), options.signal))) throw e;
    }
  }
}
