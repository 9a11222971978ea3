import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/ui/format';
import type { Folder, SubmittalPackage } from '../../src/contract/dtos';
import {
  ballInCourt,
  changedFields,
  changesToSend,
  downloadUrl,
  fileTypeLabel,
  formValuesFrom,
  knownPackage,
  mapFieldErrors,
  validateSubmittal,
  type LastReply,
} from '../../src/features/submittals/model';

const folder: Folder = {
  folderId: 1000,
  folderName: 'Concrete Mix Designs',
  folderDescription: 'Spec section 03 30 00',
  folderParentId: 6,
  folderType: 8,
  folderReferenceId: 1,
  userCanModify: true,
  updatedDate: new Date(Date.UTC(2026, 10, 1, 12)),
};

const stored: SubmittalPackage = {
  folderId: 1000,
  submittalPackageId: 1,
  number: '03 30 00-01',
  description: 'Concrete Mix Designs',
  status: 'In Review',
  reference: 'Spec 03 30 00',
  revision: '1',
  subcontractorId: 7,
  subcontractor: 'Valley Concrete',
  submittingCompanyContactId: 7,
  submittingCompanyContact: 'Dan Ortiz',
  reviewingCompanyContactId: 4,
  reviewingCompanyContact: 'Sara Lee',
  reviewingCompany: 'Lee Architects',
  projectManagerId: 2,
  projectManager: 'Pat Miller',
  isPending: true,
  dueDateFromSub: '10/15/2026',
  notes: 'Long-lead item.',
  countTotalItems: 3,
  countOpenItems: 2,
  countClosedItems: 1,
  ballInCourtContact: 'Sara Lee',
  userCanModify: true,
};

const reply = (over: Partial<LastReply> = {}): LastReply => ({
  submittal: stored,
  savedAt: Date.UTC(2026, 10, 1, 13),
  folderUpdatedMs: folder.updatedDate!.getTime(),
  ...over,
});

describe('knownPackage', () => {
  it('from the folder tree alone: the description is known, every other editable field is not seen', () => {
    const k = knownPackage(folder, undefined);
    expect(k.source).toBe('folder');
    expect(k.pkg.description).toBe('Concrete Mix Designs');
    expect(k.pkg.submittalPackageId).toBe(1);
    expect(k.unseen).not.toContain('description');
    expect(k.unseen).toEqual(
      expect.arrayContaining(['number', 'status', 'notes', 'isPending', 'subcontractorId', 'dueDateFromSub']),
    );
    expect(k.changedSince).toBe(false);
  });

  it('with a reply: nothing is unseen; the folder (read now) wins over an older reply', () => {
    const renamed = { ...folder, folderName: 'Concrete Mix Designs (rev)', userCanModify: false };
    const k = knownPackage(renamed, reply());
    expect(k.unseen).toEqual([]);
    expect(k.pkg.status).toBe('In Review');
    expect(k.pkg.description).toBe('Concrete Mix Designs (rev)');
    expect(k.pkg.userCanModify).toBe(false);
  });

  it('tells a change made after the save by the folder update date', () => {
    const later = { ...folder, updatedDate: new Date(folder.updatedDate!.getTime() + 60_000) };
    expect(knownPackage(later, reply()).changedSince).toBe(true);
    expect(knownPackage(folder, reply()).changedSince).toBe(false);
    expect(knownPackage(later, reply({ folderUpdatedMs: undefined })).changedSince).toBe(false);
  });
});

describe('the editor', () => {
  it('starts from the known values; not seen fields start empty', () => {
    expect(formValuesFrom(stored)).toMatchObject({
      number: '03 30 00-01',
      subcontractorId: '7',
      isPending: true,
      dueDateFromSub: '10/15/2026',
    });
    const fromFolder = formValuesFrom(knownPackage(folder, undefined).pkg);
    expect(fromFolder).toMatchObject({ description: 'Concrete Mix Designs', number: '', isPending: null });
  });

  it('sends only the fields changed', () => {
    const base = formValuesFrom(stored);
    const values = { ...base, status: 'Approved', notes: 'Approved by the architect.' };
    expect(changedFields(base, values)).toEqual(['status', 'notes']);
    expect(changesToSend(base, values)).toEqual({ status: 'Approved', notes: 'Approved by the architect.' });
    expect(changesToSend(base, base)).toEqual({});
  });

  it('trims titles, clears a person with 0, keeps the date format read, sends the pending flag', () => {
    const base = formValuesFrom({ ...stored, dueDateFromSub: '2026-10-15' });
    const values = {
      ...base,
      number: '  03 30 00-02 ',
      subcontractorId: '',
      dueDateFromSub: '11/20/2026',
      isPending: false,
    };
    expect(changesToSend(base, values)).toEqual({
      number: '03 30 00-02',
      subcontractorId: 0,
      dueDateFromSub: '2026-11-20',
      isPending: false,
    });
    // Only spaces added to a title: nothing to send.
    expect(changesToSend(base, { ...base, description: `${base.description} ` })).toEqual({});
  });

  it('does not send a field it has not seen unless something was entered', () => {
    const k = knownPackage(folder, undefined);
    const base = formValuesFrom(k.pkg);
    expect(changesToSend(base, base, k.unseen)).toEqual({});
    const values = {
      ...base,
      status: 'Open',
      notes: 'Call the supplier.',
      isPending: true,
      projectManagerId: '2',
    };
    expect(changesToSend(base, values, k.unseen)).toEqual({
      status: 'Open',
      notes: 'Call the supplier.',
      isPending: true,
      projectManagerId: 2,
    });
  });

  it('validates titles, lengths, the date and the status', () => {
    const base = formValuesFrom(stored);
    expect(validateSubmittal(base, base)).toEqual({});
    const bad = {
      ...base,
      number: '   ',
      description: '',
      revision: 'x'.repeat(21),
      notes: 'n'.repeat(8001),
      dueDateFromSub: '02/30/2026',
      status: 'Lost',
      projectManagerId: 'abc',
    };
    const errors = validateSubmittal(bad, base);
    expect(Object.keys(errors).sort()).toEqual(
      ['description', 'dueDateFromSub', 'notes', 'number', 'projectManagerId', 'revision', 'status'].sort(),
    );
    expect(errors.dueDateFromSub).toMatch(/MM\/DD\/YYYY/);
    expect(errors.revision).toMatch(/At most 20 characters/);
    // Any case of a known status is fine; an empty date clears it.
    expect(validateSubmittal({ ...base, status: 'approved as noted', dueDateFromSub: '' }, base)).toEqual({});
  });

  it('does not require an unseen number left empty, but a seen one may not be blanked', () => {
    const k = knownPackage(folder, undefined);
    const base = formValuesFrom(k.pkg);
    expect(validateSubmittal(base, base, k.unseen)).toEqual({});
    expect(validateSubmittal({ ...base, description: ' ' }, base, k.unseen).description).toBe(
      'Enter the description.',
    );
  });

  it('maps the service field errors to the fields, others to the form', () => {
    expect(
      mapFieldErrors({
        'submittal.status': 'Status must be one of …',
        'submittal.projectManagerId': 'Not a member.',
        'submittal.originalFolderId': 'Not found.',
      }),
    ).toEqual({
      status: 'Status must be one of …',
      projectManagerId: 'Not a member.',
      _form: 'submittal.originalFolderId: Not found.',
    });
  });
});

describe('ball in court', () => {
  it('is unknown without a reply, nobody after a final status, else the contact named', () => {
    expect(ballInCourt(stored, false).known).toBe(false);
    expect(ballInCourt(stored, true)).toMatchObject({
      name: 'Sara Lee',
      reason: 'Pending review by Lee Architects',
    });
    const closed = ballInCourt({ ...stored, status: 'Closed' }, true);
    expect(closed.known).toBe(true);
    expect(closed.name).toBeUndefined();
    expect(closed.reason).toBe('Closed — nobody needs to act');
    expect(ballInCourt({ ...stored, isPending: false, ballInCourtContact: 'Dan Ortiz' }, true).reason).toBe(
      'With the submitting company',
    );
  });
});

describe('attachments', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15_000_000)).toBe('14 MB');
    // One formatter for every screen (src/ui/format.ts): no size is an empty text, as the folder screens had it.
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });

  it('links only http(s) URLs', () => {
    expect(downloadUrl('https://files.example.com/a%20b.pdf')).toBe('https://files.example.com/a%20b.pdf');
    expect(downloadUrl('HTTP://files.example.com/x.pdf')).toBe('http://files.example.com/x.pdf');
    expect(downloadUrl('/uploads/2025-014/x.pdf')).toBeUndefined();
    expect(downloadUrl('javascript:window.__xss=true')).toBeUndefined();
    expect(downloadUrl('data:text/html,<b>x</b>')).toBeUndefined();
    expect(downloadUrl('https://')).toBeUndefined();
    expect(downloadUrl(undefined)).toBeUndefined();
  });

  it('names the file type', () => {
    expect(fileTypeLabel({ uploadedFileType: 'application/pdf' })).toBe('PDF');
    expect(
      fileTypeLabel({
        uploadedFileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(fileTypeLabel({ uploadedFileName: 'Shop drawing.dwg' })).toBe('DWG');
    expect(fileTypeLabel({})).toBeUndefined();
  });
});
