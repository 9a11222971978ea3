// The RFI list's filter bar: search, status, ball in court (the people found), overdue only, and Clear filters.
import { Button, Checkbox, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import type { CodeName } from '../../contract/codes';
import type { CourtOption, ListState } from './model/list';

/** Some filter narrows the list. */
export const isFiltering = (state: ListState) =>
  state.status.length > 0 || state.overdue || state.q !== '' || Boolean(state.court);

export function RfiFilters({
  state,
  setState,
  statuses,
  people,
}: {
  state: ListState;
  setState: (patch: Partial<ListState>) => void;
  statuses: CodeName[];
  /** Who RFIs wait on (`courtOptions`). */
  people: CourtOption[];
}) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter RFIs">
      <TextInput
        label="Search"
        placeholder="Number, subject, people"
        value={state.q}
        onChange={(e) => setState({ q: e.currentTarget.value })}
        w={{ base: '100%', xs: 260 }}
      />
      <MultiSelect
        label="Status"
        placeholder={state.status.length ? undefined : 'All'}
        data={statuses.map((s) => ({ value: String(s.code), label: s.name }))}
        value={state.status.map(String)}
        onChange={(v) => setState({ status: v.map(Number) })}
        clearable
        w={{ base: '100%', xs: 300 }}
      />
      <Select
        label="Ball in court"
        placeholder="Anyone"
        data={people.map((p) => ({ value: p.value, label: p.count ? `${p.label} (${p.count})` : p.label }))}
        value={state.court ?? null}
        onChange={(v) => setState({ court: v ?? undefined })}
        clearable
        searchable
        nothingFoundMessage="Nobody by that name"
        w={{ base: '100%', xs: 240 }}
      />
      <Checkbox
        label="Overdue only"
        checked={state.overdue}
        onChange={(e) => setState({ overdue: e.currentTarget.checked })}
        mb={8}
      />
      {isFiltering(state) && (
        <Button
          variant="subtle"
          onClick={() => setState({ q: '', status: [], overdue: false, court: undefined })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
