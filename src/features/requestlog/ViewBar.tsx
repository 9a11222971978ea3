// Above the table: the status filter (exact codes and classes: 404, 4xx, 5xx) and what the sort and the filter
// work over — the rows this page holds, not the whole log (the service's query has neither).
import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { formatStatusFilter, parseStatusFilter, type LogSort, type StatusFilter } from '../../routes/logView';

export interface ViewBarProps {
  /** Rows held (this page, with the live tail's). */
  held: number;
  /** Rows shown after the filter. */
  shown: number;
  sort: LogSort | undefined;
  status: StatusFilter | undefined;
  onStatus: (f: StatusFilter | undefined) => void;
  onSort: (s: LogSort | undefined) => void;
}

const SORT_NAMES: Record<LogSort['key'], string> = {
  id: 'id',
  time: 'time',
  method: 'method',
  path: 'path',
  user: 'user',
  ip: 'IP',
  duration: 'duration',
  status: 'status',
};

export function ViewBar({ held, shown, sort, status, onStatus, onSort }: ViewBarProps) {
  const current = status ? formatStatusFilter(status) : '';
  // The field's text until it is applied (Enter or leaving the field); the address holds the applied filter.
  const [text, setText] = useState(current);
  const [error, setError] = useState<string>();
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setText(current);
    setError(undefined);
  }
  const apply = () => {
    const f = parseStatusFilter(text);
    if (typeof f === 'string') return setError(f);
    setError(undefined);
    if ((f ? formatStatusFilter(f) : '') !== current) onStatus(f);
  };

  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <TextInput
        size="xs"
        w={190}
        label="Status"
        placeholder="404, 4xx, 5xx"
        description="Enter applies"
        value={text}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape' && text) {
            // Esc in the field clears it, not the page's filters.
            e.stopPropagation();
            setText('');
          }
        }}
      />
      <Text size="xs" c="dimmed" mt={22} maw={560} data-testid="view-note">
        {status || sort
          ? `${status ? `${shown} of the ${held} requests loaded have status ${current}` : `${held} requests loaded`}${
              sort
                ? `, sorted by ${SORT_NAMES[sort.key]} (${sort.dir === 'desc' ? 'descending' : 'ascending'})`
                : ''
            }. The status filter and the sort work in the browser, over the requests loaded, not the whole log.`
          : 'Sort by a column (click its heading) or filter by status: both work over the requests loaded, not the whole log.'}
      </Text>
      {status && (
        <Button size="xs" variant="subtle" mt={18} onClick={() => onStatus(undefined)}>
          Clear status
        </Button>
      )}
      {sort && (
        <Button size="xs" variant="subtle" mt={18} onClick={() => onSort(undefined)}>
          Log&apos;s order
        </Button>
      )}
    </Group>
  );
}
