// Which queries are kept on this device for reading offline (docs/offline.md, "The query cache"): the records a
// user opened, by query-key prefix. Nothing else is kept: not the request log, the explorer's replies, analytics,
// a record's History or the admin check. A new record screen's reads are added here, nowhere else.
import type { QueryKey } from '@tanstack/react-query';

/** Key prefixes of the kept queries (the key factories of src/api/queries and the features start with them). */
export const KEPT_PREFIXES: readonly (readonly string[])[] = [
  ['projects', 'detail'],
  ['folders', 'detail'],
  ['folders', 'children'],
  ['documents', 'inFolder'],
  ['documents', 'subFolders'],
  ['documents', 'statuses'],
  ['rfis', 'detail'],
  ['rfis', 'recipients'],
  ['submittals', 'attachments'],
  ['submittals', 'members'],
  ['dailyReports', 'report'],
  ['dailyReports', 'activities'],
  ['meetings', 'detail'],
  ['meetings', 'minutes'],
];

/**
 * The documents of a folder are kept only when the list is whole and has at most this many rows (about 520
 * bytes each: 2.6 MB). A bigger folder (the largest hold 100,000: 52 MB) is not kept: it would take seconds to
 * write and a good part of a phone's storage.
 */
export const MAX_KEPT_DOCUMENTS = 5_000;

export function isKeptKey(key: QueryKey): boolean {
  return KEPT_PREFIXES.some((prefix) => prefix.every((part, i) => key[i] === part));
}

/** Whether this data of a kept query may be stored (a documents list: only when complete and not too big). */
export function isKeptData(key: QueryKey, data: unknown): boolean {
  if (data === undefined || !isKeptKey(key)) return false;
  if (key[0] !== 'documents' || key[1] !== 'inFolder') return true;
  const list = data as { complete?: boolean; documents?: unknown[] };
  return (
    list.complete === true && Array.isArray(list.documents) && list.documents.length <= MAX_KEPT_DOCUMENTS
  );
}
