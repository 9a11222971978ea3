// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/errors';
import { sessionStore } from '../../src/api/session';
import { ReauthDialog } from '../../src/features/auth/ReauthDialog';
import { reauth, useReauthState } from '../../src/features/auth/reauth';
import { renderWithProviders } from '../../src/test-utils';

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

const expired = new ApiError({
  status: 401,
  errorCode: 'Unauthorized',
  message: 'Your session has expired.',
});

function Host({ onSignOut }: { onSignOut: () => void }) {
  const state = useReauthState();
  return <ReauthDialog state={state} onSignOut={onSignOut} />;
}

describe('ReauthDialog', () => {
  it('asks the same user to sign in again; giving up settles the waiting calls with false', async () => {
    // A key that worked in this browser (it came from a sign-in here), now refused.
    sessionStore.set({ sessionKey: 'old', apiKey: 'a', userName: 'pm', confirmed: true });
    const onSignOut = vi.fn();
    renderWithProviders(<Host onSignOut={onSignOut} />);
    const waiting = reauth.request(expired);
    const second = reauth.request(expired);

    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeInTheDocument();
    const userName = screen.getByLabelText('Username');
    expect(userName).toHaveValue('pm');
    expect(userName).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out instead' }));
    await expect(waiting).resolves.toBe(false);
    await expect(second).resolves.toBe(false);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a key that never worked here: "You are not signed in", any user may sign in, nothing "expired"', async () => {
    sessionStore.set({ sessionKey: 'typed-in', apiKey: 'a', userName: 'pm' });
    const onSignOut = vi.fn();
    renderWithProviders(<Host onSignOut={onSignOut} />);
    const waiting = reauth.request(expired);

    expect(await screen.findByRole('dialog', { name: 'You are not signed in' })).toBeInTheDocument();
    expect(screen.queryByText(/expired/i)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Go to the sign-in page' }));
    await expect(waiting).resolves.toBe(false);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
