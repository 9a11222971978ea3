// The RFI editor's fields: the ones people change. Errors (ours and the service's) are shown at the field.
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { CodeName } from '../../contract/codes';
import type { Ref } from 'react';
import type { ProjectMember } from '../../contract/dtos';
import { DatePickButton } from '../../ui/DatePickButton';
import { EditForm } from '../../ui/EditForm';
import { FormSection } from '../../ui/FormSection';
import { memberOptions } from '../../ui/memberOptions';
import { displayTextDate, parseTextDate } from '../../ui/textDate';
import type { RfiFormValues } from './model/editor';

export type FormErrors = Partial<Record<keyof RfiFormValues | '_form', string>>;

export function RfiEditor({
  ref,
  values,
  onChange,
  errors,
  members,
  membersError,
  statuses,
  saving,
  onSubmit,
  onCancel,
}: {
  /** The form: where the first invalid field is found after a refused save. */
  ref?: Ref<HTMLFormElement>;
  values: RfiFormValues;
  onChange: (patch: Partial<RfiFormValues>) => void;
  errors: FormErrors;
  members: ProjectMember[] | undefined;
  membersError?: string;
  statuses: CodeName[];
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const text = (key: keyof RfiFormValues, label: string) => ({
    label,
    value: values[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [key]: e.currentTarget.value }),
    error: errors[key],
  });
  const due = parseTextDate(values.dueDate);
  const statusOptions = statuses.map((s) => ({ value: String(s.code), label: s.name }));
  if (values.statusId && !statusOptions.some((o) => o.value === values.statusId)) {
    statusOptions.push({ value: values.statusId, label: `Status ${values.statusId}` });
  }

  return (
    <EditForm
      ref={ref}
      label="Edit RFI"
      onSubmit={onSubmit}
      formError={errors._form}
      errorTitle="The RFI was not saved"
    >
      <FormSection title="Question">
        <Stack gap="sm">
          <TextInput {...text('subject', 'Subject')} required maxLength={200} />
          <Textarea {...text('question', 'Question')} autosize minRows={3} maxRows={16} />
        </Stack>
      </FormSection>

      <FormSection title="People">
        {membersError && (
          <Text size="sm" c="red" mb="xs">
            The project's people could not be loaded ({membersError}); To and CC cannot be changed now.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="To"
            data={memberOptions(members ?? [], [{ id: values.issueTo }])}
            value={values.issueTo || null}
            onChange={(v) => onChange({ issueTo: v ?? '' })}
            searchable
            allowDeselect={false}
            disabled={!members}
            error={errors.issueTo}
            nothingFoundMessage="Nobody by that name"
          />
          <MultiSelect
            label="CC"
            data={memberOptions(
              members ?? [],
              values.ccUserList.map((id) => ({ id })),
            )}
            value={values.ccUserList}
            onChange={(v) => onChange({ ccUserList: v })}
            searchable
            clearable
            disabled={!members}
            error={errors.ccUserList}
            nothingFoundMessage="Nobody by that name"
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Dates and status">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...text('dueDate', 'Due date')}
            placeholder="MM/DD/YYYY"
            description={due ? displayTextDate(values.dueDate, { style: 'full' }) : 'MM/DD/YYYY'}
            inputMode="numeric"
            autoComplete="off"
            rightSection={
              <DatePickButton
                value={values.dueDate}
                onPick={(dueDate) => onChange({ dueDate })}
                label="Open the calendar"
              />
            }
          />
          <Select
            label="Status"
            data={statusOptions}
            value={values.statusId || null}
            onChange={(v) => onChange({ statusId: v ?? '' })}
            allowDeselect={false}
            error={errors.statusId}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Location">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput {...text('locationSite', 'Site')} />
          <TextInput {...text('locationBuilding', 'Building')} />
          <TextInput {...text('locationFloor', 'Floor')} />
          <TextInput {...text('locationRoom', 'Room')} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Cost impact and references">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Checkbox
            label="Cost impact"
            checked={values.costImpact}
            onChange={(e) => onChange({ costImpact: e.currentTarget.checked })}
            error={errors.costImpact}
            mt={{ sm: 28 }}
          />
          <TextInput {...text('reference', 'Reference')} />
          <TextInput {...text('drawing', 'Drawing')} />
        </SimpleGrid>
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
