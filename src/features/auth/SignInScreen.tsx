import { Center, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { routes } from '../../routes/routes';
import { SignInForm } from './SignInForm';
import classes from './SignInPage.module.css';

export interface SignInScreenProps {
  /** Where the visitor goes once signed in (a route path, already checked by `safeNext`). */
  next: string;
  onSignedIn: () => void;
}

/**
 * The sign-in page without the router: what a signed-out visit shows before the router's code has loaded
 * (src/app/SignInApp.tsx), and the sign-in route's page inside it (SignInPage).
 */
export function SignInScreen({ next, onSignedIn }: SignInScreenProps) {
  useDocumentTitle('Sign in · PM Console');
  return (
    <Center className={classes.page}>
      <Paper withBorder shadow="sm" radius="md" p="xl" className={classes.card}>
        <Title order={1} size="h2" mb={4}>
          PM Console
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {next === routes.home.href() ? 'Sign in to continue.' : 'Sign in to open the page you asked for.'}
        </Text>
        <SignInForm onSignedIn={onSignedIn} />
      </Paper>
    </Center>
  );
}
