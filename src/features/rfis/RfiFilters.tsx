// The RFI list's filter bar: search, status, overdue only, and Clear filters.
import { Button, Checkbox, Group, MultiSelect, TextInput } from '@mantine/core';
import type { CodeName } from '../../contract/codes';
import type { ListState } from './model/list';

/** Some filter narrows the list. */
export const isFiltering = (state: ListState) => state.status.length > 0 || state.overdue || state.q !== '';

export function RfiFilters({
  state,
  setState,
  statuses,
}: {
  state: ListState;
  setState: (patch: Partial<ListState>) => void;
  statuses: CodeName[];
}) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter RFIs">
      <TextInput
        label="Search"
        placeholder="Number, subject, people"
        value={state.q}
        onChange={(e) => setState({ q: e.currentTarget.value })}
        w={260}
      />
      <MultiSelect
        label="Status"
        placeholder={state.status.length ? undefined : 'All'}
        data={statuses.map((s) => ({ value: String(s.code), label: s.name }))}
        value={state.status.map(String)}
        onChange={(v) => setState({ status: v.map(Number) })}
        clearable
        w={300}
      />
      <Checkbox
        label="Overdue only"
        checked={state.overdue}
        onChange={(e) => setState({ overdue: e.currentTarget.checked })}
        mb={8}
      />
      {isFiltering(state) && (
        <Button variant="subtle" onClick={() => setState({ q: '', status: [], overdue: false })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
