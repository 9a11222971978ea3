// The package screen's heading: number and folder description, title, the status, pending-review, revision and
// read-only badges, and Edit. A title that is a change waiting in the outbox is marked beside the heading.
import type { RefObject } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { SubmittalPackage } from '../../contract/dtos';
import { WaitingMark } from '../../ui/Field';
import { isFinalStatus, statusColor } from './model';

export function PackageHeader({
  pkg,
  title,
  titleWaiting,
  folderDescription,
  canModify,
  editButton,
  onEdit,
}: {
  pkg: SubmittalPackage;
  title: string;
  titleWaiting: boolean;
  folderDescription: string | undefined;
  canModify: boolean;
  editButton: RefObject<HTMLButtonElement | null>;
  /** Edit, when not editing. */
  onEdit?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={6} miw={0}>
        <Text size="sm" c="dimmed" fw={600}>
          {pkg.number ? `Submittal ${pkg.number}` : 'Submittal package'}
          {folderDescription ? ` · ${folderDescription}` : ''}
        </Text>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {titleWaiting && (
          <Text size="xs" c="dimmed">
            Description
            <WaitingMark />
          </Text>
        )}
        <Group gap="xs">
          {pkg.status && (
            <Badge variant="light" size="lg" color={statusColor(pkg.status)} data-testid="package-status">
              {pkg.status}
            </Badge>
          )}
          {pkg.isPending && !isFinalStatus(pkg.status) && (
            <Badge variant="filled" size="lg" color="orange">
              Pending review
            </Badge>
          )}
          {pkg.revision && (
            <Badge variant="outline" size="lg" color="gray" tt="none">
              Rev. {pkg.revision}
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
        <Button ref={editButton} onClick={onEdit} disabled={!canModify} style={{ flexShrink: 0 }}>
          Edit
        </Button>
      )}
    </Group>
  );
}
