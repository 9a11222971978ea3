// The punch list on a phone: one item at a time, large targets, the location carried over from the item saved
// before, and "Save and next" (Enter in the last field). The page hands each saved item to the outbox.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  Button,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickButton } from '../../ui/DatePickButton';
import type { CodeName } from '../../contract/codes';
import { columnByKey, type CellErrors, type ColumnKey } from './model';
import {
  fieldsWithErrors,
  LOCATION_KEYS,
  MORE_FIELDS,
  newPhoneForm,
  nextValues,
  storedPhoneForm,
  validateItem,
  type PhoneForm,
} from './phone';

export interface PhoneEntryProps {
  userName: string | undefined;
  containerId: number;
  statuses: CodeName[];
  readOnly: boolean;
  /** Hands a checked item on (to the outbox); a rejection keeps the form as it is and shows why. */
  onSave: (form: PhoneForm) => Promise<void>;
}

/** Inputs of ≥ 44 px (Mantine's lg: 50 px). */
const SIZE = 'lg';

const label = (key: ColumnKey) => columnByKey.get(key)!.label;

export function PhoneEntry({ userName, containerId, statuses, readOnly, onSave }: PhoneEntryProps) {
  const [form, setForm] = useState<PhoneForm>(
    () => storedPhoneForm(userName, containerId).read() ?? newPhoneForm(),
  );
  const [errors, setErrors] = useState<CellErrors>({});
  const [more, setMore] = useState(() => MORE_FIELDS.some((k) => form.values[k].trim() !== ''));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | undefined>();
  const [said, setSaid] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);
  const focusOn = useRef<ColumnKey | undefined>(undefined);

  // The form follows what is typed on this device: a reload or a closed tab gives it back.
  useEffect(() => {
    storedPhoneForm(userName, containerId).write(form);
  }, [form, userName, containerId]);

  // After a save the next form's Summary gets the focus and the confirmation above it is brought into view, clear
  // of the sticky header (the button pressed is at the bottom of a phone's screen); a field with a problem is
  // focused as it is (the shell's scroll margin keeps it and its label below the header).
  useEffect(() => {
    if (!focusOn.current) return;
    const field = formRef.current?.querySelector<HTMLElement>(`[data-field="${focusOn.current}"]`);
    if (focusOn.current === 'summary' && saidRef.current?.textContent) {
      field?.focus({ preventScroll: true });
      // (jsdom has no scrollIntoView.)
      saidRef.current.scrollIntoView?.({ block: 'start' });
    } else {
      field?.focus();
    }
    focusOn.current = undefined;
  });

  const set = (k: ColumnKey, value: string) => {
    setForm((f) => ({ ...f, values: { ...f.values, [k]: value } }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (saving || readOnly) return;
    setSaveError(undefined);
    const found = validateItem(form.values, statuses);
    const bad = fieldsWithErrors(found);
    if (bad.length) {
      setErrors(found);
      if (bad.some((k) => MORE_FIELDS.includes(k))) setMore(true);
      focusOn.current = bad[0];
      setSaid(`Not saved: ${found[bad[0]]}`);
      return;
    }
    setSaving(true);
    try {
      await onSave(form);
    } catch (err) {
      setSaveError(err instanceof Error && err.message ? err.message : 'The item could not be saved.');
      setSaving(false);
      return;
    }
    setSaving(false);
    setErrors({});
    setForm(newPhoneForm(nextValues(form.values)));
    focusOn.current = 'summary';
    setSaid(`Saved “${form.values.summary.trim()}”. Next item: the location is carried over.`);
  };

  // Enter moves to the next field; in the last field it saves (the form's own submit).
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || target.tagName !== 'INPUT' || e.nativeEvent.isComposing) return;
    const fields = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])];
    const at = fields.indexOf(target);
    if (at >= 0 && at < fields.length - 1) {
      e.preventDefault();
      fields[at + 1].focus();
    }
  };

  const lastField = more ? MORE_FIELDS[MORE_FIELDS.length - 1] : 'responsibleParties';
  const text = (k: ColumnKey, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      key={k}
      size={SIZE}
      label={label(k)}
      value={form.values[k]}
      onChange={(e) => set(k, e.currentTarget.value)}
      error={errors[k]}
      readOnly={readOnly}
      enterKeyHint={k === lastField ? 'done' : 'next'}
      data-field={k}
      autoComplete="off"
      {...extra}
    />
  );
  const select = (k: ColumnKey, data: Array<{ value: string; label: string }>) => (
    <NativeSelect
      key={k}
      size={SIZE}
      label={label(k)}
      value={form.values[k]}
      onChange={(e) => set(k, e.currentTarget.value)}
      error={errors[k]}
      disabled={readOnly}
      data-field={k}
      data={data}
    />
  );
  const statusValue = form.values.status;
  const statusOptions = [
    { value: '', label: 'Open (default)' },
    ...statuses.map((s) => ({ value: s.name, label: s.name })),
  ];
  // A status typed in the grid that is not a name of the list still shows (and is refused by the check).
  if (statusValue && !statuses.some((s) => s.name === statusValue))
    statusOptions.push({ value: statusValue, label: statusValue });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="punch-phone-title">
      <form ref={formRef} onSubmit={(e) => void save(e)} onKeyDown={onKeyDown} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="punch-phone-title">
              New item
            </Title>
            <Text size="sm" c="dimmed">
              One item at a time. The location stays for the next item; it goes to the outbox and is sent as
              soon as there is a connection.
            </Text>
          </div>
          {/* What the last save did: above the next item's first field, so both are in view after it. */}
          <Text
            ref={saidRef}
            size="sm"
            c="dimmed"
            role="status"
            aria-live="polite"
            style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 8px)' }}
          >
            {said}
          </Text>
          {text('summary', { withAsterisk: true, 'aria-required': true })}
          <Textarea
            size={SIZE}
            label={label('description')}
            value={form.values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxRows={6}
            data-field="description"
          />
          <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={500} size="md" mb={4}>
              Location
            </Text>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
              {LOCATION_KEYS.map((k) => text(k))}
            </SimpleGrid>
          </fieldset>
          {text('dueDate', {
            placeholder: 'MM/DD/YYYY',
            inputMode: 'numeric',
            rightSection: readOnly ? undefined : (
              <DatePickButton
                value={form.values.dueDate}
                onPick={(v) => set('dueDate', v)}
                label="Open the calendar"
              />
            ),
          })}
          {select('status', statusOptions)}
          {text('responsibleParties', { description: 'Separate names with ; or ,' })}
          <Button
            variant="subtle"
            size={SIZE}
            onClick={() => setMore((m) => !m)}
            aria-expanded={more}
            aria-controls="punch-phone-more"
            justify="flex-start"
            px={0}
          >
            {more ? 'Fewer fields' : 'More fields'}
          </Button>
          {more && (
            <Stack gap="md" id="punch-phone-more">
              {text('ccUsers', { description: 'Separate names with ; or ,' })}
              {select('costImpact', [
                { value: '', label: 'No' },
                { value: 'Yes', label: 'Yes' },
              ])}
              {text('cost', { inputMode: 'decimal' as const, placeholder: '0.00' })}
              {text('reference')}
              {text('drawing')}
              {text('drawingDetail')}
            </Stack>
          )}
          {saveError && (
            <Text c="red" size="sm" role="alert">
              {saveError}
            </Text>
          )}
          <Button type="submit" size={SIZE} fullWidth loading={saving} disabled={readOnly}>
            Save and next
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
