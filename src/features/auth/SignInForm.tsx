import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ApiError } from '../../api/errors';
import type { Session } from '../../api/session';
import { signIn as defaultSignIn } from './signIn';

export interface SignInFormProps {
  onSignedIn: (session: Session) => void;
  initialUserName?: string;
  /** Re-authentication keeps the same user: the name is shown but cannot change. */
  lockUserName?: boolean;
  /** Replaceable in tests. */
  signIn?: (userName: string, password: string) => Promise<Session>;
}

interface FormErrors {
  userName?: string;
  password?: string;
  form?: string;
}

export const WRONG_CREDENTIALS = 'The user name or password is not correct.';

export function SignInForm({
  onSignedIn,
  initialUserName = '',
  lockUserName = false,
  signIn = defaultSignIn,
}: SignInFormProps) {
  const [userName, setUserName] = useState(initialUserName);
  // Uncontrolled on purpose: React mirrors a controlled input's value into its `value` attribute, which would
  // put the password into the serialised DOM (outerHTML, page snapshots, extensions reading the markup).
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const password = passwordRef.current?.value ?? '';
    const missing: FormErrors = {};
    if (!userName.trim()) missing.userName = 'Enter your user name.';
    if (!password) missing.password = 'Enter your password.';
    setErrors(missing);
    if (missing.userName || missing.password) return;

    setPending(true);
    try {
      const session = await signIn(userName.trim(), password);
      onSignedIn(session);
    } catch (e) {
      if (e instanceof ApiError && (e.errorCode === 'InvalidCredentials' || e.status === 401)) {
        setErrors({ form: WRONG_CREDENTIALS });
      } else if (e instanceof ApiError && Object.keys(e.fieldErrors).length > 0) {
        setErrors({
          userName: e.fieldErrors.userName,
          password: e.fieldErrors.password,
          form: e.fieldErrors.userName || e.fieldErrors.password ? undefined : e.message,
        });
      } else {
        setErrors({ form: e instanceof Error ? e.message : 'Sign-in failed.' });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" title="Sign-in failed">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          onChange={(e) => setUserName(e.currentTarget.value)}
          error={errors.userName}
          readOnly={lockUserName}
          data-autofocus={lockUserName ? undefined : true}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          ref={passwordRef}
          error={errors.password}
          data-autofocus={lockUserName ? true : undefined}
        />
        <Button type="submit" loading={pending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
