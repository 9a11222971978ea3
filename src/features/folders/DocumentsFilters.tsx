// The documents table's tool bar: text search, status, discipline and type filters, clear, CSV export.
import { Button, Group, Select, TextInput } from '@mantine/core';
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
  canExport,
  onExport,
}: {
  text: string;
  onText: (text: string) => void;
  state: TableState;
  update: (patch: Partial<TableState>) => void;
  statusOptions: FilterOption[];
  disciplines: string[];
  types: string[];
  filtering: boolean;
  canExport: boolean;
  onExport: () => void;
}) {
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        label="Search"
        placeholder="Number, name, CSI, …"
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        w={180}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={state.status || null}
        onChange={(v) => update({ status: v ?? '' })}
        clearable
        w={160}
      />
      <Select
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
      <Button variant="default" ml="auto" disabled={!canExport} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}
