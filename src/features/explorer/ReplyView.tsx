// The reply of one send: status, duration and route; the decoded dates; the body pretty (decoded) and raw.
import { Alert, Badge, Code, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { formatDate } from '../../ui/format';
import { JsonView } from '../../ui/JsonView';
import { collectDates, forDisplay } from './model/reply';
import type { Exchange } from './queries';

function statusColor(status: number) {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

export function ReplyView({ exchange }: { exchange: Exchange }) {
  const { reply, decoded, error, json } = exchange;
  const dates = decoded === undefined ? [] : collectDates(decoded);
  const route = new URL(reply.request.url, window.location.href);
  return (
    <Stack gap="sm" component="section" aria-labelledby="explorer-reply-title">
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h4" id="explorer-reply-title">
          Reply
        </Title>
        <Badge color={statusColor(reply.status)} variant="light" size="lg" data-testid="reply-status">
          HTTP {reply.status}
        </Badge>
        <Text size="sm" data-testid="reply-duration">
          {reply.durationMs < 10 ? reply.durationMs.toFixed(1) : Math.round(reply.durationMs)} ms
        </Text>
        <Text size="sm" c="dimmed">
          {reply.contentType ?? 'no content type'}
        </Text>
      </Group>
      <Text size="sm">
        Route used:{' '}
        <Code data-testid="reply-route">
          {reply.request.method} {route.pathname}
          {route.search}
        </Code>
      </Text>
      {error && (
        <Alert color={error.status >= 500 ? 'red' : 'orange'} variant="light" title={error.errorCode}>
          <Text size="sm">{error.message}</Text>
          {error.devMessage && error.devMessage !== error.message && (
            <Text size="xs" mt={4}>
              {error.devMessage}
            </Text>
          )}
          {error.fieldErrorList.length > 0 && (
            <Stack gap={2} mt={6} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
              {error.fieldErrorList.map((f, i) => (
                <Text size="sm" component="li" key={i}>
                  <Code>{f.fieldName ?? '(request)'}</Code> {f.message ?? f.errorCode}
                </Text>
              ))}
            </Stack>
          )}
        </Alert>
      )}
      {dates.length > 0 && (
        <Table aria-label="Decoded dates" fz="sm" withTableBorder verticalSpacing={4} maw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date field</Table.Th>
              <Table.Th>Your time</Table.Th>
              <Table.Th>UTC (ISO 8601)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dates.map((d) => (
              <Table.Tr key={d.path} data-testid={`date-${d.path}`}>
                <Table.Td>
                  <Code>{d.path}</Code>
                </Table.Td>
                <Table.Td>{formatDate(d.value, true) ?? 'Invalid date'}</Table.Td>
                <Table.Td>{Number.isNaN(d.value.getTime()) ? '' : d.value.toISOString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Tabs defaultValue="pretty" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pretty">Pretty (decoded)</Tabs.Tab>
          <Tabs.Tab value="raw">Raw</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pretty" pt="xs">
          {decoded !== undefined || json !== undefined ? (
            <JsonView value={forDisplay(decoded ?? json)} label="Reply" openDepth={3} />
          ) : (
            <Text size="sm" c="dimmed">
              The reply is not JSON; see Raw.
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="raw" pt="xs">
          <Code
            block
            data-testid="reply-raw"
            tabIndex={0}
            aria-label="Raw reply"
            style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {reply.text || '(empty body)'}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
