import { describe, expect, it } from 'vitest';
import { unchangedText } from '../../src/api/history/diff';
import { findLastWrite, LAST_WRITE_ROWS } from '../../src/api/history/lastWrite';
import { sharedMinutes } from '../../src/api/history/times';
import type { RequestLogEntry } from '../../src/contract/dtos';
import type { JsonValue } from '../../src/contract/schema';
import {
  buildHistory,
  diffFields,
  displayValue,
  explorerSearch,
  fieldLabel,
  historyPaths,
  loggedError,
  touches,
} from '../../src/api/history/model';
import {
  oldestWhenTrimmed,
  readRecordHistory,
  type PageRequest,
  type ReadPage,
} from '../../src/api/history/read';
import { ENTRY_PARAM, parseLogQuery } from '../../src/features/requestlog/model/query';

const RFI_PATH = '/api/internal/openissue/update';
const at = (min: number) => new Date(Date.UTC(2026, 10, 24, 10, min));

function rfiUpdate(
  id: number,
  openIssue: Record<string, JsonValue>,
  extra: Partial<RequestLogEntry> = {},
): RequestLogEntry {
  return {
    id,
    dateTime: at(id),
    pathInfo: RFI_PATH,
    userAuthId: 'admin',
    ipAddress: '127.0.0.1',
    items: { operation: 'OpenIssueUpdateRequest' },
    requestDto: { authSessionKey: '***', openIssue },
    ...extra,
  };
}

const refused = (code: string, message: string, fieldName?: string) => ({
  responseStatus: {
    errorCode: code,
    message,
    errors: fieldName ? [{ fieldName, errorCode: 'Invalid', message: `${fieldName} is wrong` }] : [],
  },
});

const rfi = { kind: 'rfi', id: 101 } as const;

describe('record history: the diff', () => {
  it('labels contract fields for people', () => {
    expect(fieldLabel('dueDate')).toBe('Due date');
    expect(fieldLabel('ccUserList')).toBe('Cc user list');
    expect(fieldLabel('folderParentId')).toBe('Folder parent id');
    expect(fieldLabel('subject')).toBe('Subject');
    expect(fieldLabel('URLPath')).toBe('Url path');
  });

  it('shows values as text: dates, lists, booleans, empties, long text cut', () => {
    expect(displayValue('/Date(1790000000000-0000)/')).toBe('2026-09-21 14:13:20 UTC');
    expect(displayValue([3, 4])).toBe('3, 4');
    expect(displayValue([])).toBe('(none)');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(null)).toBe('(empty)');
    expect(displayValue('')).toBe('(empty)');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue('x'.repeat(400))).toHaveLength(301);
  });

  it('compares with what earlier writes set: changed, set, cleared, masked, unchanged', () => {
    const known = { folderId: 101, subject: 'Old', dueDate: '2026-11-30', note: 'n' };
    const sent = { folderId: 101, subject: 'New', dueDate: '', statusId: 2, secret: '***' };
    expect(diffFields(known, sent, false)).toEqual({
      unchanged: 1,
      // Named, so the History tab can say which field was sent as it was (issue 34).
      unchangedFields: [{ field: 'folderId', label: 'Folder id' }],
      changes: [
        { field: 'subject', label: 'Subject', change: 'changed', before: 'Old', after: 'New' },
        { field: 'dueDate', label: 'Due date', change: 'cleared', before: '2026-11-30', after: '(empty)' },
        { field: 'statusId', label: 'Status id', change: 'set', after: '2' },
        { field: 'secret', label: 'Secret', change: 'masked', after: '***' },
      ],
    });
  });

  it('lists every field of the first write as sent', () => {
    const { changes, unchanged } = diffFields({}, { folderId: 101, subject: 'A' }, true);
    expect(unchanged).toBe(0);
    expect(changes.map((c) => [c.field, c.change, c.after])).toEqual([
      ['folderId', 'set', '101'],
      ['subject', 'set', 'A'],
    ]);
  });
});

describe('record history: the entries', () => {
  it('lists the writes to the record newest first, each against the ones before, failures changing nothing', () => {
    const rows = [
      rfiUpdate(5, { folderId: 101, subject: 'Third' }),
      rfiUpdate(1, { folderId: 101, subject: 'First', dueDate: '2026-12-01' }),
      rfiUpdate(2, { folderId: 102, subject: 'Another RFI' }),
      rfiUpdate(
        3,
        { folderId: 101, statusId: 999 },
        { errorResponse: refused('ValidationError', 'Bad', 'statusId') },
      ),
      rfiUpdate(4, { folderId: 101, subject: 'Second', dueDate: '2026-12-01' }),
      rfiUpdate(4, { folderId: 101, subject: 'Second', dueDate: '2026-12-01' }), // read twice (two pages)
    ];
    const { entries, unmatched } = buildHistory(rows, rfi);
    expect(unmatched).toEqual({ withoutDto: 0, truncated: 0 });
    expect(entries.map((e) => e.id)).toEqual([5, 4, 3, 1]);
    const [third, second, failed, first] = entries;
    expect(third.changes).toEqual([
      { field: 'subject', label: 'Subject', change: 'changed', before: 'Second', after: 'Third' },
    ]);
    expect(third.unchanged).toBe(1);
    expect(third.unchangedFields).toEqual([{ field: 'folderId', label: 'Folder id' }]);
    expect(second.changes?.map((c) => [c.field, c.before, c.after])).toEqual([
      ['subject', 'First', 'Second'],
    ]);
    expect(second.unchanged).toBe(2);
    expect(failed.error).toEqual({
      errorCode: 'ValidationError',
      message: 'Bad',
      fieldErrors: [{ fieldName: 'statusId', errorCode: 'Invalid', message: 'statusId is wrong' }],
    });
    expect(failed.changes?.map((c) => [c.field, c.change])).toEqual([['statusId', 'set']]);
    expect(first.first).toBe(true);
    expect(first.changes?.map((c) => c.field)).toEqual(['folderId', 'subject', 'dueDate']);
    expect(first).toMatchObject({
      user: 'admin',
      ipAddress: '127.0.0.1',
      operation: 'OpenIssueUpdateRequest',
    });
  });

  it('knows the operation from the path when the log has no items.operation', () => {
    const row = rfiUpdate(1, { folderId: 101 }, { items: undefined });
    expect(touches(row, rfi)).toBe(true);
    expect(touches({ ...row, pathInfo: '/json/reply/OpenIssueUpdateRequest' }, rfi)).toBe(true);
    expect(touches({ ...row, pathInfo: '/api/internal/folder/update' }, rfi)).toBe(false);
  });

  it('reads the status code when the log has it', () => {
    const { entries } = buildHistory(
      [
        rfiUpdate(
          1,
          { folderId: 101 },
          { items: { operation: 'OpenIssueUpdateRequest', statusCode: '200' } },
        ),
      ],
      rfi,
    );
    expect(entries[0].statusCode).toBe(200);
  });

  it('counts rows without a DTO, and cut DTOs that do not name the record; keeps cut ones that do', () => {
    const cut = (id: number, preview: string) =>
      rfiUpdate(
        id,
        {},
        {
          requestDto: { _truncated: true, _length: 40_000, _preview: preview },
          items: { operation: 'OpenIssueUpdateRequest', requestDtoTruncated: 'true' },
        },
      );
    const rows = [
      rfiUpdate(1, {}, { requestDto: undefined, errorResponse: refused('Unauthorized', 'Sign in') }),
      cut(2, '{"openIssue":{"folderId":1011,"question":"…'),
      cut(3, '{"openIssue":{"folderId":101,"question":"…'),
    ];
    const { entries, unmatched } = buildHistory(rows, rfi);
    expect(unmatched).toEqual({ withoutDto: 1, truncated: 1 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: 3, dtoTruncated: true });
    expect(entries[0].changes).toBeUndefined();
  });

  it('lists the items a punch-list create filed in the container, and diffs its folder updates', () => {
    const container = { kind: 'punchContainer', id: 5 } as const;
    const create: RequestLogEntry = {
      id: 7,
      pathInfo: '/api/internal/punchlist/createmany',
      items: { operation: 'PunchListCreateManyRequest' },
      requestDto: {
        punchlistList: [
          { folderParentId: 5, summary: 'Paint' },
          { folderParentId: 6, summary: 'Elsewhere' },
          { folderId: 5, folderParentId: 9, summary: 'Filed by folderId' },
        ],
      },
    };
    const rename: RequestLogEntry = {
      id: 8,
      pathInfo: '/api/internal/folder/update',
      items: { operation: 'FolderUpdateRequest' },
      requestDto: { folder: { folderId: 5, folderName: 'Punch' } },
    };
    const { entries } = buildHistory([create, rename], container);
    expect(entries.map((e) => e.id)).toEqual([8, 7]);
    expect(entries[1].items?.map((i) => i.summary)).toEqual(['Paint', 'Filed by folderId']);
    expect(entries[0].changes?.map((c) => c.field)).toEqual(['folderId', 'folderName']);
    expect(touches(create, { kind: 'punchContainer', id: 6 })).toBe(true);
    expect(touches(create, { kind: 'folder', id: 5 })).toBe(false); // a folder's History is its folder updates
  });

  it('matches a record only in its own role (an RFI update does not touch its container)', () => {
    const row = rfiUpdate(1, { folderId: 101, folderParentId: 4 });
    expect(touches(row, rfi)).toBe(true);
    expect(touches(row, { kind: 'rfi', id: 4 })).toBe(false);
    expect(touches(row, { kind: 'folder', id: 4 })).toBe(false);
  });

  it('reads both route styles of each operation', () => {
    expect(historyPaths('punchContainer')).toEqual([
      '/api/internal/punchlist/createmany',
      '/json/reply/PunchListCreateManyRequest',
      '/api/internal/folder/update',
      '/json/reply/FolderUpdateRequest',
    ]);
  });

  it('reads a logged error in any case of the names', () => {
    expect(
      loggedError({ errorResponse: { ResponseStatus: { ErrorCode: 'NotFound', Message: 'Gone' } } }),
    ).toEqual({ errorCode: 'NotFound', message: 'Gone', fieldErrors: [] });
    expect(loggedError({})).toBeUndefined();
  });

  it('links to the explorer with its own parameter names', () => {
    const search = new URLSearchParams(explorerSearch(42));
    expect(search.get(ENTRY_PARAM)).toBe('42');
    expect(parseLogQuery(search).ids).toEqual([42]);
  });
});

/** A request log in memory answering as operation 20 does: newest first, exact path, BeforeId inclusive. */
function fakeLog(rows: RequestLogEntry[], maxRowsPerReply = Infinity) {
  const calls: PageRequest[] = [];
  const read: ReadPage = async (q) => {
    calls.push(q);
    const matching = rows
      .filter(
        (r) =>
          (q.pathInfo === undefined || r.pathInfo === q.pathInfo) &&
          (q.beforeId === undefined || r.id! <= q.beforeId),
      )
      .sort((a, b) => b.id! - a.id!);
    const page = matching.slice(0, Math.min(q.take, maxRowsPerReply));
    const cut = page.length < Math.min(q.take, matching.length);
    return { rows: page, nextBeforeId: cut ? page[page.length - 1].id! - 1 : undefined };
  };
  return { read, calls };
}

describe('record history: reading the log', () => {
  const others = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      id: from + i,
      pathInfo: '/api/internal/project/get',
    }));

  it('pages each path with BeforeId until the log is exhausted', async () => {
    const writes = Array.from({ length: 25 }, (_, i) =>
      rfiUpdate(100 + i, { folderId: 101, subject: `S${i}` }),
    );
    const log = fakeLog([...others(1, 99), ...writes]);
    const h = await readRecordHistory(rfi, log.read, { pageSize: 10 });
    expect(h.read).toBe(25);
    expect(h.entries).toHaveLength(25);
    expect(h.entries[0].changes?.[0]).toMatchObject({ before: 'S23', after: 'S24' });
    expect(h.capped).toBe(false);
    expect(await oldestWhenTrimmed(log.read)).toBeNull(); // row 1 is there: nothing deleted
    const rfiCalls = log.calls.filter((c) => c.pathInfo === RFI_PATH);
    expect(rfiCalls.map((c) => c.beforeId)).toEqual([undefined, 114, 104]);
  });

  it('follows the reply’s own cursor when the service cut it short', async () => {
    const writes = Array.from({ length: 7 }, (_, i) => rfiUpdate(10 + i, { folderId: 101 }));
    const log = fakeLog(writes, 3);
    const h = await readRecordHistory(rfi, log.read, { pageSize: 10 });
    expect(h.read).toBe(7);
  });

  it('stops at the cap and says where', async () => {
    const writes = Array.from({ length: 30 }, (_, i) => rfiUpdate(10 + i, { folderId: 101 }));
    const h = await readRecordHistory(rfi, fakeLog(writes).read, { pageSize: 10, cap: 20 });
    expect(h.read).toBe(20);
    expect(h.capped).toBe(true);
    expect(h.oldestReadDate).toEqual(at(20));
  });

  it('finds the oldest row left when retention deleted the first ones', async () => {
    const log = fakeLog([...others(37_001, 37_500), rfiUpdate(37_600, { folderId: 101 })]);
    expect(await oldestWhenTrimmed(log.read)).toEqual({ oldestId: 37_001, oldestDate: undefined });
    expect(log.calls.length).toBeLessThan(20);
  });

  it('handles an empty log', async () => {
    expect(await oldestWhenTrimmed(fakeLog([]).read)).toBeNull();
    const h = await readRecordHistory(rfi, fakeLog([]).read);
    expect(h).toMatchObject({ entries: [], read: 0, capped: false });
  });
});

describe('record history: naming what a write sent as it was, and telling writes of one minute apart', () => {
  it('names the field that was sent with the value it already had', () => {
    expect(unchangedText([{ field: 'statusId', label: 'Status id' }])).toBe(
      'Status id was sent with the value it already had.',
    );
    expect(
      unchangedText([
        { field: 'subject', label: 'Subject' },
        { field: 'dueDate', label: 'Due date' },
        { field: 'statusId', label: 'Status id' },
      ]),
    ).toBe('Subject, Due date and Status id were sent with the values they already had.');
    expect(unchangedText([])).toBeUndefined();
  });

  it('shows seconds only for writes that share a minute', () => {
    const at = (id: number, iso?: string) => ({ id, date: iso ? new Date(iso) : undefined });
    const shared = sharedMinutes([
      at(1, '2026-11-20T10:15:05Z'),
      at(2, '2026-11-20T10:15:59Z'),
      at(3, '2026-11-20T10:16:00Z'),
      at(4, '2026-11-20T11:15:05Z'),
      at(5),
    ]);
    expect([...shared].sort()).toEqual([1, 2]);
  });
});

describe('record history: who saved the other change (the collision dialog)', () => {
  it('finds the newest successful write to the record in the newest rows of its write paths', async () => {
    const asked: PageRequest[] = [];
    const read = (request: PageRequest) => {
      asked.push(request);
      return Promise.resolve({
        rows:
          request.pathInfo === RFI_PATH
            ? [
                rfiUpdate(
                  9,
                  { folderId: 101, statusId: 999 },
                  { userAuthId: 'pm', errorResponse: refused('X', 'no') },
                ),
                rfiUpdate(8, { folderId: 102, subject: 'Another RFI' }, { userAuthId: 'pm' }),
                rfiUpdate(7, { folderId: 101, subject: 'Theirs' }, { userAuthId: 'pm' }),
                rfiUpdate(3, { folderId: 101, subject: 'Older' }),
              ]
            : [],
      });
    };
    const last = await findLastWrite({ kind: 'rfi', id: 101 }, read);
    expect(last).toEqual({ id: 7, user: 'pm', date: at(7) });
    expect(asked.map((r) => r.pathInfo).sort()).toEqual([...historyPaths('rfi')].sort());
    for (const r of asked) expect(r.take).toBe(LAST_WRITE_ROWS);
    expect(await findLastWrite({ kind: 'rfi', id: 555 }, read)).toBeNull();
  });
});
