// A record's History: which logged write requests touched it, and what each one changed. Pure functions over the
// request log's rows (operation 20); reading the rows is read.ts, the screen is src/ui/history.
//
// Which request touched which record is one rule, `requestTargets` (../rules/requestTargets.ts). Updates send only
// the fields they change, so each write is compared with what the earlier successful writes of the same record
// had set (their DTOs folded oldest first), not only with the DTO just before it: a field the previous write did
// not send is unchanged, not removed. A failed attempt is compared the same way but changes nothing.
import type { RequestLogEntry } from '../../contract/dtos';
import { JSON_REPLY_PREFIX, operations, type OperationName } from '../../contract/operations';
import { requestTargets } from '../rules/requestTargets';
import { diffFields, type FieldChange, type FieldName } from './diff';

export {
  diffFields,
  displayValue,
  fieldLabel,
  MASK,
  type ChangeKind,
  type FieldChange,
  type FieldName,
} from './diff';

/** The records that have a History tab. RFIs, packages and punch-list containers are folders too. */
export type HistoryKind = 'rfi' | 'package' | 'folder' | 'punchContainer';

export interface HistoryRecord {
  kind: HistoryKind;
  /** The record's folder id. */
  id: number;
}

type Dto = Record<string, unknown>;

interface Source {
  operation: OperationName;
  /** The role `requestTargets` gives the record in this operation's requests. */
  role: string;
  /** The record's object in the request DTO (an update), or its items (punch-list creates). */
  pick: (dto: Dto, id: number) => { object: Dto } | { items: Dto[] } | undefined;
}

const objectOf = (v: unknown): Dto | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dto) : undefined;

const update =
  (field: string) =>
  (dto: Dto): { object: Dto } | undefined => {
    const object = objectOf(dto[field]);
    return object ? { object } : undefined;
  };

const positive = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

/** The items of a punch-list create filed in container `id` (folderId, else folderParentId: as the service does). */
const punchItems = (dto: Dto, id: number) => {
  const list = Array.isArray(dto.punchlistList) ? dto.punchlistList : [];
  const items = list
    .map(objectOf)
    .filter((p): p is Dto => !!p && (positive(p.folderId) ?? positive(p.folderParentId)) === id);
  return { items };
};

const folderUpdate: Source = { operation: 'FolderUpdateRequest', role: 'folder', pick: update('folder') };

/** Per kind, the write operations whose requests can change the record (RFI: openissue/update, …). */
export const HISTORY_SOURCES: Record<HistoryKind, Source[]> = {
  rfi: [{ operation: 'OpenIssueUpdateRequest', role: 'RFI', pick: update('openIssue') }],
  package: [{ operation: 'SubmittalUpdateRequest', role: 'package', pick: update('submittal') }],
  folder: [folderUpdate],
  punchContainer: [
    { operation: 'PunchListCreateManyRequest', role: 'container', pick: punchItems },
    folderUpdate,
  ],
};

/** What an entry's operation did, for people. */
export const OPERATION_TITLE: Partial<Record<OperationName, string>> = {
  OpenIssueUpdateRequest: 'RFI update',
  SubmittalUpdateRequest: 'Package update',
  FolderUpdateRequest: 'Folder update',
  PunchListCreateManyRequest: 'Items created',
};

/** What the History tab calls the record, for people. */
export const RECORD_NOUN: Record<HistoryKind, string> = {
  rfi: 'RFI',
  package: 'package',
  folder: 'folder',
  punchContainer: 'punch list',
};

/**
 * The request-log paths to read for a kind: each operation's path and its `/json/reply/<Request>` form (the log
 * files a request under the path it reached, canonically: docs/service.md, "Request log").
 */
export function historyPaths(kind: HistoryKind): string[] {
  return HISTORY_SOURCES[kind].flatMap((s) => [
    operations[s.operation].path,
    JSON_REPLY_PREFIX + s.operation,
  ]);
}

const operationByPath = new Map(
  (Object.keys(operations) as OperationName[]).map((name) => [operations[name].path, name]),
);

/**
 * The operation a logged request was sent to: the log's `items.operation`, else its path (the log stores the
 * operation's canonical path: its contract path or `/json/reply/<Request>`).
 */
export function loggedOperation(e: RequestLogEntry): string | undefined {
  const path = e.pathInfo ?? '';
  return e.items?.operation ?? operationByPath.get(path) ?? /\/json\/reply\/([A-Za-z0-9_]+)/i.exec(path)?.[1];
}

/** A value the log cut to a preview (`{_truncated: true, _length, _preview}`), or a row that says so. */
export function isTruncatedDto(e: RequestLogEntry): boolean {
  return e.items?.requestDtoTruncated === 'true' || objectOf(e.requestDto)?._truncated === true;
}

/** Whether a cut DTO's preview names the record: `"folderId":101` (punch lists: or `"folderParentId":5`). */
function previewNames(e: RequestLogEntry, record: HistoryRecord): boolean {
  const preview = objectOf(e.requestDto)?._preview;
  if (typeof preview !== 'string') return false;
  const key = record.kind === 'punchContainer' ? '"folder(?:Parent)?Id"' : '"folderId"';
  return new RegExp(`${key}\\s*:\\s*${record.id}(?![0-9])`).test(preview);
}

export interface ErrorView {
  errorCode?: string;
  message?: string;
  fieldErrors: { fieldName?: string; errorCode?: string; message?: string }[];
}

/** Error code, message and field errors of a logged error response (any case of the names). */
export function loggedError(e: RequestLogEntry): ErrorView | undefined {
  const r = objectOf(e.errorResponse);
  if (!r) return undefined;
  const get = (o: Dto | undefined, name: string) =>
    o ? Object.entries(o).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] : undefined;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const status = objectOf(get(r, 'responseStatus'));
  const errors = get(status, 'errors');
  return {
    errorCode: str(get(status, 'errorCode')) ?? str(get(r, 'errorCode')) ?? 'Error',
    message: str(get(r, 'uiErrorMessage')) ?? str(get(status, 'message')) ?? str(get(r, 'message')),
    fieldErrors: (Array.isArray(errors) ? errors : []).map(objectOf).flatMap((x) =>
      x
        ? [
            {
              fieldName: str(get(x, 'fieldName')),
              errorCode: str(get(x, 'errorCode')),
              message: str(get(x, 'message')),
            },
          ]
        : [],
    ),
  };
}

export interface HistoryEntry {
  /** The request log's id of the request. */
  id: number;
  operation: OperationName;
  date?: Date;
  user?: string;
  ipAddress?: string;
  forwardedFor?: string;
  /** `items.statusCode`, when the service logs it. */
  statusCode?: number;
  /** The request failed: nothing changed. */
  error?: ErrorView;
  /** The oldest write of this operation to the record that the log holds: its fields are shown as sent. */
  first: boolean;
  /** An update: its fields that differ from what the earlier writes had set (all of them when `first`). */
  changes?: FieldChange[];
  /** Fields sent with the value they already had. */
  unchanged?: number;
  /** Those fields, named (contract name and label), in the order sent. */
  unchangedFields?: FieldName[];
  /** A punch-list create: the items it filed in the container. */
  items?: Dto[];
  /** The log kept only a preview of the DTO (it was too long): the fields cannot be shown. */
  dtoTruncated?: boolean;
}

const toNumber = (v: string | undefined) => {
  const n = Number(v);
  return v !== undefined && Number.isInteger(n) && n >= 100 && n <= 599 ? n : undefined;
};

/** Whether a logged request touched the record: its targets name it in the operation's role. */
export function touches(e: RequestLogEntry, record: HistoryRecord): boolean {
  const op = loggedOperation(e);
  const source = HISTORY_SOURCES[record.kind].find((s) => s.operation === op);
  if (!source) return false;
  if (isTruncatedDto(e)) return previewNames(e, record);
  return requestTargets(op, e.requestDto).some(
    (t) => t.kind === 'folder' && t.id === record.id && t.role === source.role,
  );
}

export interface Unmatched {
  /** Rows of these operations without a logged DTO (refused before the user was known: nothing changed). */
  withoutDto: number;
  /** Rows whose DTO the log cut to a preview that does not name the record (it may be further on). */
  truncated: number;
}

/**
 * The History of a record from the logged requests of its operations (any order, duplicates allowed): the
 * entries newest first, and what could not be matched.
 */
export function buildHistory(
  rows: RequestLogEntry[],
  record: HistoryRecord,
): { entries: HistoryEntry[]; unmatched: Unmatched } {
  const unmatched: Unmatched = { withoutDto: 0, truncated: 0 };
  const byId = new Map<number, RequestLogEntry>();
  for (const r of rows) if (typeof r.id === 'number') byId.set(r.id, r);
  const oldestFirst = [...byId.values()].sort((a, b) => a.id! - b.id!);
  const known = new Map<OperationName, Dto>();
  const entries: HistoryEntry[] = [];
  for (const row of oldestFirst) {
    const op = loggedOperation(row) as OperationName | undefined;
    const source = HISTORY_SOURCES[record.kind].find((s) => s.operation === op);
    if (!source || !op) continue;
    if (row.requestDto === undefined || row.requestDto === null) {
      unmatched.withoutDto++;
      continue;
    }
    if (!touches(row, record)) {
      if (isTruncatedDto(row)) unmatched.truncated++;
      continue;
    }
    const error = loggedError(row);
    const entry: HistoryEntry = {
      id: row.id!,
      operation: op,
      date: row.dateTime,
      user: row.userAuthId,
      ipAddress: row.ipAddress,
      forwardedFor: row.forwardedFor,
      statusCode: toNumber(row.items?.statusCode),
      error,
      first: !known.has(op),
    };
    const picked = isTruncatedDto(row) ? undefined : source.pick(objectOf(row.requestDto)!, record.id);
    if (!picked) entry.dtoTruncated = isTruncatedDto(row);
    else if ('items' in picked) entry.items = picked.items;
    else {
      const before = known.get(op) ?? {};
      const { changes, unchanged, unchangedFields } = diffFields(before, picked.object, entry.first);
      entry.changes = changes;
      entry.unchanged = unchanged;
      entry.unchangedFields = unchangedFields;
      if (!error) known.set(op, { ...before, ...picked.object });
    }
    if (!error && !known.has(op)) known.set(op, {});
    entries.push(entry);
  }
  return { entries: entries.reverse(), unmatched };
}

/**
 * The request-log explorer's address for one entry: `?Ids=<id>&entry=<id>` (the explorer's URL names: the
 * interface's `Ids` and its open entry, ENTRY_PARAM in src/features/requestlog/model/query.ts).
 */
export function explorerSearch(id: number): string {
  return new URLSearchParams({ Ids: String(id), entry: String(id) }).toString();
}
