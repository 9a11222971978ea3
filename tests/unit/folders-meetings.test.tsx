// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meetingQuery } from '../../src/api/queries/meetings';
import type { Folder } from '../../src/contract/dtos';
import { MEETINGS_PAGE, MeetingFolders } from '../../src/features/folders/MeetingFolders';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

afterEach(cleanup);

const folders: Folder[] = Array.from({ length: 120 }, (_, i) => ({
  folderId: 5000 + i,
  folderName: `Meeting ${i + 1}`,
}));

describe('MeetingFolders', () => {
  it('lists and reads the meetings a page at a time', async () => {
    const queryClient = testQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
    // Every meeting's details are known, so nothing is fetched; what the list asks for is what it reads.
    for (const f of folders)
      queryClient.setQueryData(meetingQuery(f.folderId!).queryKey, { meetingNumber: String(f.folderId) });
    const observed = () =>
      queryClient
        .getQueryCache()
        .findAll()
        .filter((q) => q.getObserversCount() > 0).length;
    renderWithProviders(<MeetingFolders projectId={1} folders={folders} />, { queryClient });

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(MEETINGS_PAGE + 1);
    expect(observed()).toBe(MEETINGS_PAGE);
    expect(screen.getByText('50 of 120 meetings shown.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(121);
    expect(observed()).toBe(120);
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).toBeNull();
  });
});
