import { describe, expect, it } from 'vitest';
import type { Folder } from '../../src/contract/dtos';
import { ancestorIds } from '../../src/features/folders/FolderBreadcrumbs';
import {
  emptyExtDriveForm,
  isHttpUrl,
  mapExtDriveFieldErrors,
  toExtDriveDocument,
  toTextDate,
  validateExtDriveForm,
} from '../../src/features/folders/model/extDriveForm';
import {
  folderChanges,
  folderFormValues,
  mapFolderFieldErrors,
  validateFolderForm,
} from '../../src/features/folders/model/folderForm';

const folder: Folder = { folderId: 12, folderName: 'Permits', folderDescription: 'Cards', folderSorting: 3 };

describe('edit folder form', () => {
  it('sends only the fields that changed (name trimmed)', () => {
    const v = folderFormValues(folder);
    expect(folderChanges(folder, v)).toEqual({});
    expect(folderChanges(folder, { ...v, folderName: '  Permits & Inspections ' })).toEqual({
      folderName: 'Permits & Inspections',
    });
    expect(folderChanges(folder, { ...v, folderSorting: '7', folderDescription: '' })).toEqual({
      folderSorting: 7,
      folderDescription: '',
    });
    // Missing wire fields read as empty: nothing to send until the user types.
    expect(folderChanges({ folderId: 1 }, folderFormValues({ folderId: 1 }))).toEqual({});
  });

  it('checks name, description length and sorting', () => {
    expect(validateFolderForm({ folderName: ' ', folderDescription: '', folderSorting: 'x' })).toEqual({
      folderName: 'Enter a name.',
      folderSorting: 'Enter a whole number.',
    });
    expect(
      validateFolderForm({
        folderName: 'a'.repeat(201),
        folderDescription: 'b'.repeat(2001),
        folderSorting: '-2',
      }),
    ).toMatchObject({
      folderName: expect.stringMatching(/200/),
      folderDescription: expect.stringMatching(/2000/),
    });
    expect(validateFolderForm(folderFormValues(folder))).toEqual({});
  });

  it('puts the service field errors at their fields', () => {
    expect(
      mapFolderFieldErrors({
        'folder.folderName': 'Too long.',
        'folder.folderType': 'Read only.',
        '': 'Oops',
      }),
    ).toEqual({ fields: { folderName: 'Too long.' }, other: ['folder.folderType: Read only.', 'Oops'] });
  });
});

describe('add external-drive document form', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://drive.example.com/a?b=1')).toBe(true);
    expect(isHttpUrl('http://x.test')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/relative',
      'ftp://x.test/f',
      'https//x',
    ]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it('converts the date input to the service text date, rejecting impossible dates', () => {
    expect(toTextDate('2026-10-05')).toBe('10/05/2026');
    expect(toTextDate('2026-02-30')).toBeUndefined();
    expect(toTextDate('10/05/2026')).toBeUndefined();
  });

  it('validates the fields people fill in', () => {
    const v = { ...emptyExtDriveForm(2), fileName: 'a/b.pdf', fileSize: '1.5', downloadUrl: 'javascript:x' };
    expect(Object.keys(validateExtDriveForm(v)).sort()).toEqual(['downloadUrl', 'fileName', 'fileSize']);
    expect(validateExtDriveForm({ ...emptyExtDriveForm(2) })).toEqual({ fileName: 'Enter the file name.' });
  });

  it('sends the filled fields only, in the target folder', () => {
    const doc = toExtDriveDocument({
      ...emptyExtDriveForm(2),
      folderParentId: '10',
      fileName: ' Spec 03 30 00.pdf ',
      status: '3',
      issueDate: '2026-01-31',
      viewerUrl: 'https://v.example.com/1',
    });
    expect(doc).toEqual({
      folderParentId: 10,
      fileName: 'Spec 03 30 00.pdf',
      status: '3',
      issueDate: '01/31/2026',
      viewerUrl: 'https://v.example.com/1',
    });
  });

  it('maps document.* field errors to the form', () => {
    expect(
      mapExtDriveFieldErrors({
        'document.viewerUrl': 'Bad URL.',
        'document.folderParentId': 'Wrong type.',
        x: 'y',
      }),
    ).toEqual({ fields: { viewerUrl: 'Bad URL.', folderParentId: 'Wrong type.' }, other: ['y'] });
  });
});

describe('breadcrumb ancestors', () => {
  it('walks folderParentId through what is known, stopping at cycles and unknown parents', () => {
    const known = new Map<number, Folder>([
      [2, { folderId: 2, folderParentId: 1 }],
      [1, { folderId: 1, folderParentId: null }],
    ]);
    expect(ancestorIds({ folderId: 10, folderParentId: 2 }, (id) => known.get(id))).toEqual([2, 1]);
    expect(ancestorIds({ folderId: 10, folderParentId: 7 }, () => undefined)).toEqual([7]);
    const cyclic = new Map<number, Folder>([
      [5, { folderId: 5, folderParentId: 6 }],
      [6, { folderId: 6, folderParentId: 5 }],
    ]);
    expect(ancestorIds({ folderId: 6, folderParentId: 5 }, (id) => cyclic.get(id))).toEqual([5]);
    expect(ancestorIds({ folderId: 1 }, () => undefined)).toEqual([]);
  });
});
