// The documents table's tool bar: text search, status, discipline and type filters, clear, CSV and Excel export.
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { ExportButtons, type ExportButtonsProps } from '../../ui/ExportButtons';
import type { TableState } from './model/documents';

export interface FilterOption {
  value: string;
  label: string;
}

export function DocumentsFilters({
  text,
  onText,
  state,
  update,
  statusOptions,
  disciplines,
  types,
  filtering,
  loading,
  canExport,
  exports,
}: {
  text: string;
  onText: (text: string) => void;
  state: TableState;
  update: (patch: Partial<TableState>) => void;
  statusOptions: FilterOption[];
  disciplines: string[];
  types: string[];
  filtering: boolean;
  /** The rows are still arriving: the controls wait for the last one, and this note says how far it got. */
  loading?: string;
  canExport: boolean;
  exports: Omit<ExportButtonsProps, 'disabled' | 'ml'>;
}) {
  const waiting = loading !== undefined;
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <TextInput
          disabled={waiting}
          label="Search"
          placeholder="Number, name, CSI, …"
          value={text}
          onChange={(e) => onText(e.currentTarget.value)}
          w={180}
        />
        <Select
          disabled={waiting}
          label="Status"
          placeholder="Any status"
          data={statusOptions}
          value={state.status || null}
          onChange={(v) => update({ status: v ?? '' })}
          clearable
          w={160}
        />
        <Select
          disabled={waiting}
          label="Discipline"
          placeholder="Any discipline"
          data={disciplines}
          value={state.discipline || null}
          onChange={(v) => update({ discipline: v ?? '' })}
          clearable
          searchable
          w={150}
        />
        <Select
          disabled={waiting}
          label="Type"
          placeholder="Any type"
          data={types}
          value={state.type || null}
          onChange={(v) => update({ type: v ?? '' })}
          clearable
          searchable
          w={150}
        />
        {filtering && (
          <Button variant="subtle" onClick={() => update({ q: '', status: '', discipline: '', type: '' })}>
            Clear filters
          </Button>
        )}
        <ExportButtons ml="auto" disabled={!canExport} {...exports} />
      </Group>
      {waiting && (
        <Text size="sm" c="dimmed" data-testid="documents-loading">
          {loading} Sorting and filters apply once all are in.
        </Text>
      )}
    </Stack>
  );
}
