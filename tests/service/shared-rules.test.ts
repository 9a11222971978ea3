// The rules both sides must agree on (src/contract: limits.ts, textDates.ts, statuses.ts, codes.ts), checked from both ends at
// once: the console's own check (its form validator, fed what a person typed) and the reference service's binding
// (a real request) accept and refuse exactly the same values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { punchListStatuses, rfiStatuses } from '../../src/contract/codes';
import { submittalStatuses } from '../../src/contract/statuses';
import { limits } from '../../src/contract/limits';
import { TEXT_DATE_MAX_YEAR, TEXT_DATE_MIN_YEAR } from '../../src/contract/textDates';
import { emptyExtDriveForm, validateExtDriveForm } from '../../src/features/folders/model/extDriveForm';
import { validateFolderForm, type FolderFormValues } from '../../src/features/folders/model/folderForm';
import {
  COLUMN_KEYS,
  newRow,
  toPunchList,
  validateRow,
  type ColumnKey,
} from '../../src/features/punchlist/model';
import {
  formValuesFrom as rfiValues,
  validateRfi,
  type RfiFormValues,
} from '../../src/features/rfis/model/editor';
import {
  formValuesFrom as submittalValues,
  validateSubmittal,
  type SubmittalFormValues,
} from '../../src/features/submittals/model';
import { parseTextDate } from '../../src/ui/textDate';
import { discover, expectStatus, fieldNames, Harness, type SeedIds } from './harness';

let h: Harness;
let ids: SeedIds;

beforeAll(async () => {
  h = await Harness.start();
  ids = await discover(h);
});
afterAll(async () => {
  await h?.close();
});

/** What the service said of one field: accepted (200) or refused with a field error on `path`. */
async function serviceAccepts(res: Awaited<ReturnType<Harness['as']>>, path: string): Promise<boolean> {
  if (res.status === 200) return true;
  expectStatus(res, 400);
  expect(fieldNames(res)).toContain(path);
  return false;
}

const text = (n: number) => 'x'.repeat(n);

/**
 * For each field: a value at its limit and one a character over, fed to the console's check (true = no error at
 * the field) and sent to the service (field error expected at `path(field)`); both must take the first and
 * refuse the second.
 */
async function limitsAgree<F extends string>(
  fields: readonly F[],
  max: (field: F) => number,
  path: (field: F) => string,
  console: (field: F, value: string) => boolean,
  send: (field: F, value: string) => ReturnType<Harness['as']>,
) {
  expect(fields.length).toBeGreaterThan(0);
  const seen: Array<[F, number, boolean, boolean]> = [];
  for (const field of fields) {
    for (const length of [max(field), max(field) + 1]) {
      const value = text(length);
      seen.push([
        field,
        length,
        console(field, value),
        await serviceAccepts(await send(field, value), path(field)),
      ]);
    }
  }
  expect(seen).toEqual(
    fields.flatMap((f) => [
      [f, max(f), true, true],
      [f, max(f) + 1, false, false],
    ]),
  );
}

describe('field length limits (src/contract/limits.ts)', () => {
  it('folder name and description', async () => {
    const base: FolderFormValues = {
      folderName: 'Archive (empty)',
      folderDescription: '',
      folderSorting: '',
    };
    await limitsAgree(
      ['folderName', 'folderDescription'] as const,
      (f) => limits.Folder[f],
      (f) => `folder.${f}`,
      (f, value) => validateFolderForm({ ...base, [f]: value })[f] === undefined,
      (f, value) =>
        h.as('pm', 'FolderUpdateRequest', { folder: { folderId: ids.emptyFolderId, [f]: value } }),
    );
  });

  it("the RFI editor's fields", async () => {
    const base = rfiValues({ subject: 'Subject' });
    await limitsAgree(
      (Object.keys(base) as Array<keyof RfiFormValues>).filter(
        (f): f is keyof RfiFormValues & keyof typeof limits.OpenIssue => f in limits.OpenIssue,
      ),
      (f) => limits.OpenIssue[f],
      (f) => `openIssue.${f}`,
      (f, value) => validateRfi({ ...base, [f]: value })[f] === undefined,
      (f, value) =>
        h.as('pm', 'OpenIssueUpdateRequest', { openIssue: { folderId: ids.rfiFolderIds[0], [f]: value } }),
    );
  });

  it("the submittal editor's fields", async () => {
    const base: SubmittalFormValues = submittalValues({ number: 'N-1', description: 'D', status: 'Open' });
    await limitsAgree(
      (Object.keys(base) as Array<keyof SubmittalFormValues>).filter(
        (f): f is keyof SubmittalFormValues & keyof typeof limits.SubmittalPackage =>
          f in limits.SubmittalPackage,
      ),
      (f) => limits.SubmittalPackage[f],
      (f) => `submittal.${f}`,
      (f, value) => validateSubmittal({ ...base, [f]: value }, base)[f] === undefined,
      (f, value) =>
        h.as('pm', 'SubmittalUpdateRequest', {
          submittal: { folderId: ids.submittalPackageFolderIds[1], [f]: value },
        }),
    );
  });

  it("the punch-list grid's columns", async () => {
    const row = (f: ColumnKey, value: string) => newRow({ summary: 'Summary', [f]: value });
    await limitsAgree(
      COLUMN_KEYS.filter((f) => f !== 'cost' && f in limits.PunchList),
      (f) => limits.PunchList[f as keyof typeof limits.PunchList],
      (f) => `punchlistList[0].${f}`,
      (f, value) => validateRow(row(f, value).values, punchListStatuses)[f] === undefined,
      (f, value) =>
        h.as('pm', 'PunchListCreateManyRequest', {
          punchlistList: [toPunchList(row(f, value), ids.punchListFolderId, punchListStatuses)],
        }),
    );
  });

  it('the ext-drive file name', async () => {
    const name = (value: string) => `${value.slice(4)}.pdf`;
    await limitsAgree(
      ['fileName'] as const,
      () => limits.DocumentExtDrive.fileName,
      () => 'document.fileName',
      (_, value) =>
        validateExtDriveForm({ ...emptyExtDriveForm(ids.documentFolderId), fileName: name(value) })
          .fileName === undefined,
      (_, value) =>
        h.as('pm', 'ExtDriveDocumentCreateRequest', {
          document: { folderParentId: ids.documentFolderId, fileName: name(value) },
        }),
    );
  });
});

describe(`text dates (src/contract/textDates.ts: years ${TEXT_DATE_MIN_YEAR}–${TEXT_DATE_MAX_YEAR})`, () => {
  // [typed, taken]: what a person may type in a date field, and whether both sides take it.
  const table: Array<[string, boolean]> = [
    ['11/15/2026', true],
    ['1/5/2026', true],
    ['  11/15/2026  ', true],
    ['2026-11-15', true],
    ['2026-11-15T10:30', true],
    ['2026-11-15T10:30:00Z', true],
    ['2026-11-15 10:30:00.123+01:00', true],
    ['02/29/2028', true],
    ['01/01/1900', true],
    ['12/31/2100', true],
    ['', true], // clears the date
    ['12/31/1899', false],
    ['01/01/1800', false],
    ['01/01/1000', false],
    ['01/01/2101', false],
    ['9999-12-31', false],
    ['02/29/2027', false],
    ['02/30/2026', false],
    ['31/12/2026', false],
    ['13/01/2026', false],
    ['2026-1-5', false],
    ['2026-11-15T1', false],
    ['11/15/26', false],
    ['Nov 15, 2026', false],
    ['tomorrow', false],
  ];

  it('the console takes a typed date exactly when the service does', async () => {
    const base = rfiValues({ subject: 'Subject' });
    const seen: Array<[string, boolean, boolean]> = [];
    for (const [typed] of table) {
      const console = validateRfi({ ...base, dueDate: typed }).dueDate === undefined;
      const res = await h.as('pm', 'OpenIssueUpdateRequest', {
        openIssue: { folderId: ids.rfiFolderIds[0], dueDate: typed },
      });
      seen.push([typed, console, await serviceAccepts(res, 'openIssue.dueDate')]);
    }
    expect(seen).toEqual(table.map(([typed, taken]) => [typed, taken, taken]));
  });

  it('the submittal editor and the punch-list grid read dates the same way', () => {
    const pkg = submittalValues({ number: 'N-1', description: 'D' });
    for (const [typed, taken] of table) {
      expect([
        typed,
        validateSubmittal({ ...pkg, dueDateFromSub: typed }, pkg).dueDateFromSub === undefined,
      ]).toEqual([typed, taken]);
      const row = newRow({ summary: 'S', dueDate: typed });
      expect([typed, validateRow(row.values, punchListStatuses).dueDate === undefined]).toEqual([
        typed,
        taken,
      ]);
      if (typed.trim()) expect([typed, parseTextDate(typed) !== undefined]).toEqual([typed, taken]);
    }
  });
});

describe('statuses (src/contract/statuses.ts, codes.ts)', () => {
  it('the submittal editor offers exactly the statuses the service accepts, in any case', async () => {
    const base = submittalValues({ number: 'N-1', description: 'D', status: 'Draft' });
    const folderId = ids.submittalPackageFolderIds[2];
    for (const status of submittalStatuses) {
      for (const typed of [status, status.toUpperCase()]) {
        expect([typed, validateSubmittal({ ...base, status: typed }, base).status]).toEqual([
          typed,
          undefined,
        ]);
        const res = await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId, status: typed } });
        expectStatus(res, 200);
        expect(res.json.submittal.status).toBe(status);
      }
    }
    for (const typed of ['Pending', 'Approved!', 'In-Review']) {
      expect(validateSubmittal({ ...base, status: typed }, base).status).toBeDefined();
      const res = await h.as('pm', 'SubmittalUpdateRequest', { submittal: { folderId, status: typed } });
      expect(await serviceAccepts(res, 'submittal.status')).toBe(false);
    }
  });

  it('the RFI and punch-list statuses the console offers by default are the ones the service accepts', async () => {
    const config = defaultConfig();
    expect(config.statuses.rfi).toEqual(rfiStatuses);
    expect(config.statuses.punchList).toEqual(punchListStatuses);
    for (const { code } of [...config.statuses.rfi, { code: 99 }]) {
      const res = await h.as('pm', 'OpenIssueUpdateRequest', {
        openIssue: { folderId: ids.rfiFolderIds[1], statusId: code },
      });
      expect([code, await serviceAccepts(res, 'openIssue.statusId')]).toEqual([code, code !== 99]);
    }
  });
});
