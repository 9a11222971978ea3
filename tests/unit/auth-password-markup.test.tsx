// @vitest-environment jsdom
// The password never reaches the markup: React mirrors a controlled input's value into its `value` attribute,
// so the sign-in form keeps the password field uncontrolled (found by tests/e2e/secrets-browser.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/errors';
import type { Session } from '../../src/api/session';
import { SignInForm, WRONG_CREDENTIALS } from '../../src/features/auth/SignInForm';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

const SECRET = 'Tr0ub4dor-3-correct-horse';

describe('SignInForm and the password', () => {
  it('is sent as typed but never written into the DOM, also after a refused attempt', async () => {
    const signIn = vi.fn<(u: string, p: string) => Promise<Session>>(async () => {
      throw new ApiError({ status: 401, errorCode: 'InvalidCredentials', message: 'Invalid.' });
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SignInForm onSignedIn={vi.fn()} signIn={signIn} />);
    await user.type(screen.getByLabelText('Username'), 'pm');
    await user.type(screen.getByLabelText('Password'), SECRET);
    expect(container.innerHTML).not.toContain(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CREDENTIALS);
    expect(signIn).toHaveBeenCalledWith('pm', SECRET);
    // Still in the field for another try, yet not in the markup.
    expect(screen.getByLabelText('Password')).toHaveValue(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
  });

  it('an empty password is still caught before anything is sent', async () => {
    const signIn = vi.fn(async () => ({}) as Session);
    const user = userEvent.setup();
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} signIn={signIn} />);
    await user.type(screen.getByLabelText('Username'), 'pm');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });
});
