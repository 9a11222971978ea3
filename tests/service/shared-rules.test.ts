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
import { newRow, toPunchList, validateRow, type ColumnKey } from '../../src/features/punchlist/model';
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

describe('field length limits (src/contract/limits.ts)', () => {
  it('folder name and description: at the limit both accept, one over both refuse', async () => {
    const base: FolderFormValues = {
      folderName: 'Archive (empty)',
      folderDescription: '',
      folderSorting: '',
    };
    for (const field of ['folderName', 'folderDescription'] as const) {
      const max = limits.Folder[field];
      for (const length of [max, max + 1]) {
        const value = text(length);
        const console = validateFolderForm({ ...base, [field]: value })[field] === undefined;
        const res = await h.as('pm', 'FolderUpdateRequest', {
          folder: { folderId: ids.emptyFolderId, [field]: value },
        });
        const service = await serviceAccepts(res, `folder.${field}`);
        expect({ field, length, console, service }).toEqual({
          field,
          length,
          console: length <= max,
          service: length <= max,
        });
      }
    }
    await h.as('pm', 'FolderUpdateRequest', {
      folder: { folderId: ids.emptyFolderId, folderName: 'Archive (empty)' },
    });
  });

  it('RFI editor fields: at the limit both accept, one over both refuse', async () => {
    const fields = [
      'subject',
      'question',
      'locationSite',
      'locationBuilding',
      'locationFloor',
      'locationRoom',
      'reference',
      'drawing',
    ] as const satisfies ReadonlyArray<keyof RfiFormValues & keyof typeof limits.OpenIssue>;
    const base = rfiValues({ subject: 'Subject' });
    for (const field of fields) {
      const max = limits.OpenIssue[field];
      for (const length of [max, max + 1]) {
        const value = text(length);
        const console = validateRfi({ ...base, [field]: value })[field] === undefined;
        const res = await h.as('pm', 'OpenIssueUpdateRequest', {
          openIssue: { folderId: ids.rfiFolderIds[0], [field]: value },
        });
        const service = await serviceAccepts(res, `openIssue.${field}`);
        expect({ field, length, console, service }).toEqual({
          field,
          length,
          console: length <= max,
          service: length <= max,
        });
      }
    }
  });

  it('submittal editor fields: at the limit both accept, one over both refuse', async () => {
    const fields = ['number', 'description', 'reference', 'revision', 'notes'] as const;
    const base: SubmittalFormValues = submittalValues({ number: 'N-1', description: 'D', status: 'Open' });
    for (const field of fields) {
      const max = limits.SubmittalPackage[field];
      for (const length of [max, max + 1]) {
        const value = text(length);
        const console = validateSubmittal({ ...base, [field]: value }, base)[field] === undefined;
        const res = await h.as('pm', 'SubmittalUpdateRequest', {
          submittal: { folderId: ids.submittalPackageFolderIds[1], [field]: value },
        });
        const service = await serviceAccepts(res, `submittal.${field}`);
        expect({ field, length, console, service }).toEqual({
          field,
          length,
          console: length <= max,
          service: length <= max,
        });
      }
    }
  });

  it('punch-list grid columns: at the limit both accept, one over both refuse', async () => {
    const fields = [
      'summary',
      'description',
      'locationSite',
      'locationBuilding',
      'locationFloor',
      'locationRoom',
      'reference',
      'drawing',
      'drawingDetail',
    ] as const satisfies ReadonlyArray<ColumnKey & keyof typeof limits.PunchList>;
    for (const field of fields) {
      const max = limits.PunchList[field];
      for (const length of [max, max + 1]) {
        const row = newRow({ summary: 'Summary', [field]: text(length) });
        const console = validateRow(row.values, punchListStatuses)[field] === undefined;
        const res = await h.as('pm', 'PunchListCreateManyRequest', {
          punchlistList: [toPunchList(row, ids.punchListFolderId, punchListStatuses)],
        });
        const service = await serviceAccepts(res, `punchlistList[0].${field}`);
        expect({ field, length, console, service }).toEqual({
          field,
          length,
          console: length <= max,
          service: length <= max,
        });
      }
    }
  });

  it('ext-drive file name: at the limit both accept, one over both refuse', async () => {
    const max = limits.DocumentExtDrive.fileName;
    for (const length of [max, max + 1]) {
      const fileName = `${text(length - 4)}.pdf`;
      const console = validateExtDriveForm({ ...emptyExtDriveForm(ids.documentFolderId), fileName }).fileName;
      const res = await h.as('pm', 'ExtDriveDocumentCreateRequest', {
        document: { folderParentId: ids.documentFolderId, fileName },
      });
      const service = await serviceAccepts(res, 'document.fileName');
      expect({ length, console: console === undefined, service }).toEqual({
        length,
        console: length <= max,
        service: length <= max,
      });
    }
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
