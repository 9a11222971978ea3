// The operations to choose from, with a search by name, route or summary.
import { useState } from 'react';
import { Badge, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { OperationName } from '../../contract/operations';
import { operationList, searchOperations } from './model/operations';
import { Wrappable } from './Wrappable';

const ITEM_STYLES = { body: { lineHeight: 1.3 }, description: { overflowWrap: 'anywhere' } } as const;

export function OperationList({
  current,
  onChoose,
}: {
  current: OperationName;
  onChoose: (name: OperationName) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = searchOperations(search);
  return (
    <Stack gap="xs" component="nav" aria-label="Operations">
      <TextInput
        label="Find an operation"
        placeholder="Name, route or summary"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {shown.length} of {operationList.length} operations
      </Text>
      {/* Vertical scrolling only: names and routes wrap (never cut or scrolled sideways). */}
      <ScrollArea.Autosize mah="70vh" type="auto" scrollbars="y">
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((o) => (
            <li key={o.name}>
              <NavLink
                component="button"
                type="button"
                active={o.name === current}
                aria-current={o.name === current ? 'true' : undefined}
                onClick={() => onChoose(o.name)}
                label={<Wrappable text={o.name} />}
                description={<Wrappable text={`${o.method} ${o.path}`} />}
                // A route segment longer than the column (getdailyreportactivitiesbyreport) may break inside.
                styles={ITEM_STYLES}
                rightSection={
                  o.effect === 'write' ? (
                    <Badge size="xs" color="orange" variant="light">
                      write
                    </Badge>
                  ) : undefined
                }
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
