// The building blocks of a logged request's detail: a titled section, a key/value table, a JSON value (masked,
// or the service's preview when it was cut) and the note that a stored text is a preview.
import type { ReactNode } from 'react';
import { Code, Stack, Table, Text, Title } from '@mantine/core';
import type { RequestLogEntry } from '../../contract/dtos';
import { JsonView } from '../../ui/JsonView';
import { truncatedOf } from './model/entry';
import { maskDeep } from './model/masking';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function KeyValues({ entries, label }: { entries: Array<[string, ReactNode]>; label: string }) {
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

export function Json({ value, label, empty }: { value: unknown; label: string; empty: string }) {
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
        <Code block fz="xs" tabIndex={0} aria-label={`${label} (preview)`}>
          {cut.preview}…
        </Code>
      </Stack>
    );
  }
  return <JsonView value={maskDeep(value)} label={label} />;
}

/** Says that a stored text is a preview, from the flags the service writes in Items. */
export function TruncatedNote({ entry, name }: { entry: RequestLogEntry; name: string }) {
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
