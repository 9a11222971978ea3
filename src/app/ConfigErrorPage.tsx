import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { ConfigError } from '../config/config';

/** Shown instead of the app when config.json is missing or invalid; names the file and every bad key. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const problems =
    error instanceof ConfigError
      ? error.problems
      : [{ key: '(start-up)', message: error instanceof Error ? error.message : String(error) }];
  const url = error instanceof ConfigError ? error.url : 'config.json';
  if (error instanceof ConfigError && error.unreachable) {
    // Nothing is wrong with the file: the host could not be reached (offline before this browser kept a copy).
    return (
      <Stack maw={720} mx="auto" p="xl" gap="md">
        <Title order={1}>PM Console cannot start</Title>
        <Alert color="orange" variant="light" title="No connection to the console’s host">
          <Text size="sm">
            {url} could not be fetched. Connect to the network and reload this page; once it has started
            online, this browser keeps what the console needs to start offline.
          </Text>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack maw={720} mx="auto" p="xl" gap="md">
      <Title order={1}>PM Console cannot start</Title>
      <Alert color="red" variant="light" title={`The configuration file ${url} is not valid`}>
        <Box component="ul" m={0} pl="lg">
          {problems.map((p) => (
            <li key={`${p.key}:${p.message}`}>
              <Text span size="sm" ff="monospace" fw={600}>
                {p.key}
              </Text>{' '}
              <Text span size="sm">
                {p.message}
              </Text>
            </li>
          ))}
        </Box>
      </Alert>
      <Text size="sm" c="dimmed">
        Fix the file on the server and reload this page. The keys are described in docs/deploy.md.
      </Text>
    </Stack>
  );
}
