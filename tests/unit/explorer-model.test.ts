// The explorer's schema → form model, the draft ↔ JSON sync, the typed request, the share link, curl / fetch.
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { checkDraft, parseDraft, stringifyDraft, toRequest } from '../../src/features/explorer/model/draft';
import { toCurl, toFetch } from '../../src/features/explorer/model/export';
import { formModel, type FieldModel } from '../../src/features/explorer/model/form';
import {
  findOperation,
  operationList,
  readShare,
  searchOperations,
  writeShare,
} from '../../src/features/explorer/model/operations';
import { collectDates, forDisplay } from '../../src/features/explorer/model/reply';
import { getIn, removeAt, setIn } from '../../src/features/explorer/model/values';

const byKey = (fields: FieldModel[], key: string) => fields.find((f) => f.key === key)!;

describe('schema → form model', () => {
  it('has one field per request property, minus the session key the client adds', () => {
    const fields = formModel(operations.ProjectGetRequest.request);
    expect(fields.map((f) => f.key)).toEqual(['projectId', 'additionalInfo']);
    expect(byKey(fields, 'projectId')).toEqual({
      kind: 'scalar',
      key: 'projectId',
      type: 'int',
      input: 'integer',
      nullable: false,
    });
  });

  it('nests objects and lists of objects, with the contract type names', () => {
    const fields = formModel(operations.FolderUpdateRequest.request);
    const folder = byKey(fields, 'folder');
    expect(folder.kind).toBe('object');
    if (folder.kind !== 'object') return;
    expect(folder.type).toBe('Folder');
    expect(byKey(folder.fields, 'createdDate')).toMatchObject({ input: 'dateTime', type: 'DateTime' });
    expect(byKey(folder.fields, 'folderParentId')).toMatchObject({
      input: 'integer',
      type: 'int?',
      nullable: true,
    });
    expect(byKey(folder.fields, 'userCanModify')).toMatchObject({ input: 'boolean' });
    // Nested objects keep their own session-less fields (only the top-level authSessionKey is the client's).
    const info = byKey(fields, 'additionalInfo');
    expect(info).toMatchObject({ kind: 'list', type: 'List<ItemNameValue>' });
    if (info.kind !== 'list' || info.item.kind !== 'object') throw new Error('expected a list of objects');
    expect(info.item.fields.map((f) => f.key)).toEqual(['propertyName', 'propertyValue']);
  });

  it('covers scalar lists, decimals, nullable bools and durations', () => {
    const punch = formModel(operations.PunchListCreateManyRequest.request);
    const list = byKey(punch, 'punchlistList');
    if (list.kind !== 'list' || list.item.kind !== 'object') throw new Error('expected a list of objects');
    expect(byKey(list.item.fields, 'responsiblePartyList')).toMatchObject({
      kind: 'list',
      type: 'List<string>',
    });
    const log = formModel(operations.RequestLogs.request);
    expect(byKey(log, 'ids')).toMatchObject({ kind: 'list', item: { input: 'integer', type: 'long' } });
    expect(byKey(log, 'withErrors')).toMatchObject({ input: 'boolean', nullable: true });
    expect(byKey(log, 'durationLongerThan')).toMatchObject({ input: 'duration', type: 'TimeSpan?' });
    const rfi = formModel(operations.OpenIssueUpdateRequest.request);
    const issue = byKey(rfi, 'openIssue');
    if (issue.kind !== 'object') throw new Error('expected an object');
    expect(byKey(issue.fields, 'changeOrderAmount')).toMatchObject({ input: 'decimal' });
  });

  it('builds a form for every one of the 20 operations', () => {
    expect(operationList).toHaveLength(20);
    for (const op of operationList) expect(() => formModel(operations[op.name].request)).not.toThrow();
  });
});

describe('draft values at paths', () => {
  it('sets nested values immutably and removes emptied objects', () => {
    const a = {};
    const b = setIn(a, ['folder', 'folderName'], 'X');
    expect(a).toEqual({});
    expect(b).toEqual({ folder: { folderName: 'X' } });
    expect(setIn(b, ['folder', 'folderName'], undefined)).toEqual({});
    expect(getIn(b, ['folder', 'folderName'])).toBe('X');
  });

  it('adds and removes list items', () => {
    let d = setIn({}, ['additionalInfo', 0], {}) as object;
    d = setIn(d, ['additionalInfo', 0, 'propertyName'], 'a') as object;
    d = setIn(d, ['additionalInfo', 1], { propertyName: 'b' }) as object;
    expect(d).toEqual({ additionalInfo: [{ propertyName: 'a' }, { propertyName: 'b' }] });
    expect(removeAt(d, ['additionalInfo', 0])).toEqual({ additionalInfo: [{ propertyName: 'b' }] });
  });
});

describe('JSON editor sync', () => {
  it('round-trips the form draft through the JSON text', () => {
    const draft = { folder: { folderId: 18, createdDate: '2026-03-02T12:00:00.000Z' }, additionalInfo: [] };
    const text = stringifyDraft(draft);
    expect(parseDraft(text)).toEqual({ ok: true, draft });
  });

  it('says why a text is not a request, and treats empty as {}', () => {
    expect(parseDraft('')).toEqual({ ok: true, draft: {} });
    expect(parseDraft('{ "a": ')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Not valid JSON/),
    });
    expect(parseDraft('[1]')).toEqual({ ok: false, error: 'The request must be a JSON object ({ … }).' });
  });

  it('points at values the service would refuse, by property path', () => {
    const issues = checkDraft(operations.FolderUpdateRequest.request, {
      folder: { folderId: 'x', createdDate: 'soon', FolderName: 'ok', nope: 1 },
      additionalInfo: {},
    });
    expect(issues).toEqual([
      { path: 'folder.folderId', message: 'expected a whole number' },
      { path: 'folder.createdDate', message: expect.stringMatching(/expected a date/) },
      { path: 'folder.nope', message: 'not a field of Folder' },
      { path: 'additionalInfo', message: 'expected a list ([ … ])' },
    ]);
  });

  it('turns DateTime and TimeSpan text into the typed request', () => {
    const req = toRequest(operations.FolderUpdateRequest.request, {
      folder: { createdDate: '2026-03-02T12:00:00Z', folderName: 'A' },
    }) as { folder: { createdDate: Date; folderName: string } };
    expect(req.folder.createdDate).toBeInstanceOf(Date);
    expect(req.folder.createdDate.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(req.folder.folderName).toBe('A');
    const log = toRequest(operations.RequestLogs.request, { durationLongerThan: 'PT0.5S' });
    expect(log).toEqual({ durationLongerThan: 500 });
  });
});

describe('the reply', () => {
  it('lists every decoded date by path and shows dates as ISO text in the tree', () => {
    const decoded = {
      project: { startDate: new Date(Date.UTC(2025, 8, 15, 12)), rows: [{ d: new Date(0) }] },
    };
    expect(collectDates(decoded).map((d) => d.path)).toEqual(['project.startDate', 'project.rows[0].d']);
    expect(forDisplay(decoded)).toEqual({
      project: { startDate: '2025-09-15T12:00:00.000Z', rows: [{ d: '1970-01-01T00:00:00.000Z' }] },
    });
  });
});

describe('search and share', () => {
  it('finds operations by route, name or words of the summary', () => {
    expect(searchOperations('project/get').map((o) => o.name)).toEqual(['ProjectGetRequest']);
    expect(searchOperations('meeting read').map((o) => o.name)).toEqual([
      'MeetingReadRequest',
      'MeetingMinutesReadByMeetingRequest',
    ]);
    expect(findOperation('project/get')).toBe('ProjectGetRequest');
    expect(findOperation('folderupdaterequest')).toBe('FolderUpdateRequest');
    expect(findOperation('nope')).toBeUndefined();
  });

  it('keeps operation and request in the URL, never a session key', () => {
    const q = writeShare('ProjectGetRequest', { projectId: 1, authSessionKey: 'secret' });
    expect(q).not.toContain('secret');
    expect(readShare(new URLSearchParams(q))).toEqual({ op: 'ProjectGetRequest', draft: { projectId: 1 } });
    expect(readShare(new URLSearchParams('op=ProjectGetRequest&request=%7Bx'))).toMatchObject({
      op: 'ProjectGetRequest',
      draft: {},
      error: expect.stringMatching(/not used/),
    });
    expect(readShare(new URLSearchParams('op=Nope'))).toEqual({ draft: {} });
    const signIn = writeShare('InternalUserAuthenticationRequest', { userName: 'pm', password: 'pm-secret' });
    expect(signIn).not.toContain('pm-secret');
    expect(readShare(new URLSearchParams(signIn)).draft).toEqual({ userName: 'pm' });
  });
});

describe('copy as curl / fetch', () => {
  const req = {
    url: 'http://localhost:8080/api/internal/project/get',
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{"projectId":1,"authSessionKey":"$PM_SESSION_KEY","note":"it\'s"}',
  };

  it('curl splices the key in as a shell variable', () => {
    const curl = toCurl(req);
    expect(curl).toContain(`curl -X POST 'http://localhost:8080/api/internal/project/get'`);
    expect(curl).toContain(`"authSessionKey":"'"$PM_SESSION_KEY"'"`);
    expect(curl).toContain(`it'"'"'s`);
    expect(
      toCurl({
        url: 'http://x/requestlogs',
        method: 'GET',
        headers: { Authorization: 'Bearer $PM_API_KEY' },
      }),
    ).toContain('-H "Authorization: Bearer $PM_API_KEY"');
  });

  it('fetch reads the key from a variable', () => {
    const text = toFetch(req);
    expect(text).toContain("const PM_SESSION_KEY = '…'; // your key");
    expect(text).toContain('await fetch("http://localhost:8080/api/internal/project/get"');
    expect(text).toContain('"authSessionKey":"${PM_SESSION_KEY}"');
  });
});
