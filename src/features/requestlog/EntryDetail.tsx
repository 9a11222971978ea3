// One logged request: request line, URI, headers, bodies, DTOs, error with field errors, session, items,
// form data, duration; copy as curl; replay to its operation with the new reply beside the logged one.
import type { ReactNode } from 'react';
import { triedName } from './model/view';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import type { RequestLogEntry } from '../../contract/dtos';
import { formatDate } from '../../ui/format';
import { JsonView } from '../../ui/JsonView';
import { Json, KeyValues, Section, TruncatedNote } from './EntryParts';
import {
  errorInfo,
  formatDuration,
  isError,
  operationOf,
  parseBody,
  REFUSED_BEFORE_BINDING,
  SIGN_IN,
} from './model/entry';
import { toCurl } from './model/export';
import { maskDeep, maskHeaders } from './model/masking';
import { ReplayPanel } from './ReplayPanel';

export type DetailFilterKey =
  'userAuthId' | 'sessionId' | 'ipAddress' | 'forwardedFor' | 'referer' | 'pathInfo';

export function EntryDetail({
  entry,
  onFilter,
}: {
  entry: RequestLogEntry;
  /** Filters the log by a value of this entry (the drawer closes). */
  onFilter?: (key: DetailFilterKey, value: string) => void;
}) {
  const filterable = (key: DetailFilterKey, value: string | undefined, label: string): ReactNode =>
    value && onFilter ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onFilter(key, value)}
        title={`Filter by ${label}`}
      >
        {value}
      </Anchor>
    ) : (
      (value ?? '—')
    );
  const failed = isError(entry);
  const err = failed ? errorInfo(entry) : undefined;
  const body = parseBody(entry.requestBody);
  const curl = toCurl(entry);
  const op = operationOf(entry);

  return (
    <Stack gap="md" data-testid="entry-detail">
      <Group gap="xs">
        <Code fz="sm">
          {entry.httpMethod ?? '?'} {entry.pathInfo ?? ''}
        </Code>
        {failed ? (
          <Badge color="red">{err?.errorCode}</Badge>
        ) : (
          <Badge color="teal" variant="light">
            OK
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {formatDuration(entry.requestDuration)}
        </Text>
      </Group>

      {failed && (
        <Alert color="red" variant="light" title={`Error: ${err?.errorCode}`} data-testid="entry-error">
          {err?.message && <Text size="sm">{err.message}</Text>}
          {err && err.fieldErrors.length > 0 && (
            <Table fz="sm" mt="xs" aria-label="Field errors" withRowBorders={false} verticalSpacing={2}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {err.fieldErrors.map((f, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{f.fieldName ?? '—'}</Table.Td>
                    <Table.Td>{f.errorCode ?? '—'}</Table.Td>
                    <Table.Td>{f.message ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Alert>
      )}

      <Section title="Request">
        <KeyValues
          label="Request"
          entries={[
            ['Id', String(entry.id ?? '—')],
            ['Time', `${formatDate(entry.dateTime, true) ?? '—'} (${entry.dateTime?.toISOString() ?? ''})`],
            ['Absolute URI', entry.absoluteUri ?? '—'],
            ['Operation', op ?? '—'],
            [
              'User',
              triedName(entry)
                ? `none (a failed sign-in) · tried: ${triedName(entry)}`
                : filterable('userAuthId', entry.userAuthId, 'this user'),
            ],
            ['Session', filterable('sessionId', entry.sessionId, 'this session')],
            ['IP address', filterable('ipAddress', entry.ipAddress, 'this IP address')],
            ['Forwarded for', filterable('forwardedFor', entry.forwardedFor, 'this forwarded-for')],
            ['Referer', filterable('referer', entry.referer, 'this referer')],
            ['Duration', formatDuration(entry.requestDuration)],
          ]}
        />
      </Section>

      <Section title="Actions">
        <Group gap="xs">
          <CopyButton value={curl} timeout={1500}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy as curl'}
              </Button>
            )}
          </CopyButton>
        </Group>
        {/* Focusable: a long command scrolls sideways, and the keyboard must reach it (axe). */}
        <Code block fz="xs" data-testid="curl" tabIndex={0} aria-label="curl command">
          {curl}
        </Code>
        <ReplayPanel entry={entry} />
      </Section>

      <Section title="Headers">
        <KeyValues label="Headers" entries={maskHeaders(entry.headers)} />
      </Section>

      <Section title="Request body">
        <TruncatedNote entry={entry} name="requestBody" />
        {body.json !== undefined ? (
          <JsonView value={maskDeep(body.json)} label="Request body" />
        ) : body.text !== undefined ? (
          <Code block tabIndex={0} aria-label="Request body">
            {body.text}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {op === SIGN_IN
              ? 'Not logged for sign-ins.'
              : failed && REFUSED_BEFORE_BINDING.has(err?.errorCode ?? '')
                ? 'Not stored: the service keeps no body of a request refused before it was bound to a user.'
                : 'None'}
          </Text>
        )}
      </Section>
      <Section title="Request DTO">
        <Json
          value={entry.requestDto}
          label="Request DTO"
          empty={op === SIGN_IN ? 'Not logged for sign-ins.' : 'None'}
        />
      </Section>
      <Section title="Response DTO">
        <Json
          value={entry.responseDto}
          label="Response DTO"
          empty="Not tracked (turn on response tracking above)."
        />
      </Section>
      <Section title="Error response">
        <Json value={entry.errorResponse} label="Error response" empty="None" />
      </Section>
      <Section title="Session">
        <Json value={entry.session} label="Session" empty="Not tracked" />
      </Section>
      <Section title="Items">
        <KeyValues label="Items" entries={Object.entries(entry.items ?? {})} />
      </Section>
      <Section title="Form data">
        <KeyValues label="Form data" entries={maskHeaders(entry.formData)} />
      </Section>
    </Stack>
  );
}
