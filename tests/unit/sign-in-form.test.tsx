// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/errors';
import type { Session } from '../../src/api/session';
import { safeNext } from '../../src/routes/routes';
import { SignInForm, WRONG_CREDENTIALS } from '../../src/features/auth/SignInForm';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

const session: Session = { sessionKey: 's', apiKey: 'a', userName: 'pm', isAdmin: false };

function setup(signIn = vi.fn(async () => session)) {
  const onSignedIn = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<SignInForm onSignedIn={onSignedIn} signIn={signIn} />);
  return { user, signIn, onSignedIn };
}

describe('SignInForm', () => {
  it('has the fields Username and Password and a Sign in button', () => {
    setup();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('catches empty fields before sending anything', async () => {
    const { user, signIn } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Username'), '  ');
    await user.type(screen.getByLabelText('Password'), 'pm');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed user name and hands over the session', async () => {
    const { user, signIn, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Username'), ' pm ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('pm', 'secret');
    expect(onSignedIn).toHaveBeenCalledWith(session);
  });

  it('says so at the form when the credentials are wrong, keeping what was typed', async () => {
    const signIn = vi.fn(async () => {
      throw new ApiError({
        status: 401,
        errorCode: 'InvalidCredentials',
        message: 'Invalid user name or password.',
      });
    });
    const { user, onSignedIn } = setup(signIn);
    await user.type(screen.getByLabelText('Username'), 'pm');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CREDENTIALS);
    expect(screen.getByLabelText('Username')).toHaveValue('pm');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows field errors from the service at the fields, other failures at the form', async () => {
    const signIn = vi
      .fn<() => Promise<Session>>()
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          errorCode: 'InvalidValue',
          message: 'Invalid.',
          fieldErrors: [{ fieldName: 'userName', errorCode: 'InvalidValue', message: 'Too long.' }],
        }),
      )
      .mockRejectedValueOnce(
        new ApiError({
          status: 0,
          errorCode: 'NetworkError',
          message: 'The service could not be reached.',
          isNetworkError: true,
        }),
      );
    const { user } = setup(signIn);
    await user.type(screen.getByLabelText('Username'), 'pm');
    await user.type(screen.getByLabelText('Password'), 'pm');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service could not be reached.');
  });
});

describe('safeNext (return after sign-in)', () => {
  it('follows paths of this app only', () => {
    expect(safeNext('/projects/1?tab=x#y')).toBe('/projects/1?tab=x#y');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/signin?next=/x')).toBe('/');
  });
});
