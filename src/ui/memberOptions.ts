// The options of a person picker: the project's people ("Name — Company"), and anyone already chosen who is not
// (or no longer) among them, under their known name or by id, so a chosen person never disappears.
import type { ProjectMember } from '../contract/dtos';

export interface PersonOption {
  value: string;
  label: string;
}

export function memberOptions(
  members: readonly ProjectMember[],
  chosen: ReadonlyArray<{ id: string; name?: string }> = [],
): PersonOption[] {
  const options = members
    .filter((m) => m.userId !== undefined)
    .map((m) => ({
      value: String(m.userId),
      label: `${m.fullName || `User ${m.userId}`}${m.company ? ` — ${m.company}` : ''}`,
    }));
  for (const { id, name } of chosen) {
    if (id && !options.some((o) => o.value === id)) options.push({ value: id, label: name || `User ${id}` });
  }
  return options;
}
