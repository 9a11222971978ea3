// The submittal package's details as the screen knows them, and the mark of a field not seen yet.
import { type ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Field, WaitingMark } from '../../ui/Field';
import { displayTextDate } from '../../ui/textDate';
import { type FormField } from './model';
import type { SubmittalPackage } from '../../contract/dtos';

export function NotSeen() {
  return (
    <Badge variant="outline" color="gray" size="sm" fw={500} tt="none">
      Not seen yet
    </Badge>
  );
}

function person(name: string | undefined, id: number | undefined): string | undefined {
  return name || (id ? `User ${id}` : undefined);
}

const NONE: ReadonlySet<FormField> = new Set();

/**
 * The package's fields as known (the last reply, else the folder tree); a field not seen yet says so, and one whose
 * value is a change waiting in the outbox (`waiting`) is marked so.
 */
export function PackageDetails({
  pkg,
  unseen,
  waiting = NONE,
}: {
  pkg: SubmittalPackage;
  unseen: readonly FormField[];
  waiting?: ReadonlySet<FormField>;
}) {
  const seen = (f: FormField) => !unseen.includes(f);
  const value = (f: FormField, shown: ReactNode) => (seen(f) ? shown : <NotSeen />);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="package-details">
      <Title order={2} size="h4" mb="sm" id="package-details">
        Details
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label="Number" waiting={waiting.has('number')}>
          {value('number', pkg.number)}
        </Field>
        <Field label="Status" waiting={waiting.has('status')}>
          {value('status', pkg.status)}
        </Field>
        <Field label="Reference" waiting={waiting.has('reference')}>
          {value('reference', pkg.reference)}
        </Field>
        <Field label="Revision" waiting={waiting.has('revision')}>
          {value('revision', pkg.revision)}
        </Field>
        <Field label="Due date from sub" waiting={waiting.has('dueDateFromSub')}>
          {value('dueDateFromSub', displayTextDate(pkg.dueDateFromSub))}
        </Field>
        <Field label="Pending review" waiting={waiting.has('isPending')}>
          {value('isPending', pkg.isPending === undefined ? undefined : pkg.isPending ? 'Yes' : 'No')}
        </Field>
        <Field label="Subcontractor" waiting={waiting.has('subcontractorId')}>
          {value('subcontractorId', person(pkg.subcontractor, pkg.subcontractorId))}
        </Field>
        <Field label="Submitting contact" waiting={waiting.has('submittingCompanyContactId')}>
          {value(
            'submittingCompanyContactId',
            person(pkg.submittingCompanyContact, pkg.submittingCompanyContactId),
          )}
        </Field>
        <Field label="Reviewing contact" waiting={waiting.has('reviewingCompanyContactId')}>
          {value(
            'reviewingCompanyContactId',
            person(pkg.reviewingCompanyContact, pkg.reviewingCompanyContactId) &&
              `${person(pkg.reviewingCompanyContact, pkg.reviewingCompanyContactId)}${pkg.reviewingCompany ? ` (${pkg.reviewingCompany})` : ''}`,
          )}
        </Field>
        <Field label="Project manager" waiting={waiting.has('projectManagerId')}>
          {value('projectManagerId', person(pkg.projectManager, pkg.projectManagerId))}
        </Field>
        {(pkg.sourceNumber || pkg.targetNumber) && (
          <Field label="Source / target number">
            {[pkg.sourceNumber || '—', pkg.targetNumber || '—'].join(' / ')}
          </Field>
        )}
      </SimpleGrid>
      <Stack gap={2} mt="md">
        <Text component="h3" size="xs" c="dimmed" fw={600} tt="uppercase" m={0}>
          Notes
        </Text>
        {!seen('notes') ? (
          <div>
            <NotSeen />
          </div>
        ) : pkg.notes ? (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="package-notes"
          >
            {pkg.notes}
            {waiting.has('notes') && <WaitingMark />}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="package-notes">
            No notes.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
