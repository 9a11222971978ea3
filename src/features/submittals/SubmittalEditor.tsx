// The submittal package editor (operation 6). Fields the screen has not seen start empty and say so: left empty
// they are not sent, so the stored value stays. Errors (ours and the service's) are shown at the field.
import { Button, Checkbox, Group, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { submittalStatuses } from '../../contract/statuses';
import type { ProjectMember, SubmittalPackage } from '../../contract/dtos';
import { DatePickButton } from '../../ui/DatePickButton';
import { EditForm } from '../../ui/EditForm';
import { FormSection } from '../../ui/FormSection';
import { memberOptions } from '../../ui/memberOptions';
import { displayTextDate, parseTextDate } from '../../ui/textDate';
import {
  FIELD_LABELS,
  LIMITS,
  PERSON_NAMES,
  type FormErrors,
  type FormField,
  type PersonField,
  type SubmittalFormValues,
  type TextField,
} from './model';

const NOT_SEEN_HINT = 'Not seen yet — left empty, the stored value is kept.';

export function SubmittalEditor({
  ref,
  values,
  pkg,
  unseen,
  onChange,
  errors,
  members,
  membersError,
  membersLoading,
  saving,
  onSubmit,
  onCancel,
}: {
  /** The form: where the first invalid field is found after a refused save. */
  ref?: Ref<HTMLFormElement>;
  values: SubmittalFormValues;
  /** The package as known (for the names beside person ids). */
  pkg: SubmittalPackage;
  unseen: readonly FormField[];
  onChange: (patch: Partial<SubmittalFormValues>) => void;
  errors: FormErrors;
  members: ProjectMember[] | undefined;
  membersError?: string;
  membersLoading: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const hint = (f: FormField, other?: ReactNode) => (unseen.includes(f) ? NOT_SEEN_HINT : other);
  const text = (f: TextField) => ({
    label: FIELD_LABELS[f],
    value: values[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [f]: e.currentTarget.value }),
    error: errors[f],
    description: hint(
      f,
      LIMITS[f] && values[f].length > LIMITS[f] * 0.8 ? `${values[f].length} / ${LIMITS[f]}` : undefined,
    ),
    placeholder: unseen.includes(f) ? 'Not seen' : undefined,
  });
  const person = (f: PersonField) => (
    <Select
      key={f}
      label={FIELD_LABELS[f]}
      data={memberOptions(members ?? [], [
        { id: values[f], name: pkg[PERSON_NAMES[f]] as string | undefined },
      ])}
      value={values[f] || null}
      onChange={(v) => onChange({ [f]: v ?? '' })}
      searchable
      clearable={!unseen.includes(f)}
      disabled={!members && !values[f]}
      placeholder={unseen.includes(f) ? 'Not seen' : 'Nobody'}
      description={hint(f)}
      error={errors[f]}
      nothingFoundMessage="Nobody by that name"
    />
  );
  const statusOptions: string[] = [...submittalStatuses];
  if (values.status && !statusOptions.some((s) => s.toLowerCase() === values.status.toLowerCase())) {
    statusOptions.push(values.status);
  }
  const due = parseTextDate(values.dueDateFromSub);

  return (
    <EditForm
      ref={ref}
      label="Edit submittal package"
      onSubmit={onSubmit}
      formError={errors._form}
      errorTitle="The package was not saved"
    >
      <FormSection region={false} title="Package">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...text('number')} required={!unseen.includes('number')} />
          <TextInput {...text('description')} required />
          <Select
            label={FIELD_LABELS.status}
            data={statusOptions}
            value={values.status || null}
            onChange={(v) => onChange({ status: v ?? '' })}
            allowDeselect={false}
            placeholder={unseen.includes('status') ? 'Not seen' : 'No status'}
            description={hint('status')}
            error={errors.status}
          />
          <Checkbox
            label={FIELD_LABELS.isPending}
            description={
              values.isPending === null
                ? 'Not seen yet — left as it is, the stored value is kept.'
                : 'While pending, the ball is with the reviewing contact.'
            }
            checked={values.isPending === true}
            indeterminate={values.isPending === null}
            onChange={(e) => onChange({ isPending: e.currentTarget.checked })}
            error={errors.isPending}
            mt={{ sm: 28 }}
          />
          <TextInput {...text('reference')} />
          <TextInput {...text('revision')} />
          <TextInput
            {...text('dueDateFromSub')}
            description={
              unseen.includes('dueDateFromSub') && !values.dueDateFromSub
                ? NOT_SEEN_HINT
                : due
                  ? displayTextDate(values.dueDateFromSub, { style: 'full' })
                  : 'MM/DD/YYYY'
            }
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            autoComplete="off"
            rightSection={
              <DatePickButton
                value={values.dueDateFromSub}
                onPick={(dueDateFromSub) => onChange({ dueDateFromSub })}
                label="Open the calendar"
              />
            }
          />
        </SimpleGrid>
      </FormSection>

      <FormSection region={false} title="People">
        {membersError && (
          <Text size="sm" c="red" mb="xs">
            The project's people could not be loaded ({membersError}); only the people already on the package
            can be chosen.
          </Text>
        )}
        {membersLoading && (
          <Text size="sm" c="dimmed" mb="xs">
            Loading the project's people…
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(
            [
              'subcontractorId',
              'submittingCompanyContactId',
              'reviewingCompanyContactId',
              'projectManagerId',
            ] as const
          ).map(person)}
        </SimpleGrid>
      </FormSection>

      <FormSection region={false} title="Notes">
        <Textarea {...text('notes')} autosize minRows={3} maxRows={14} />
      </FormSection>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} title="Save (Ctrl+S)">
          Save
        </Button>
      </Group>
    </EditForm>
  );
}
