// What staff see instead of the request log.
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes/routes';

export function AdminsOnly() {
  return (
    <Stack maw={640} py="md">
      <Title order={1}>Request log</Title>
      <Alert color="orange" variant="light" title="Only admins can open the request log">
        <Text size="sm">
          The request log shows every call made to the service, by every user. Your account is not an admin
          account; ask an administrator if you need to see it.
        </Text>
      </Alert>
      <Anchor component={Link} to={routes.home.href()} size="sm">
        Go to the start page
      </Anchor>
    </Stack>
  );
}
