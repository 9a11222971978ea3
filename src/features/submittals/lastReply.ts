// The last reply of operation 6 per package, kept on this device (per user) so a reload shows what the service
// last said: no operation reads a package, so this and the folder tree are all the screen has.
import type { LastReply } from './model';

const key = (userName: string | undefined, folderId: number) =>
  `pmc.submittalReply.${userName ?? ''}.${folderId}`;

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
  try {
    const raw = localStorage.getItem(key(userName, folderId));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isLastReply(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function storeLastReply(userName: string | undefined, folderId: number, reply: LastReply): void {
  try {
    localStorage.setItem(key(userName, folderId), JSON.stringify(reply));
  } catch {
    // Storage full or disabled: the reply stays in the query cache for this visit.
  }
}
