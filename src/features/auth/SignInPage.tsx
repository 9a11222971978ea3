import { Center, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { routes, safeNext } from '../../routes/routes';
import { SignInForm } from './SignInForm';
import classes from './SignInPage.module.css';

export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
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
        <SignInForm onSignedIn={() => navigate(next, { replace: true })} />
      </Paper>
    </Center>
  );
}

export default SignInPage;
