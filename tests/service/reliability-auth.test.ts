// Issue 11, suite 7 — authorisation, service side: every one of the 20 operations without a session (or
// credentials, or API key) → 401 at both routes; the request log with a non-admin's API key → 403 for every verb;
// each of the 5 writes against a folder whose `userCanModify` is false for pm → 403 Forbidden and not one domain
// row changed (the checksum of every domain table before and after), while admin may. Prints its figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, operations, type OperationName } from '../../src/contract/operations';
import { seedIds } from '../../server/db/seed';
import { sessionCases } from './cases';
import {
  expectError,
  expectStatus,
  useHarness,
  useSeedIds,
  type Credentials,
  type HttpResult,
} from './harness';
import { DataWatch, improperError } from './reliability';

const h = useHarness();
const ids = useSeedIds(h);
let pm: Credentials;
let admin: Credentials;
let watch: DataWatch;
/** Folders pm may not modify, per write operation. */
let readOnly: Record<string, number>;

beforeAll(async () => {
  watch = new DataWatch(h.dataDir);
  // The seed makes 'Owner Contracts' and RFI-003 read-only for pm; a punch list and a submittal package join
  // them here, so every write operation has a target pm may not modify.
  const pmId = (watch.db.prepare(`SELECT id FROM users WHERE user_name = 'pm'`).get() as { id: number }).id;
  const lock = watch.db.prepare(
    'INSERT OR REPLACE INTO folder_permissions (folder_id, user_id, can_modify, can_delete) VALUES (?, ?, 0, 0)',
  );
  lock.run(ids.punchListFolderId, pmId);
  lock.run(ids.submittalPackageFolderIds[2], pmId);
  readOnly = {
    OpenIssueUpdateRequest: ids.readOnlyRfiFolderId,
    FolderUpdateRequest: ids.readOnlyFolderId,
    ExtDriveDocumentCreateRequest: ids.readOnlyFolderId,
    PunchListCreateManyRequest: ids.punchListFolderId,
    SubmittalUpdateRequest: ids.submittalPackageFolderIds[2],
  };
  pm = await h.session('pm');
  admin = await h.session('admin');
});
afterAll(() => {
  watch?.close();
});

/** A request of each operation that succeeds with a session, for the targets pm may modify. */
function validBody(name: OperationName): Record<string, unknown> {
  switch (name) {
    case 'InternalUserAuthenticationRequest':
      return { userName: 'pm', password: 'pm' };
    case 'RequestLogs':
      return { take: 1 };
    case 'OpenIssueUpdateRequest':
      return { openIssue: { folderId: ids.rfiFolderIds[1], subject: 'Changed without a session' } };
    case 'PunchListCreateManyRequest':
      return {
        punchlistList: [
          {
            folderId: seedIds.containers[1].punchList,
            tempItemId: 'auth-no-session',
            summary: 'Created without a session',
          },
        ],
      };
    case 'SubmittalUpdateRequest':
      return {
        submittal: { folderId: ids.submittalPackageFolderIds[1], notes: 'Changed without a session' },
      };
    case 'FolderUpdateRequest':
      return { folder: { folderId: ids.emptyFolderId, folderDescription: 'Changed without a session' } };
    case 'ExtDriveDocumentCreateRequest':
      return { document: { folderParentId: ids.documentFolderId, fileName: 'no-session.pdf' } };
    default:
      return sessionCases.find((c) => c.name === name)!.valid(ids);
  }
}

function expectProper401(res: HttpResult, name: OperationName, what: string) {
  expect(res.status, `${name} ${what}: ${res.text.slice(0, 300)}`).toBe(401);
  expect(improperError(res, name === 'RequestLogs'), `${name} ${what}`).toBeUndefined();
  const code = res.json.responseStatus.errorCode;
  expect(code, `${name} ${what}`).toBe(
    name === 'InternalUserAuthenticationRequest' ? 'InvalidCredentials' : 'Unauthorized',
  );
}

describe('authorisation (issue 11, suite 7)', () => {
  it('answers 401 to every one of the 20 operations without a session, at both routes, and changes nothing', async () => {
    const before = watch.checksum();
    let requests = 0;
    for (const name of operationNames) {
      const op = operations[name];
      const body = validBody(name);
      if (op.auth === 'session') {
        // Without a key, with an empty one, with a made-up one, with the API key in its place.
        const variants: [string, Record<string, unknown>][] = [
          ['no key', body],
          ['empty key', { ...body, authSessionKey: '' }],
          ['made-up key', { ...body, authSessionKey: 'made-up-session-key' }],
          ['API key as session key', { ...body, authSessionKey: pm.apiKey }],
        ];
        for (const [what, b] of variants) {
          for (const style of ['internal', 'reply'] as const) {
            expectProper401(await h.call(name, b, { style }), name, `${what} (${style})`);
            requests++;
          }
        }
        // The key in a header is not a session.
        const res = await h.call(name, body, { headers: { authorization: `Bearer ${pm.sessionKey}` } });
        expectProper401(res, name, 'key in the Authorization header');
        requests++;
      } else if (op.auth === 'admin') {
        for (const method of ['GET', 'POST']) {
          for (const authorization of [
            undefined,
            'Bearer ',
            `Bearer ${admin.sessionKey}`,
            `Basic ${admin.apiKey}`,
          ]) {
            const res = await h.request(method, op.path, {
              query: { take: 1 },
              headers: authorization === undefined ? {} : { authorization },
            });
            expectProper401(res, name, `${method} with ${authorization ?? 'no Authorization'}`);
            requests++;
          }
        }
      } else {
        for (const b of [{}, { userName: 'pm' }, { password: 'pm' }, { userName: 'pm', password: '' }]) {
          for (const style of ['internal', 'reply'] as const) {
            expectProper401(await h.call(name, b, { style }), name, `${JSON.stringify(b)} (${style})`);
            requests++;
          }
        }
      }
    }
    expect(watch.checksum()).toBe(before);
    console.log(
      `[auth] 401 without a session: ${requests} requests over ${operationNames.length} operations`,
    );
  });

  it('answers 403 to a non-admin on the request log for every verb, and switches no tracking', async () => {
    const start = await h.logs({ take: 1 });
    expectStatus(start, 200);
    const meta = start.json.responseStatus.meta;
    let requests = 0;
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const queries: Record<string, number | boolean>[] = [
        { take: 10 },
        { enableSessionTracking: true, enableResponseTracking: true },
      ];
      for (const query of queries) {
        const res = await h.logs(query, { apiKey: pm.apiKey, method });
        expectError(res, 403, 'Forbidden');
        expect(improperError(res, true)).toBeUndefined();
        expect(res.json.results).toBeUndefined();
        requests++;
      }
    }
    const end = await h.logs({ take: 1 });
    expect(end.json.responseStatus.meta).toEqual(meta);
    console.log(`[auth] request log as non-admin: ${requests} requests, all 403`);
  });

  it('shows pm the read-only folders as userCanModify false', async () => {
    for (const folderId of new Set(Object.values(readOnly))) {
      const res = await h.as('pm', 'FolderGetRequest', { folderId });
      expectStatus(res, 200);
      expect(res.json.folder.userCanModify, `folder ${folderId}`).toBe(false);
      const asAdmin = await h.as('admin', 'FolderGetRequest', { folderId });
      expect(asAdmin.json.folder.userCanModify, `folder ${folderId} for admin`).toBe(true);
    }
  });

  /** A write of each operation against pm's read-only target. */
  const lockedWrites: [OperationName, () => Record<string, unknown>][] = [
    [
      'OpenIssueUpdateRequest',
      () => ({
        openIssue: { folderId: readOnly.OpenIssueUpdateRequest, subject: 'Locked?', dueDate: '01/02/2027' },
      }),
    ],
    [
      'FolderUpdateRequest',
      () => ({
        folder: { folderId: readOnly.FolderUpdateRequest, folderName: 'Renamed', userCanModify: true },
      }),
    ],
    [
      'ExtDriveDocumentCreateRequest',
      () => ({
        document: { folderParentId: readOnly.ExtDriveDocumentCreateRequest, fileName: 'locked.pdf' },
      }),
    ],
    [
      'PunchListCreateManyRequest',
      () => ({
        punchlistList: [
          { folderId: readOnly.PunchListCreateManyRequest, tempItemId: 'locked-1', summary: 'Locked row' },
        ],
      }),
    ],
    [
      'SubmittalUpdateRequest',
      () => ({ submittal: { folderId: readOnly.SubmittalUpdateRequest, notes: 'Locked?', isPending: true } }),
    ],
  ];

  it.each(lockedWrites)(
    '%s to a folder pm may not modify: 403 and nothing changed; admin may',
    async (name, body) => {
      const before = watch.checksum();
      const changes = watch.changes();
      for (const style of ['internal', 'reply'] as const) {
        const res = await h.as('pm', name, body(), { style });
        const rs = expectError(res, 403, 'Forbidden');
        expect(improperError(res, false)).toBeUndefined();
        expect(rs.message).toEqual(expect.any(String));
        expect(res.json.numberOfRecordsEffected ?? 0).toBe(0);
      }
      expect(watch.changes()).toBe(changes);
      expect(watch.checksum()).toBe(before);
      // The same write by admin goes through: the 403 is about pm's permission, not the request.
      const res = await h.as('admin', name, body());
      expectStatus(res, 200);
      expect(watch.changes()).toBeGreaterThan(changes);
    },
  );

  it('refuses a bulk create with one locked row whole: 403 and no row created', async () => {
    const before = watch.checksum();
    const res = await h.as('pm', 'PunchListCreateManyRequest', {
      punchlistList: [
        { folderId: seedIds.containers[1].punchList, tempItemId: 'mixed-ok', summary: 'Writable folder' },
        {
          folderId: readOnly.PunchListCreateManyRequest,
          tempItemId: 'mixed-locked',
          summary: 'Locked folder',
        },
      ],
    });
    expectError(res, 403, 'Forbidden');
    expect(watch.checksum()).toBe(before);
  });
});
