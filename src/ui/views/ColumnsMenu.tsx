// A table's Columns menu: which columns show, in what order, and how wide (docs/views.md). The list keeps the
// choice in its address (`cols=`, `widths=`), so a saved view and a link carry it.
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import print from '../print.module.css';

export interface ColumnChoice<K extends string> {
  /** Every column, in its usual order, with its name. */
  all: Array<{ key: K; label: string }>;
  /** The columns shown, in order. */
  shown: K[];
  widths: Partial<Record<K, number>>;
  onChange: (next: { shown: K[]; widths: Partial<Record<K, number>> }) => void;
}

export function ColumnsMenu<K extends string>({ all, shown, widths, onChange }: ColumnChoice<K>) {
  const label = (key: K) => all.find((c) => c.key === key)?.label ?? key;
  // Shown columns first (in their order), then the hidden ones (in the usual order).
  const order = [...shown, ...all.map((c) => c.key).filter((k) => !shown.includes(k))];
  const toggle = (key: K, on: boolean) =>
    onChange({
      shown: on ? order.filter((k) => k === key || shown.includes(k)) : shown.filter((k) => k !== key),
      widths,
    });
  const move = (key: K, by: -1 | 1) => {
    const i = shown.indexOf(key);
    const j = i + by;
    if (i < 0 || j < 0 || j >= shown.length) return;
    const next = [...shown];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange({ shown: next, widths });
  };
  const setWidth = (key: K, value: string | number) => {
    const next = { ...widths };
    const n = typeof value === 'number' ? value : Number(value);
    if (value === '' || !Number.isFinite(n) || n < 40) delete next[key];
    else next[key] = Math.min(1000, Math.round(n));
    onChange({ shown, widths: next });
  };
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" className={print.noPrint}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Columns">
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Shown, their order and width (px; empty = automatic)
          </Text>
          {order.map((key) => {
            const on = shown.includes(key);
            return (
              <Group key={key} gap={6} wrap="nowrap">
                <Checkbox
                  label={label(key)}
                  checked={on}
                  disabled={on && shown.length === 1}
                  onChange={(e) => toggle(key, e.currentTarget.checked)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${label(key)} left`}
                  disabled={!on || shown.indexOf(key) === 0}
                  onClick={() => move(key, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Move ${label(key)} right`}
                  disabled={!on || shown.indexOf(key) === shown.length - 1}
                  onClick={() => move(key, 1)}
                >
                  ↓
                </ActionIcon>
                <TextInput
                  aria-label={`${label(key)} width`}
                  size="xs"
                  w={72}
                  type="number"
                  min={40}
                  max={1000}
                  step={20}
                  placeholder="auto"
                  disabled={!on}
                  defaultValue={widths[key] ?? ''}
                  onBlur={(e) => setWidth(key, e.currentTarget.value)}
                  onKeyDown={(e) => e.key === 'Enter' && setWidth(key, e.currentTarget.value)}
                />
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
