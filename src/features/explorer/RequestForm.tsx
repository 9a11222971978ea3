// The form generated from a request schema. Every input edits the shared draft at its path; an empty input
// means "not sent" (the service changes only the fields sent).
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '../../ui/dates';
import dayjs from 'dayjs';
import { parseDateTime } from '../../contract/codecs';
import type { Draft, FieldModel, Path } from './model/form';
import { emptyValue, getIn, removeAt, setIn } from './model/values';

export interface RequestFormProps {
  fields: FieldModel[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
}

interface Ctx {
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
}

const LOCAL = 'YYYY-MM-DD HH:mm:ss';

function NumberField({ field, path, ctx, label }: FieldProps & { label: string }) {
  const value = getIn(ctx.draft, path);
  const shown =
    value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);
  // Local text so that "1." or "-" can be typed; it follows the draft when the draft changes elsewhere.
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((t) => (t.trim() !== '' && Number(t) === value ? t : shown));
  }, [shown, value]);
  const decimal = field.kind === 'scalar' && field.input === 'decimal';
  return (
    <TextInput
      label={label}
      description={field.type}
      inputMode={decimal ? 'decimal' : 'numeric'}
      value={text}
      disabled={ctx.disabled}
      error={text.trim() !== '' && !Number.isFinite(Number(text)) ? 'Not a number' : undefined}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        const n = Number(t);
        ctx.onChange(
          setIn(ctx.draft, path, t.trim() === '' ? undefined : Number.isFinite(n) ? n : t) as Draft,
        );
      }}
    />
  );
}

interface FieldProps {
  field: FieldModel;
  path: Path;
  ctx: Ctx;
}

function ScalarField({ field, path, ctx }: FieldProps) {
  if (field.kind !== 'scalar') return null;
  const value = getIn(ctx.draft, path);
  const index = path[path.length - 1];
  const label = typeof index === 'number' ? `${String(path[path.length - 2])}[${index}]` : field.key;
  const set = (v: unknown) => ctx.onChange(setIn(ctx.draft, path, v) as Draft);

  switch (field.input) {
    case 'integer':
    case 'decimal':
      return <NumberField field={field} path={path} ctx={ctx} label={label} />;
    case 'boolean':
      return (
        <NativeSelect
          label={label}
          description={field.type}
          disabled={ctx.disabled}
          value={value === true ? 'true' : value === false ? 'false' : value === null ? 'null' : ''}
          data={[
            { value: '', label: typeof index === 'number' ? '—' : '(not sent)' },
            { value: 'true', label: 'true' },
            { value: 'false', label: 'false' },
            ...(field.nullable ? [{ value: 'null', label: 'null' }] : []),
          ]}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set(v === '' ? undefined : v === 'null' ? null : v === 'true');
          }}
        />
      );
    case 'dateTime': {
      const date = typeof value === 'string' ? parseDateTime(value) : undefined;
      return (
        <DateTimePicker
          label={label}
          description={`${field.type} (your time zone)`}
          placeholder="Pick date and time"
          clearable
          withSeconds
          valueFormat="YYYY-MM-DD HH:mm:ss"
          disabled={ctx.disabled}
          value={date ? dayjs(date).format(LOCAL) : null}
          error={typeof value === 'string' && !date ? `Not a date: ${value}` : undefined}
          onChange={(v) => set(v ? dayjs(v, LOCAL).toDate().toISOString() : undefined)}
        />
      );
    }
    case 'json':
      return (
        <Text size="sm" c="dimmed">
          {label} ({field.type}): edit it in the JSON.
        </Text>
      );
    default:
      return (
        <TextInput
          label={label}
          description={field.input === 'duration' ? `${field.type}, ISO 8601 (PT0.5S, PT1M)` : field.type}
          disabled={ctx.disabled}
          value={
            value === undefined || value === null
              ? ''
              : typeof value === 'string'
                ? value
                : JSON.stringify(value)
          }
          onChange={(e) => set(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
        />
      );
  }
}

function ObjectField({ field, path, ctx }: FieldProps) {
  const value = getIn(ctx.draft, path);
  const hasValue = value !== undefined && value !== null;
  const [open, setOpen] = useState(hasValue);
  useEffect(() => {
    if (hasValue) setOpen(true);
  }, [hasValue]);
  if (field.kind !== 'object') return null;
  const index = path[path.length - 1];
  const label = typeof index === 'number' ? `${String(path[path.length - 2])}[${index}]` : field.key;
  return (
    <Fieldset
      legend={
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" component="span">
            {label}
          </Text>
          <Text c="dimmed" size="xs" component="span">
            {field.type}
          </Text>
        </Group>
      }
      p="sm"
    >
      {open ? (
        <Stack gap="xs">
          {field.fields.map((f) => (
            <FieldInput key={f.key} field={f} path={[...path, f.key]} ctx={ctx} />
          ))}
          {typeof index !== 'number' && (
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              disabled={ctx.disabled}
              onClick={() => {
                setOpen(false);
                ctx.onChange(setIn(ctx.draft, path, undefined) as Draft);
              }}
            >
              Remove {label}
            </Button>
          )}
        </Stack>
      ) : (
        <Button
          variant="light"
          size="compact-sm"
          disabled={ctx.disabled}
          onClick={() => setOpen(true)}
          aria-label={`Fill in ${label} (${field.fields.length} fields)`}
        >
          Fill in {field.fields.length} fields
        </Button>
      )}
    </Fieldset>
  );
}

function ListField({ field, path, ctx }: FieldProps) {
  if (field.kind !== 'list') return null;
  const value = getIn(ctx.draft, path);
  const items = Array.isArray(value) ? value : [];
  const add = () => ctx.onChange(setIn(ctx.draft, [...path, items.length], emptyValue(field.item)) as Draft);
  return (
    <Fieldset
      legend={
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" component="span">
            {field.key}
          </Text>
          <Text c="dimmed" size="xs" component="span">
            {field.type}
          </Text>
        </Group>
      }
      p="sm"
    >
      <Stack gap="xs">
        {value !== undefined && !Array.isArray(value) && (
          <Text size="sm" c="red">
            Not a list in the JSON: fix it there.
          </Text>
        )}
        {items.map((_, i) => (
          <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <FieldInput field={field.item} path={[...path, i]} ctx={ctx} />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={field.item.kind === 'scalar' ? 26 : 8}
              disabled={ctx.disabled}
              aria-label={`Remove ${field.key}[${i}]`}
              onClick={() => ctx.onChange(removeAt(ctx.draft, [...path, i]) as Draft)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" size="compact-sm" w="fit-content" onClick={add} disabled={ctx.disabled}>
          Add {field.key} item
        </Button>
      </Stack>
    </Fieldset>
  );
}

function FieldInput(props: FieldProps) {
  switch (props.field.kind) {
    case 'object':
      return <ObjectField {...props} />;
    case 'list':
      return <ListField {...props} />;
    case 'dict':
      return (
        <Text size="sm" c="dimmed">
          {props.field.key} ({props.field.type}): edit it in the JSON.
        </Text>
      );
    default:
      return <ScalarField {...props} />;
  }
}

export function RequestForm({ fields, draft, onChange, disabled }: RequestFormProps) {
  const ctx: Ctx = { draft, onChange, disabled };
  if (!fields.length) {
    return (
      <Text size="sm" c="dimmed">
        This operation takes no fields.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {fields.map((f) => (
        <FieldInput key={f.key} field={f} path={[f.key]} ctx={ctx} />
      ))}
    </Stack>
  );
}
