// "Replace N filled rows?": asked before a paste changes values already in the grid.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { plural } from './useRowProblems';

export function PasteConfirm({
  pending,
  onAnswer,
}: {
  pending: { count: number; lines: number } | null;
  onAnswer: (choice: 'replace' | 'append' | 'cancel') => void;
}) {
  const count = pending?.count ?? 0;
  const lines = pending?.lines ?? 0;
  return (
    <Modal
      opened={pending !== null}
      onClose={() => onAnswer('cancel')}
      title={`Replace ${plural(count, 'filled row')}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // The grid puts the focus where the answer leads (the cell pasted into, or the new rows).
      returnFocus={false}
      centered
    >
      <Stack>
        <Text size="sm">
          {lines === 1 ? 'The pasted line' : `The ${lines.toLocaleString()} pasted lines`} would change values
          already typed in {plural(count, 'row')}. Replace them, or add the pasted lines as new rows at the
          end of the grid.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer('cancel')}>
            Cancel
          </Button>
          <Button variant="default" onClick={() => onAnswer('append')} data-autofocus>
            Add as new rows
          </Button>
          <Button color="red" onClick={() => onAnswer('replace')}>
            Replace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
