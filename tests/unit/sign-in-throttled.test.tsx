// @vitest-environment jsdom
// Issue 16: a throttled sign-in (429 TooManyAttempts + Retry-After) or a busy service (503 ServiceBusy) shows the
// service's plain sentence with the wait, on the sign-in page and in the re-auth dialog, and is not sent again
// behind the user's back. Through the real client (`call`) with a fetch stub answering as the service does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureClient } from '../../src/api/client';
import { errorFromReply } from '../../src/api/errors';
import { sessionStore } from '../../src/api/session';
import { ReauthDialog } from '../../src/features/auth/ReauthDialog';
import { reauth, useReauthState } from '../../src/features/auth/reauth';
import { SignInForm, WRONG_CREDENTIALS } from '../../src/features/auth/SignInForm';
import { renderWithProviders } from '../../src/test-utils';
import { ApiError } from '../../src/api/errors';

const THROTTLED = 'Too many failed sign-ins. Try again in 30 seconds.';
const BUSY = 'The service is busy signing other users in. Try again in 2 seconds.';

/** The body the reference service sends with a refusal (server/core/wire.ts errorBody). */
function refusal(status: number, errorCode: string, message: string, retryAfter: string): Response {
  const body = {
    errorOccured: true,
    logMessageType: 'ERROR',
    uiErrorMessage: message,
    uiDevErrorMessage: message,
    responseStatus: { errorCode, message, errors: [] },
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': retryAfter },
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  configureClient({ baseUrl: '', routeStyle: 'internal', fetch: fetchMock });
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

async function submit(password = 'guess') {
  const user = userEvent.setup();
  const name = screen.getByLabelText('Username');
  if (!name.hasAttribute('readonly')) await user.type(name, 'pm');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('throttled sign-in (429) on the sign-in page', () => {
  it('shows the service’s sentence with the wait, not "wrong password", and sends the request once', async () => {
    fetchMock.mockResolvedValue(refusal(429, 'TooManyAttempts', THROTTLED, '30'));
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(THROTTLED);
    expect(alert).not.toHaveTextContent(WRONG_CREDENTIALS);
    // No automatic retry: wait past a retry delay and count.
    await new Promise((r) => setTimeout(r, 1200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toHaveValue('pm');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows a busy service (503 ServiceBusy) the same way, once', async () => {
    fetchMock.mockResolvedValue(refusal(503, 'ServiceBusy', BUSY, '2'));
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    await new Promise((r) => setTimeout(r, 1200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says to wait even when a 429 comes without a message (another deployment, a proxy)', () => {
    const error = errorFromReply(429, {});
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Too many attempts. Wait a little, then try again.');
    expect(error.isTransient).toBe(false);
  });
});

function Host() {
  const state = useReauthState();
  return <ReauthDialog state={state} onSignOut={() => {}} />;
}

describe('throttled sign-in (429) in the re-auth dialog', () => {
  it('shows the sentence with the wait in the dialog, keeps it open, and sends once', async () => {
    // A key that worked here (signed in in this browser), now refused.
    sessionStore.set({ sessionKey: 'old', apiKey: 'a', userName: 'pm', confirmed: true });
    fetchMock.mockResolvedValue(refusal(429, 'TooManyAttempts', THROTTLED, '30'));
    renderWithProviders(<Host />);
    const waiting = reauth.request(
      new ApiError({ status: 401, errorCode: 'Unauthorized', message: 'Your session has expired.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await submit('pm');
    expect(await screen.findByRole('alert')).toHaveTextContent(THROTTLED);
    expect(dialog).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1200));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    reauth.finish(false);
    await expect(waiting).resolves.toBe(false);
  });
});
