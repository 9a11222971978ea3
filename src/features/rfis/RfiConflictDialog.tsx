// Someone else saved the RFI since editing began: their fields side by side with the base and yours, and the
// choice of what to keep.
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { CodeName } from '../../contract/codes';
import type { ProjectMember } from '../../contract/dtos';
import type { Editing } from '../../ui/editSession';
import { LastWriteNote } from '../../ui/history/LastWriteNote';
import { describeValue, EDITABLE_FIELDS, type RfiFormValues } from './model/editor';

export interface Conflict {
  fresh: RfiFormValues;
  theirs: Array<keyof RfiFormValues>;
}

export function RfiConflictDialog({
  rfiId,
  conflict,
  editing,
  statuses,
  members,
  saving,
  onClose,
  onTakeTheirs,
  onSaveMine,
}: {
  /** The RFI's folder id: who saved the other change is looked up in the request log. */
  rfiId: number;
  conflict: Conflict | null;
  editing: Editing<RfiFormValues> | null;
  statuses: CodeName[];
  members: ProjectMember[];
  saving: boolean;
  onClose: () => void;
  onTakeTheirs: () => void;
  onSaveMine: () => void;
}) {
  return (
    <Modal opened={conflict !== null} onClose={onClose} title="Someone else changed this RFI" size="xl">
      {conflict && editing && (
        <Stack gap="md">
          <Text size="sm">
            Since you started editing, these fields were changed and saved by someone else. Choose what to
            keep.
          </Text>
          <LastWriteNote record={{ kind: 'rfi', id: rfiId }} />
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Changes by someone else">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>When you opened it</Table.Th>
                  <Table.Th>Now saved</Table.Th>
                  <Table.Th>Yours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conflict.theirs.map((k) => (
                  <Table.Tr key={k}>
                    <Table.Td fw={600}>{EDITABLE_FIELDS.find((f) => f.key === k)?.label ?? k}</Table.Td>
                    <Table.Td>{describeValue(k, editing.base, statuses, members)}</Table.Td>
                    <Table.Td>{describeValue(k, conflict.fresh, statuses, members)}</Table.Td>
                    <Table.Td>{describeValue(k, editing.values, statuses, members)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            “Save mine” sends only the fields you changed; their other changes stay.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep editing
            </Button>
            <Button variant="light" onClick={onTakeTheirs}>
              Use their values and review
            </Button>
            <Button color="red" loading={saving} onClick={onSaveMine}>
              Save mine
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
