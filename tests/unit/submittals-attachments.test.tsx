// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttachmentFile } from '../../src/contract/dtos';
import { ItemAttachments } from '../../src/features/submittals/ItemAttachments';
import { submittalKeys } from '../../src/features/submittals/queries';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

function renderItem(files: AttachmentFile[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(submittalKeys.attachments(1001), files);
  return renderWithProviders(
    <ItemAttachments item={{ folderId: 1001, folderName: 'Product Data - <b>Mix</b>' }} />,
    { queryClient },
  );
}

describe('submittal item attachments', () => {
  afterEach(cleanup);

  it('shows each file: name, type, size, description, uploaded and modified with who', () => {
    renderItem([
      {
        attachmentFileId: 1,
        uploadedFilePath: 'https://files.example.com/a.pdf',
        uploadedFileName: 'Mix design.pdf',
        uploadedFileType: 'application/pdf',
        uploadedFileSize: 2_621_440,
        attachmentFileDescription: 'Product data',
        uploadedDate: new Date(Date.UTC(2026, 5, 1, 17)),
        uploadedBy: 'Dan Ortiz',
        modifiedDate: new Date(Date.UTC(2026, 5, 3, 17)),
        modifiedBy: 'Sara Lee',
      },
    ]);
    const table = screen.getByRole('table', { name: /Product Data/ });
    const row = within(table).getAllByRole('row')[1];
    const link = within(row).getByRole('link', { name: 'Mix design.pdf' });
    expect(link).toHaveAttribute('href', 'https://files.example.com/a.pdf');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(row).toHaveTextContent('PDF');
    expect(row).toHaveTextContent('2.5 MB');
    expect(row).toHaveTextContent('Product data');
    expect(row).toHaveTextContent('Dan Ortiz');
    expect(row).toHaveTextContent('Sara Lee');
    expect(row.querySelectorAll('time')).toHaveLength(2);
  });

  it('links no path that is not an http(s) URL, and renders service text as text', () => {
    renderItem([
      {
        attachmentFileId: 2,
        uploadedFilePath: 'javascript:window.__xss=true',
        uploadedFileName: '<img src=x>',
      },
      { attachmentFileId: 3, uploadedFilePath: '/uploads/x.pdf', uploadedFileName: 'x.pdf' },
    ]);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('<img src=x>')).toBeInTheDocument();
    expect(screen.getByText('Stored at /uploads/x.pdf (no download link)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Product Data - <b>Mix<\/b>/ })).toBeInTheDocument();
    expect(document.querySelector('img, b')).toBeNull();
  });

  it('says plainly when an item has no files, and when a file has no details', () => {
    const { unmount } = renderItem([]);
    expect(screen.getByText('Nothing is attached to this item.')).toBeInTheDocument();
    unmount();
    renderItem([{}]);
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveTextContent('File');
    expect(row).toHaveTextContent('No description');
  });
});
