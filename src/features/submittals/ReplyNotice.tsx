// Where the package's values come from. No operation reads a package: the screen says so in one sentence, then
// whether it shows the last reply this browser saw (and as of when), or what it has not seen yet.
import { Alert, Text } from '@mantine/core';
import type { Folder } from '../../contract/dtos';
import { DateText } from '../../ui/DateText';
import { FIELD_LABELS, type FormField, type LastReply } from './model';

const LIMIT =
  'The interface cannot read a package back, so this screen shows the last reply this browser saw.';

function AsOf({ reply }: { reply: LastReply }) {
  return (
    <>
      as of <DateText value={new Date(reply.savedAt)} withTime />
    </>
  );
}

export function ReplyNotice({
  reply,
  changedSince,
  folder,
  unseen,
  canModify,
}: {
  reply: LastReply | null | undefined;
  changedSince: boolean;
  folder: Folder;
  unseen: readonly FormField[];
  canModify: boolean;
}) {
  if (!reply) {
    return (
      <Alert color="blue" variant="light" title="Some values have not been seen yet" role="status">
        The interface cannot read a package back: the service returns a package's stored values only in reply
        to a save, and this browser has not saved this package yet
        {canModify ? '' : ' (you may not change it, so it cannot be saved from here)'}. Shown: what the folder
        tree knows (the description, the items). Not seen yet: {unseen.map((f) => FIELD_LABELS[f]).join(', ')}
        , and who holds the ball.
      </Alert>
    );
  }
  if (changedSince) {
    return (
      <Alert color="yellow" variant="light" title="Changed since your last save">
        {LIMIT} Values as the service returned them after your last save, <AsOf reply={reply} />. The package
        was changed{folder.updatedByFullName ? ` by ${folder.updatedByFullName}` : ''} on{' '}
        <DateText value={folder.updatedDate} withTime /> after that save, so they may be out of date; the
        service shows the stored values again after the next save.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {LIMIT} Values as the service returned them after your last save, <AsOf reply={reply} />.
    </Text>
  );
}
