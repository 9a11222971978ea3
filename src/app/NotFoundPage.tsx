import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { routes } from '../routes/routes';

export function NotFoundPage({ message }: { message?: string }) {
  useDocumentTitle('Not found · PM Console');
  return (
    <Stack gap="sm" maw={560} py="xl">
      <Title order={1}>{message ? 'Not found' : 'Page not found'}</Title>
      <Text>{message ?? 'There is no page at this address.'}</Text>
      <Anchor component={Link} to={routes.home.href()}>
        Go to the start page
      </Anchor>
    </Stack>
  );
}
