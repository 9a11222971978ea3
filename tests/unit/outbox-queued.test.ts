// Issue 34: a folder or submittal package edited offline shows the queued values, marked, until the service's
// reply replaces them (the RFI's: rfis-queued.test.ts).
import { describe, expect, it } from 'vitest';
import { waitingValues, type OutboxState } from '../../src/api/outbox';
import { withQueuedChanges } from '../../src/features/submittals/queued';

const entry = (state: OutboxState, request: object) => ({ state, request });

describe('the values waiting in the outbox', () => {
  it('takes a folder edit’s fields, never its id, the last queued value winning', () => {
    const q = waitingValues(
      [
        entry('pending', { folder: { folderId: 12, folderName: 'A', folderSorting: 3 } }),
        entry('sending', { folder: { folderId: 12, folderName: 'B' } }),
        entry('refused', { folder: { folderId: 12, folderDescription: 'Refused' } }),
      ],
      'folder',
    );
    expect(q.values).toEqual({ folderName: 'B', folderSorting: 3 });
    expect([...q.fields].sort()).toEqual(['folderName', 'folderSorting']);
    expect(waitingValues([entry('conflict', { folder: { folderName: 'C' } })], 'folder').fields.size).toBe(0);
  });

  it('shows a package’s queued fields over what is known, seen now, a changed person’s old name dropped', () => {
    const pkg = { folderId: 1000, description: 'Mix designs', status: 'Open', projectManager: 'Pat Miller' };
    const q = withQueuedChanges(
      pkg,
      ['notes', 'reference'],
      [entry('pending', { submittal: { folderId: 1000, notes: 'Queued note', projectManagerId: 7 } })],
    );
    expect(q.pkg).toMatchObject({ description: 'Mix designs', notes: 'Queued note', projectManagerId: 7 });
    expect(q.pkg.projectManager).toBeUndefined();
    expect(q.unseen).toEqual(['reference']);
    expect([...q.waiting].sort()).toEqual(['notes', 'projectManagerId']);
    expect(withQueuedChanges(pkg, [], []).pkg).toBe(pkg);
  });
});
