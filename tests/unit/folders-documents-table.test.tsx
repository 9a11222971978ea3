// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { FolderDocument } from '../../src/contract/dtos';
import { DocumentsTable } from '../../src/features/folders/DocumentsTable';
import { documentKeys, type FolderDocuments } from '../../src/features/folders/queries';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

afterEach(cleanup);

const docs: FolderDocument[] = [
  {
    documentId: 1,
    documentNumber: 'A-1',
    documentStatus: 3,
    documentStatusName: 'Approved',
    documentTypeName: 'Drawing',
  },
  {
    documentId: 2,
    documentNumber: 'A-2',
    documentStatus: 1,
    documentStatusName: 'Issued',
    documentTypeName: 'Drawing',
  },
  { documentId: 3, documentNumber: '<b>S-1</b>', documentStatus: 3, documentStatusName: 'Approved' },
];

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderTable(
  route: string,
  documents: FolderDocument[] = docs,
  list: FolderDocuments = { documents, total: documents.length, complete: true },
) {
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  queryClient.setQueryData(documentKeys.inFolder(7), list);
  queryClient.setQueryData(documentKeys.statuses(1), [
    { id: 1, name: 'Issued' },
    { id: 3, name: 'Approved' },
  ]);
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/f"
        element={
          <>
            <DocumentsTable folderId={7} projectId={1} folderName="Docs" />
            <Search />
          </>
        }
      />
    </Routes>,
    { route, queryClient },
  );
  return { ...view, queryClient };
}

describe('DocumentsTable', () => {
  it('takes its filter and sort from the URL', () => {
    renderTable('/f?status=3&sort=issueDate&dir=desc');
    expect(screen.getByTestId('documents-count')).toHaveTextContent('2 of 3 documents');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
    const header = screen.getByRole('columnheader', { name: /Issue date/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes sort and text filter into the URL', async () => {
    const user = userEvent.setup();
    renderTable('/f');
    await user.click(within(screen.getByTestId('documents-scroll')).getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?sort=status'));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 's-1');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?sort=status&q=s-1'));
    expect(await screen.findByText('1 of 3 documents')).toBeInTheDocument();
  });

  it('says when a folder is empty, and when nothing matches', () => {
    renderTable('/f', []);
    expect(screen.getByText('No documents')).toBeInTheDocument();
    cleanup();
    renderTable('/f?q=nothing-like-this');
    expect(screen.getByText('No matching documents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows the rows that have arrived, in the service’s order, and holds sorting and filters until the last', async () => {
    // Sorted by status, descending, in the URL; two of three documents are in.
    const { queryClient } = renderTable('/f?sort=status&dir=desc&q=a-', docs, {
      documents: docs.slice(0, 2),
      total: 3,
      complete: false,
    });
    // (The rows themselves, virtualised, need a layout: tests/e2e/documents-stream.spec.ts.)
    const scroll = screen.getByTestId('documents-scroll');
    expect(screen.getByTestId('documents-loading')).toHaveTextContent(
      'Loading 2 of 3 documents… Sorting and filters apply once all are in.',
    );
    expect(screen.getByTestId('documents-count')).toHaveTextContent('Loading documents…');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(within(scroll).getByRole('button', { name: 'Status' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    queryClient.setQueryData(documentKeys.inFolder(7), { documents: docs, total: 3, complete: true });
    await waitFor(() => expect(screen.getByTestId('documents-count')).toHaveTextContent('2 of 3 documents'));
    expect(screen.queryByTestId('documents-loading')).toBeNull();
    expect(within(scroll).getByRole('button', { name: 'Status' })).toBeEnabled();
  });

  it('says how many so far when the service did not say how many there are', () => {
    renderTable('/f', docs, { documents: docs.slice(0, 1), complete: false });
    expect(screen.getByTestId('documents-loading')).toHaveTextContent('Loading documents: 1 so far…');
  });
});
