// The punch grid's heading: what the screen is for, the counts of rows to create, with problems and created, and
// on a phone the way back to one item at a time.
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { plural } from './useRowProblems';

export function PunchHeading({
  listName,
  pending,
  withErrors,
  created,
  onOneAtATime,
}: {
  listName: string;
  /** Rows to create. */
  pending: number;
  /** Rows with problems. */
  withErrors: number;
  /** Rows created. */
  created: number;
  /** Back to one item at a time (on a phone only). */
  onOneAtATime?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1}>Punch list</Title>
        <Text size="sm" c="dimmed">
          New items for “{listName}”. Type, paste from a spreadsheet or import a file; each row becomes one
          item with the next number of the project.
        </Text>
      </div>
      <Group gap="xs">
        {onOneAtATime && (
          <Button variant="default" size="md" onClick={onOneAtATime}>
            One item at a time
          </Button>
        )}
        <Badge variant="light" color="gray" size="lg">
          {plural(pending, 'row')} to create
        </Badge>
        {withErrors > 0 && (
          <Badge variant="light" color="red" size="lg">
            {plural(withErrors, 'row')} with problems
          </Badge>
        )}
        {created > 0 && (
          <Badge variant="light" color="green" size="lg">
            {created.toLocaleString()} created
          </Badge>
        )}
      </Group>
    </Group>
  );
}
