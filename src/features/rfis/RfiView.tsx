// The read view of an RFI: every field of OpenIssue, grouped the way a person reads them.
import type { ReactNode } from 'react';
import { Anchor, EmptyState, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import stacked from '../../ui/stackedTable.module.css';
import { routes } from '../../routes/routes';
import type { FolderDocument, OpenIssue, ProjectMember } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { Field, WaitingMark } from '../../ui/Field';
import { FormSection } from '../../ui/FormSection';
import { formatMoney } from '../../ui/format';
import { displayTextDate } from '../../ui/textDate';

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

/** Names of the CC list: from the recipients when known, else the service's `ccUserName`. */
export function ccNames(issue: OpenIssue, members: ProjectMember[] | undefined): string | undefined {
  const ids = issue.ccUserList ?? [];
  if (members && ids.length) {
    return ids
      .map((id) => {
        const m = members.find((x) => x.userId === id);
        return m ? `${m.fullName ?? `User ${id}`}${m.company ? ` (${m.company})` : ''}` : `User ${id}`;
      })
      .join(', ');
  }
  return issue.ccUserName || (ids.length ? ids.map((id) => `User ${id}`).join(', ') : undefined);
}

function person(name: string | undefined, id: number | undefined, members: ProjectMember[] | undefined) {
  const m = id ? members?.find((x) => x.userId === id) : undefined;
  const n = name || m?.fullName || (id ? `User ${id}` : undefined);
  if (!n) return undefined;
  return m?.company ? `${n} (${m.company})` : n;
}

const NONE: ReadonlySet<keyof OpenIssue> = new Set();

export function RfiView({
  issue,
  documents,
  members,
  projectId,
  currency,
  status,
  editing = false,
  waiting = NONE,
}: {
  editing?: boolean;
  /** Fields whose value shown is a change waiting in the outbox (`withQueuedChanges`): marked so. */
  waiting?: ReadonlySet<keyof OpenIssue>;
  issue: OpenIssue;
  documents: FolderDocument[];
  members: ProjectMember[] | undefined;
  projectId: number;
  currency: string;
  status: string | undefined;
}) {
  const discussion = (
    <FormSection title="Discussion">
      {issue.discussionReplies ? (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{issue.discussionReplies}</Text>
      ) : (
        <Text c="dimmed">No replies yet.</Text>
      )}
    </FormSection>
  );
  const referenced = <ReferencedDocuments documents={documents} projectId={projectId} />;
  if (editing) {
    // Beside the editor: what it does not change, so nothing is out of sight while editing.
    return (
      <Stack gap="md">
        <FormSection title="Not edited here">
          <Grid>
            <Field label="From">{person(issue.fromName, issue.issueFrom, members)}</Field>
            <Field label="Created">{displayTextDate(issue.createdDate)}</Field>
            <Field label="Closed">{displayTextDate(issue.closedDate)}</Field>
            <Field label="Drawing detail">{issue.drawingDetail}</Field>
            <Field label="Change order">{issue.changeOrderNumber}</Field>
            <Field label="Change order amount">{formatMoney(issue.changeOrderAmount, currency)}</Field>
            <Field label="Change order status">{issue.changeOrderStatus}</Field>
            <Field label="Document file">{issue.documentFileId}</Field>
          </Grid>
        </FormSection>
        {discussion}
        {referenced}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <FormSection title="Question">
        {issue.question ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {issue.question}
            {waiting.has('question') && <WaitingMark />}
          </Text>
        ) : (
          <Text c="dimmed">No question written.</Text>
        )}
      </FormSection>

      <FormSection title="People">
        <Grid>
          <Field label="From">{person(issue.fromName, issue.issueFrom, members)}</Field>
          <Field label="To" waiting={waiting.has('issueTo')}>
            {person(issue.toName, issue.issueTo, members)}
          </Field>
          <Field label="CC" waiting={waiting.has('ccUserList')}>
            {ccNames(issue, members)}
          </Field>
        </Grid>
      </FormSection>

      <FormSection title="Dates and status">
        <Grid>
          <Field label="Created">{displayTextDate(issue.createdDate)}</Field>
          <Field label="Due" waiting={waiting.has('dueDate')}>
            {displayTextDate(issue.dueDate)}
          </Field>
          <Field label="Closed">{displayTextDate(issue.closedDate)}</Field>
          <Field label="Status" waiting={waiting.has('statusId')}>
            {status}
          </Field>
        </Grid>
      </FormSection>

      <FormSection title="Location">
        <Grid>
          <Field label="Site" waiting={waiting.has('locationSite')}>
            {issue.locationSite}
          </Field>
          <Field label="Building" waiting={waiting.has('locationBuilding')}>
            {issue.locationBuilding}
          </Field>
          <Field label="Floor" waiting={waiting.has('locationFloor')}>
            {issue.locationFloor}
          </Field>
          <Field label="Room" waiting={waiting.has('locationRoom')}>
            {issue.locationRoom}
          </Field>
        </Grid>
      </FormSection>

      <FormSection title="Cost impact and change order">
        <Grid>
          <Field label="Cost impact" waiting={waiting.has('costImpact')}>
            {issue.costImpact === undefined ? undefined : issue.costImpact ? 'Yes' : 'No'}
          </Field>
          <Field label="Change order">{issue.changeOrderNumber}</Field>
          <Field label="Change order amount">{formatMoney(issue.changeOrderAmount, currency)}</Field>
          <Field label="Change order status">{issue.changeOrderStatus}</Field>
        </Grid>
      </FormSection>

      <FormSection title="References">
        <Grid>
          <Field label="Reference" waiting={waiting.has('reference')}>
            {issue.reference}
          </Field>
          <Field label="Drawing" waiting={waiting.has('drawing')}>
            {issue.drawing}
          </Field>
          <Field label="Drawing detail">{issue.drawingDetail}</Field>
          <Field label="Document file">{issue.documentFileId}</Field>
        </Grid>
      </FormSection>

      {discussion}
      {referenced}
    </Stack>
  );
}

function ReferencedDocuments({ documents, projectId }: { documents: FolderDocument[]; projectId: number }) {
  return (
    <FormSection title="Referenced documents">
      {documents.length === 0 ? (
        <EmptyState
          size="sm"
          title="No referenced documents"
          description="This RFI refers to no documents."
        />
      ) : (
        <Table.ScrollContainer minWidth={640} className={stacked.stacked}>
          <Table verticalSpacing="xs" aria-label="Referenced documents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Discipline</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Issue</Table.Th>
                <Table.Th>Issue date</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((d, i) => (
                <Table.Tr key={d.documentId ?? `i${i}`}>
                  <Table.Td data-label="Number">
                    {d.folderId ? (
                      <Anchor component={Link} to={routes.folder.href(projectId, d.folderId)}>
                        {d.documentNumber || `Document ${d.documentId ?? ''}`}
                      </Anchor>
                    ) : (
                      d.documentNumber || `Document ${d.documentId ?? ''}`
                    )}
                  </Table.Td>
                  <Table.Td data-label="Type">{d.documentTypeName || '—'}</Table.Td>
                  <Table.Td data-label="Discipline">{d.documentDisciplineName || '—'}</Table.Td>
                  <Table.Td data-label="Status">{d.documentStatusName || '—'}</Table.Td>
                  <Table.Td data-label="Issue">{d.documentIssue || '—'}</Table.Td>
                  <Table.Td data-label="Issue date">
                    <DateText value={d.documentIssueDate} />
                  </Table.Td>
                  <Table.Td data-label="File" style={{ overflowWrap: 'anywhere' }}>
                    {d.uploadedFileName || '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FormSection>
  );
}
