// What staff see instead of an admin screen (the request log, analytics).
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../routes/routes';

export interface AdminsOnlyProps {
  /** The screen's title ("Request log"). */
  title: string;
  /** What the screen shows, for people: "The request log shows every call made to the service, by every user." */
  shows: string;
}

export function AdminsOnly({ title, shows }: AdminsOnlyProps) {
  return (
    <Stack maw={640} py="md">
      <Title order={1}>{title}</Title>
      <Alert color="orange" variant="light" title={`Only admins can open the ${title.toLowerCase()}`}>
        <Text size="sm">
          {shows} Your account is not an admin account; ask an administrator if you need to see it.
        </Text>
      </Alert>
      <Anchor component={Link} to={routes.home.href()} size="sm">
        Go to the start page
      </Anchor>
    </Stack>
  );
}
