// The operations to choose from, with a search by name, route or summary.
import { useState } from 'react';
import { Badge, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { OperationName } from '../../contract/operations';
import { operationList, searchOperations } from './model/operations';

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
      <ScrollArea.Autosize mah="70vh" type="auto">
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((o) => (
            <li key={o.name}>
              <NavLink
                component="button"
                type="button"
                active={o.name === current}
                aria-current={o.name === current ? 'true' : undefined}
                onClick={() => onChoose(o.name)}
                label={o.name}
                description={`${o.method} ${o.path}`}
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
