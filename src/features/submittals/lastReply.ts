// The last reply of operation 6 per package, kept on this device (per user) so a reload shows what the service
// last said: no operation reads a package, so this and the folder tree are all the screen has.
import { storedValue } from '../../ui/storedValue';
import type { LastReply } from './model';

const stored = (userName: string | undefined, folderId: number) =>
  storedValue(
    `submittal-reply:${userName ?? ''}:${folderId}`,
    (v) => (isLastReply(v) ? v : undefined),
    `pmc.submittalReply.${userName ?? ''}.${folderId}`,
  );

function isLastReply(v: unknown): v is LastReply {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.submittal === 'object' &&
    o.submittal !== null &&
    !Array.isArray(o.submittal) &&
    typeof o.savedAt === 'number' &&
    (o.folderUpdatedMs === undefined || typeof o.folderUpdatedMs === 'number')
  );
}

export function loadLastReply(userName: string | undefined, folderId: number): LastReply | undefined {
  return stored(userName, folderId).read();
}

/** Storage full or disabled: the reply stays in the query cache for this visit. */
export function storeLastReply(userName: string | undefined, folderId: number, reply: LastReply): void {
  stored(userName, folderId).write(reply);
}
