import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, configureClient, setReauthHandler } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { sessionStore } from '../../src/api/session';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function reply(body: unknown, status = 200, contentType = 'application/json; charset=utf-8'): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': contentType } });
}

function errorBody(errorCode: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    errorOccured: true,
    uiErrorMessage: message,
    uiDevErrorMessage: `dev: ${message}`,
    responseStatus: { errorCode, message, errors: [] },
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  configureClient({ baseUrl: '', routeStyle: 'internal', fetch: fetchMock });
  sessionStore.set({ sessionKey: 'key-1', apiKey: 'api-1', userName: 'pm', isAdmin: false });
  setReauthHandler(undefined);
});

afterEach(() => {
  sessionStore.clear();
  setReauthHandler(undefined);
});

const bodyOf = (n = 0) => JSON.parse(String(fetchMock.mock.calls[n][1]?.body)) as Record<string, unknown>;

describe('call: requests', () => {
  it('posts the encoded request with the session key to the internal route', async () => {
    fetchMock.mockResolvedValue(reply({ project: { projectId: 1 } }));
    await call('ProjectGetRequest', { projectId: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/internal/project/get');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(bodyOf()).toEqual({ projectId: 1, authSessionKey: 'key-1' });
  });

  it('uses the JSON reply route and the base URL from the settings', async () => {
    configureClient({ baseUrl: 'https://pm.example.com/svc', routeStyle: 'reply' });
    fetchMock.mockResolvedValue(reply({ folder: { folderId: 4 } }));
    await call('FolderGetRequest', { folderId: 4 });
    expect(fetchMock.mock.calls[0][0]).toBe('https://pm.example.com/svc/json/reply/FolderGetRequest');
  });

  it('sends no session key with the sign-in request', async () => {
    fetchMock.mockResolvedValue(reply({ authSessionKey: 'k', apiKey: 'a' }));
    await call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'pm' });
    expect(bodyOf()).toEqual({ userName: 'pm', password: 'pm' });
  });

  it('encodes Date values as /Date(ms-0000)/ with escaped slashes', async () => {
    fetchMock.mockResolvedValue(reply({}));
    await call('FolderUpdateRequest', { folder: { folderId: 9, createdDate: new Date(1_700_000_000_000) } });
    const raw = String(fetchMock.mock.calls[0][1]?.body);
    expect(raw).toContain('"createdDate":"\\/Date(1700000000000-0000)\\/"');
  });

  it('asks the request log with GET, query parameters and the bearer API key', async () => {
    fetchMock.mockResolvedValue(reply({ results: [] }));
    await call('RequestLogs', { take: 5, ids: [3, 4], withErrors: true, durationLongerThan: 1500 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer api-1');
    const query = new URL(String(url), 'http://x').searchParams;
    expect(String(url).startsWith('/requestlogs?')).toBe(true);
    expect(query.get('take')).toBe('5');
    expect(query.get('ids')).toBe('3,4');
    expect(query.get('withErrors')).toBe('true');
    expect(query.get('durationLongerThan')).toBe('PT1.5S');
  });
});

describe('call: replies', () => {
  it('decodes DateTime strings into Date and TimeSpans into milliseconds', async () => {
    fetchMock.mockResolvedValue(
      reply('{"project":{"projectId":1,"startDate":"\\/Date(1757937600000-0000)\\/"},"errorOccured":false}'),
    );
    const { project } = await call('ProjectGetRequest', { projectId: 1 });
    expect(project?.startDate).toBeInstanceOf(Date);
    expect(project?.startDate?.getTime()).toBe(1757937600000);

    fetchMock.mockResolvedValue(reply({ results: [{ id: 1, requestDuration: 'PT0.25S' }] }));
    const log = await call('RequestLogs', { take: 1 });
    expect(log.results?.[0].requestDuration).toBe(250);
  });
});

describe('call: error normalisation', () => {
  it('HTTP 401: status, code, the message for people and the developer message', async () => {
    fetchMock.mockResolvedValue(
      reply(errorBody('Unauthorized', 'Your session has expired. Please sign in again.'), 401),
    );
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.status).toBe(401);
    expect(e.errorCode).toBe('Unauthorized');
    expect(e.message).toBe('Your session has expired. Please sign in again.');
    expect(e.devMessage).toBe('dev: Your session has expired. Please sign in again.');
    expect(e.isUnauthorized).toBe(true);
    expect(e.isNetworkError).toBe(false);
    expect(e.operation).toBe('ProjectGetRequest');
  });

  it('HTTP 401 InvalidCredentials at sign-in is not a lost session', async () => {
    fetchMock.mockResolvedValue(
      reply(errorBody('InvalidCredentials', 'Invalid user name or password.'), 401),
    );
    const e = await failure(call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'x' }));
    expect(e.errorCode).toBe('InvalidCredentials');
    expect(e.isUnauthorized).toBe(false);
  });

  it('HTTP 400 with field errors: keyed by the property path', async () => {
    fetchMock.mockResolvedValue(
      reply(
        {
          errorOccured: true,
          responseStatus: {
            errorCode: 'InvalidValue',
            message: 'Two fields are invalid.',
            errors: [
              { errorCode: 'InvalidValue', fieldName: 'folder.folderName', message: 'Name is required.' },
              { errorCode: 'OutOfRange', fieldName: 'folder.folderSorting', message: 'Too large.' },
              { errorCode: 'InvalidValue', fieldName: 'folder.folderName', message: 'Too short.' },
            ],
          },
        },
        400,
      ),
    );
    const e = await failure(call('FolderUpdateRequest', { folder: { folderId: 1 } }));
    expect(e.status).toBe(400);
    expect(e.errorCode).toBe('InvalidValue');
    // No uiErrorMessage: the responseStatus message is the one for people.
    expect(e.message).toBe('Two fields are invalid.');
    expect(e.fieldErrors).toEqual({
      'folder.folderName': 'Name is required. Too short.',
      'folder.folderSorting': 'Too large.',
    });
    expect(e.fieldErrorList).toHaveLength(3);
    expect(e.isClientError).toBe(true);
    expect(e.isTransient).toBe(false);
  });

  it('HTTP 200 with errorOccured: true is an error', async () => {
    fetchMock.mockResolvedValue(reply(errorBody('Forbidden', 'You may not change this folder.')));
    const e = await failure(call('FolderUpdateRequest', { folder: { folderId: 1 } }));
    expect(e.message).toBe('You may not change this folder.');
    expect(e.errorCode).toBe('Forbidden');
    expect(e.status).toBe(400);
  });

  it('HTTP 200 with only a responseStatus.errorCode is an error', async () => {
    fetchMock.mockResolvedValue(
      reply({ responseStatus: { errorCode: 'Conflict', message: 'Changed meanwhile.' } }),
    );
    const e = await failure(call('FolderGetRequest', { folderId: 1 }));
    expect(e.errorCode).toBe('Conflict');
    expect(e.message).toBe('Changed meanwhile.');
  });

  it('an HTTP error without a body still gets a message for people', async () => {
    fetchMock.mockResolvedValue(reply({}, 403));
    const e = await failure(call('FolderGetRequest', { folderId: 1 }));
    expect(e.status).toBe(403);
    expect(e.message).toBe('You are not allowed to do this.');
  });

  it('network failure: status 0 and isNetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.isNetworkError).toBe(true);
    expect(e.status).toBe(0);
    expect(e.errorCode).toBe('NetworkError');
    expect(e.devMessage).toBe('Failed to fetch');
    expect(e.isTransient).toBe(true);
  });

  it('non-JSON reply (a proxy error page) keeps the HTTP status', async () => {
    fetchMock.mockResolvedValue(reply('<html><body>Bad gateway</body></html>', 502, 'text/html'));
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.status).toBe(502);
    expect(e.errorCode).toBe('InvalidResponse');
    expect(e.isTransient).toBe(true);
    expect(e.devMessage).toContain('text/html');
  });

  it('non-JSON reply with HTTP 200 (an SPA fallback page) is an error, not worth retrying', async () => {
    fetchMock.mockResolvedValue(reply('<!doctype html><title>PM Console</title>', 200, 'text/html'));
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.errorCode).toBe('InvalidResponse');
    expect(e.isTransient).toBe(false);
  });

  it('an aborted call rejects with the abort reason, not an ApiError', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_url, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    });
    const p = call('ProjectGetRequest', { projectId: 1 }, { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('call: session lost mid-work', () => {
  const expired = () => reply(errorBody('Unauthorized', 'Your session has expired.'), 401);

  it('waits for one re-sign-in, then repeats every refused call with the new key', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { authSessionKey?: string; projectId?: number };
      return body.authSessionKey === 'key-2' ? reply({ project: { projectId: body.projectId } }) : expired();
    });
    let release!: (ok: boolean) => void;
    const handler = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = resolve;
        }),
    );
    setReauthHandler(handler);

    const a = call('ProjectGetRequest', { projectId: 1 });
    const b = call('ProjectGetRequest', { projectId: 2 });
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    sessionStore.set({ sessionKey: 'key-2', apiKey: 'api-2', userName: 'pm' });
    release(true);

    await expect(a).resolves.toEqual({ project: { projectId: 1 } });
    await expect(b).resolves.toEqual({ project: { projectId: 2 } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('fails with the 401 when the user gives up', async () => {
    fetchMock.mockImplementation(async () => expired());
    setReauthHandler(async () => false);
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.status).toBe(401);
  });

  it('signed out, nothing asks for the session: no request goes and no sign-in dialog (issue 34)', async () => {
    const handler = vi.fn(async () => true);
    setReauthHandler(handler);
    fetchMock.mockImplementation(async () => expired());
    sessionStore.clear();
    const e = await failure(call('ProjectGetRequest', { projectId: 1 }));
    expect(e.status).toBe(401);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
  });

  it('a call refused after sign-out (sent before it) fails without asking for the session', async () => {
    const handler = vi.fn(async () => true);
    setReauthHandler(handler);
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = call('ProjectGetRequest', { projectId: 1 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    sessionStore.clear();
    answer(expired());
    const e = await failure(pending);
    expect(e.status).toBe(401);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not ask again for the sign-in request itself', async () => {
    const handler = vi.fn(async () => true);
    setReauthHandler(handler);
    fetchMock.mockResolvedValue(
      reply(errorBody('InvalidCredentials', 'Invalid user name or password.'), 401),
    );
    await failure(call('InternalUserAuthenticationRequest', { userName: 'pm', password: 'x' }));
    expect(handler).not.toHaveBeenCalled();
  });
});
