// One logged request: request line, URI, headers, bodies, DTOs, error with field errors, session, items,
// form data, duration; copy as curl; replay to its operation with the new reply beside the logged one.
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import type { RequestLogEntry } from '../../contract/dtos';
import { operations } from '../../contract/operations';
import { formatDate } from '../../ui/format';
import { JsonView } from '../../ui/JsonView';
import { errorInfo, formatDuration, isError, operationOf, parseBody } from './model/entry';
import { toCurl } from './model/export';
import { maskDeep, maskHeaders } from './model/masking';
import { isKnownOperation, replayRequest } from './queries';

const SIGN_IN = 'InternalUserAuthenticationRequest';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function KeyValues({ entries, label }: { entries: Array<[string, ReactNode]>; label: string }) {
  if (!entries.length)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label={label}>
      <Table.Tbody>
        {entries.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={170} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
              {k}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Json({ value, label, empty }: { value: unknown; label: string; empty: string }) {
  if (value === undefined || value === null)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  const cut = truncatedOf(value);
  if (cut) {
    return (
      <Stack gap={4}>
        <Text size="sm" c="orange.8" data-testid="truncated-note">
          Truncated: the service kept the first {cut.preview.length.toLocaleString()} of{' '}
          {cut.length.toLocaleString()} characters.
        </Text>
        <Code block fz="xs">
          {cut.preview}…
        </Code>
      </Stack>
    );
  }
  return <JsonView value={maskDeep(value)} label={label} />;
}

/** Codes of failures the service refuses before binding a request to a user (it stores no body for them). */
const REFUSED_BEFORE_BINDING = new Set([
  'Unauthorized',
  'UnknownOperation',
  'MethodNotAllowed',
  'PayloadTooLarge',
  'NotAcceptable',
  'TooManyAttempts',
]);

/** A logged object the service cut to a preview: `{_truncated: true, _length, _preview}`. */
function truncatedOf(value: unknown): { length: number; preview: string } | undefined {
  if (!value || typeof value !== 'object' || (value as { _truncated?: unknown })._truncated !== true) {
    return undefined;
  }
  const v = value as { _length?: unknown; _preview?: unknown };
  const preview = typeof v._preview === 'string' ? v._preview : '';
  return { length: typeof v._length === 'number' ? v._length : preview.length, preview };
}

/** Says that a stored text is a preview, from the flags the service writes in Items. */
function TruncatedNote({ entry, name }: { entry: RequestLogEntry; name: string }) {
  const items = entry.items ?? {};
  if (items[`${name}Truncated`] !== 'true') return null;
  const length = Number(items[`${name}Length`]);
  return (
    <Text size="sm" c="orange.8" mb={4} data-testid="truncated-note">
      Truncated: the service kept a preview
      {Number.isFinite(length) ? ` of the ${length.toLocaleString()} characters sent` : ''}.
    </Text>
  );
}

type ReplayResult = { ok: true; reply: unknown } | { ok: false; error: ApiError | Error };

function ReplayPanel({ entry }: { entry: RequestLogEntry }) {
  const op = operationOf(entry);
  const known = isKnownOperation(op) ? op : undefined;
  const [confirming, setConfirming] = useState(false);
  const replay = useMutation({
    mutationFn: async (): Promise<ReplayResult> => {
      try {
        return { ok: true, reply: await replayRequest(known!, entry.requestDto) };
      } catch (e) {
        if (e instanceof Error) return { ok: false, error: e };
        throw e;
      }
    },
  });

  let refusal: string | undefined;
  if (op === SIGN_IN) refusal = 'A sign-in is never replayed.';
  else if (!known) refusal = 'The operation of this request is not known to the console.';
  else if (known === 'RequestLogs') refusal = 'Queries of the request log are not replayed.';
  else if (entry.requestDto === undefined || entry.requestDto === null)
    refusal = 'No request DTO was logged.';
  else if (truncatedOf(entry.requestDto)) refusal = 'The request DTO was too large to log in full.';
  const isWrite = known ? operations[known].effect !== 'read' : false;
  const result = replay.data;
  const logged = entry.responseDto ?? entry.errorResponse;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!!refusal}
          loading={replay.isPending}
          onClick={() => (isWrite ? setConfirming(true) : replay.mutate())}
        >
          Replay{known ? ` ${known}` : ''}
        </Button>
        {refusal && (
          <Text size="xs" c="dimmed">
            {refusal}
          </Text>
        )}
        {!refusal && (
          <Text size="xs" c="dimmed">
            Sent with your own session{isWrite ? '; this one changes data' : ''}.
          </Text>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Replay a change?" centered>
        <Text size="sm">
          {known} changes data. Replaying it sends the logged request again, as you, and may change the data a
          second time.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="orange"
            onClick={() => {
              setConfirming(false);
              replay.mutate();
            }}
          >
            Replay the change
          </Button>
        </Group>
      </Modal>
      {result && (
        <SimpleGrid cols={2} spacing="sm" data-testid="replay-compare">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Logged reply
            </Text>
            <Json
              value={logged}
              label="Logged reply"
              empty="Not logged (response tracking was off and the request did not fail)."
            />
          </Stack>
          <Stack gap={4} aria-label="Replay reply" component="section">
            <Text size="sm" fw={600}>
              Replay reply{' '}
              <Badge size="xs" color={result.ok ? 'teal' : 'red'} variant="light">
                {result.ok ? 'OK' : result.error instanceof ApiError ? result.error.errorCode : 'Error'}
              </Badge>
            </Text>
            {result.ok ? (
              <Json value={result.reply} label="Replay reply" empty="Empty reply" />
            ) : (
              <Alert color="red" variant="light" p="xs">
                <Text size="sm">{result.error.message}</Text>
                {result.error instanceof ApiError &&
                  Object.entries(result.error.fieldErrors).map(([field, message]) => (
                    <Text size="xs" key={field}>
                      {field}: {message}
                    </Text>
                  ))}
              </Alert>
            )}
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}

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
            ['User', filterable('userAuthId', entry.userAuthId, 'this user')],
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
        <Code block fz="xs" data-testid="curl">
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
          <Code block>{body.text}</Code>
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
