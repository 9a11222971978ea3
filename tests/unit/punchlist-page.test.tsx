// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { folderKeys } from '../../src/api/queries/folders';
import { sessionStore } from '../../src/api/session';
import type { Folder } from '../../src/contract/dtos';
import { saveDraft } from '../../src/features/punchlist/draft';
import { newRow } from '../../src/features/punchlist/model';
import { PunchListPage } from '../../src/features/punchlist/PunchListPage';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
beforeEach(() => {
  sessionStore.set({ sessionKey: 'k', apiKey: 'a', userName: 'pm', isAdmin: false });
});

function renderPage(folder: Folder) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(folderKeys.detail(folder.folderId!), folder);
  return renderWithProviders(
    <Routes>
      <Route path="/projects/:projectId/punch-list/:containerId" element={<PunchListPage />} />
    </Routes>,
    { route: `/projects/1/punch-list/${folder.folderId}`, queryClient },
  );
}

describe('PunchListPage', () => {
  it('is read only when the user may not modify the punch list', () => {
    renderPage({ folderId: 5, folderName: 'Punch List', folderType: 6, userCanModify: false });
    expect(screen.getByText('You may not add items to this punch list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Create/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add row' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import CSV / Excel…' })).toBeDisabled();
  });

  it('says when the folder is not a punch list', () => {
    renderPage({ folderId: 4, folderName: 'RFIs', folderType: 4 });
    expect(screen.getByRole('heading', { level: 1, name: 'Not a punch list' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it as a folder' })).toHaveAttribute(
      'href',
      '/projects/1/folders/4',
    );
  });

  it('restores the draft of this user and punch list, with its problems counted', () => {
    const rows = [newRow({ summary: 'Restored one' }), newRow({ locationRoom: '104' })];
    saveDraft('pm', 5, { rows, hidden: ['drawingDetail'], savedAt: Date.now() });
    saveDraft('someone-else', 5, {
      rows: [newRow({ summary: 'Not mine' })],
      hidden: [],
      savedAt: Date.now(),
    });
    renderPage({ folderId: 5, folderName: 'Punch List', folderType: 6 });
    expect(screen.getByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByText('2 rows to create')).toBeInTheDocument();
    expect(screen.getAllByText('1 row with problems')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Row 2 · Summary: Summary is required.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();
  });
});
