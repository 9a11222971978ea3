// The RFI screen's heading: number, subject, the status, overdue, cost-impact and read-only badges, and Edit.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { WaitingMark } from '../../ui/Field';
import { statusColor } from './model/status';

export function RfiHeader({
  number,
  subject,
  subjectWaiting,
  status,
  overdue,
  costImpact,
  canModify,
  onEdit,
}: {
  number: string;
  subject: string | undefined;
  /** The subject shown is a change waiting in the outbox. */
  subjectWaiting: boolean;
  status: string | undefined;
  overdue: number;
  costImpact: boolean;
  canModify: boolean;
  /** Edit, when not editing. */
  onEdit?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={6} miw={0}>
        <Text size="sm" c="dimmed" fw={600}>
          {number}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {subject || 'Untitled RFI'}
        </Title>
        {/* Beside the heading, not in it: its name stays the subject. */}
        {subjectWaiting && (
          <Text size="xs" c="dimmed">
            Subject
            <WaitingMark />
          </Text>
        )}
        <Group gap="xs">
          {status && (
            <Badge variant="light" size="lg" color={statusColor(status)}>
              {status}
            </Badge>
          )}
          {overdue > 0 && (
            <Badge color="red" size="lg" variant="filled">
              Overdue by {overdue} {overdue === 1 ? 'day' : 'days'}
            </Badge>
          )}
          {costImpact && (
            <Badge color="orange" size="lg" variant="light">
              Cost impact
            </Badge>
          )}
          {!canModify && (
            <Badge color="gray" size="lg" variant="outline">
              Read-only
            </Badge>
          )}
        </Group>
      </Stack>
      {onEdit && (
        <Button onClick={onEdit} disabled={!canModify} style={{ flexShrink: 0 }}>
          Edit
        </Button>
      )}
    </Group>
  );
}
