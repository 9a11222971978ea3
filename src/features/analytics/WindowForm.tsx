// The analytics page's filters: the window (a preset or a custom range, typed in local time and applied with a
// button) and the user every figure is limited to. What it chooses goes to the address (useWindowChoice.ts).
import { memo, useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import type { GroupRow } from './model/aggregate';
import { PRESETS, type WindowChoice } from './model/window';

export const WindowForm = memo(function WindowForm({
  choice,
  onChange,
  users,
}: {
  choice: WindowChoice;
  onChange: (c: WindowChoice) => void;
  users: GroupRow[];
}) {
  const custom = choice.from !== undefined;
  const local = (ms: number | undefined) => {
    if (ms === undefined) return '';
    const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
    return d.toISOString().slice(0, 16);
  };
  const [from, setFrom] = useState(() => local(choice.from ?? Date.now() - 3_600_000));
  const [to, setTo] = useState(() => local(choice.to));
  const userOptions = [
    { value: '', label: 'All users' },
    ...users.filter((u) => u.key).map((u) => ({ value: u.key, label: u.key })),
  ];
  if (choice.user && !userOptions.some((o) => o.value === choice.user))
    userOptions.push({ value: choice.user, label: choice.user });
  return (
    <Group align="end" wrap="wrap" gap="sm">
      <Select
        label="Window"
        w={180}
        allowDeselect={false}
        data={[
          ...PRESETS.map((p) => ({ value: p.value, label: p.label })),
          { value: 'custom', label: 'Custom range' },
        ]}
        value={custom ? 'custom' : (choice.preset ?? '1h')}
        onChange={(v) => {
          if (v === 'custom') {
            const fromMs = Date.parse(from);
            onChange({ from: Number.isFinite(fromMs) ? fromMs : Date.now() - 3_600_000, user: choice.user });
          } else if (v) onChange({ preset: v as WindowChoice['preset'], user: choice.user });
        }}
      />
      {custom && (
        <>
          <TextInput
            type="datetime-local"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label="To (empty: now)"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Button
            variant="default"
            onClick={() => {
              const f = Date.parse(from);
              const t = to ? Date.parse(to) : undefined;
              if (Number.isFinite(f)) onChange({ from: f, to: t, user: choice.user });
            }}
          >
            Apply
          </Button>
        </>
      )}
      <Select
        label="User"
        w={180}
        data={userOptions}
        value={choice.user ?? ''}
        allowDeselect={false}
        onChange={(v) => onChange({ ...choice, user: v || undefined })}
      />
    </Group>
  );
});
