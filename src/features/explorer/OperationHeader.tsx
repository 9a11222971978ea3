// The chosen operation: its name, whether it changes data or is for admins, what it does and its route.
import { Alert, Badge, Code, Group, Text, Title } from '@mantine/core';
import { operations, type OperationName } from '../../contract/operations';
import { Wrappable } from './Wrappable';

export function OperationHeader({
  op,
  method,
  url,
  adminOnly,
}: {
  op: OperationName;
  /** The HTTP method and absolute URL the request goes to (as `config.json` routes it). */
  method: string;
  url: string;
  /** The operation answers only admins and the user is not one. */
  adminOnly: boolean;
}) {
  const def = operations[op];
  return (
    <>
      <div>
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h3" id="explorer-op-title" maw="100%">
            <Wrappable text={op} />
          </Title>
          {def.effect === 'write' && (
            <Badge color="orange" variant="light">
              changes data
            </Badge>
          )}
          {def.auth === 'admin' && <Badge variant="light">admins</Badge>}
        </Group>
        <Text size="sm">{def.summary}</Text>
        <Text size="sm" c="dimmed">
          <Code>
            <Wrappable text={`${method} ${new URL(url).pathname}`} />
          </Code>{' '}
          → <Wrappable text={def.response.name} />
        </Text>
      </div>
      {adminOnly && (
        <Alert color="orange" variant="light" title="Admins only">
          The request log answers only an admin's API key; your account will get 403.
        </Alert>
      )}
    </>
  );
}
