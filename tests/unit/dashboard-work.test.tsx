// @vitest-environment jsdom
// The dashboard's work panels from a seeded query cache: figures, empty states, and a failing read staying in
// its own panel. Nothing here reaches a service: a read that is not in the cache fails (no service in jsdom).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { documentKeys } from '../../src/api/queries/documents';
import { folderKeys } from '../../src/api/queries/folders';
import { meetingKeys } from '../../src/api/queries/meetings';
import { projectKeys } from '../../src/api/queries/projects';
import { rfiKeys } from '../../src/api/queries/rfis';
import type { Folder, Project } from '../../src/contract/dtos';
import { DashboardPage } from '../../src/features/projects/DashboardPage';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 24, 9, 0) }); // 11/24/2026, local
});
afterEach(() => vi.useRealTimers());

const project: Project = { projectId: 1, projectName: 'Riverside', rootFolderId: 10 };
const containers: Folder[] = [
  { folderId: 2, folderName: 'Documents', folderType: 2 },
  { folderId: 4, folderName: 'RFIs', folderType: 4 },
  { folderId: 6, folderName: 'Submittals', folderType: 7 },
  { folderId: 7, folderName: 'Daily Reports', folderType: 10 },
  { folderId: 8, folderName: 'Meetings', folderType: 12 },
];

function render(seed: (client: ReturnType<typeof testQueryClient>) => void, children = containers) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(projectKeys.detail(1), project);
  queryClient.setQueryData(folderKeys.children(10), children);
  seed(queryClient);
  return renderWithProviders(
    <Routes>
      <Route path="/projects/:projectId" element={<DashboardPage />} />
    </Routes>,
    { route: '/projects/1', queryClient },
  );
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('work panels', () => {
  it('show the figures of the records in the cache, each linking to its screen', async () => {
    render((c) => {
      c.setQueryData(folderKeys.children(4), [
        { folderId: 101, folderType: 5, folderParentId: 4 },
        { folderId: 102, folderType: 5, folderParentId: 4 },
        { folderId: 103, folderType: 5, folderParentId: 4 },
      ]);
      const rfi = (number: string, statusName: string, dueDate: string) => ({
        openIssue: { number, statusName, dueDate, subject: `Subject ${number}`, toName: 'Ann Arch' },
        referencedDocuments: [],
      });
      c.setQueryData(rfiKeys.detail(101), rfi('RFI-001', 'Open', '11/20/2026'));
      c.setQueryData(rfiKeys.detail(102), rfi('RFI-002', 'Open', '12/20/2026'));
      c.setQueryData(rfiKeys.detail(103), rfi('RFI-003', 'Draft', '01/20/2026'));
      c.setQueryData(folderKeys.children(6), [{ folderId: 1000, folderType: 8, folderName: 'Concrete' }]);
      c.setQueryData(folderKeys.children(7), [
        { folderId: 2001, folderType: 11, folderName: 'Daily Report 11/23/2026', folderReferenceId: 1 },
        { folderId: 2002, folderType: 11, folderName: 'Daily Report 11/24/2026', folderReferenceId: 2 },
      ]);
      c.setQueryData(folderKeys.children(8), [{ folderId: 3000, folderType: 13, folderName: 'OAC #1' }]);
      c.setQueryData(meetingKeys.detail(3000), {
        folderId: 3000,
        subject: 'OAC #1',
        meetingNumber: '001',
        meetingDate: '11/25/2026',
      });
      c.setQueryData(meetingKeys.minutes(3000), [{ dateDue: '11/01/2026' }, { dateDue: '12/01/2026' }]);
      c.setQueryData(documentKeys.inFolder(2), {
        documents: [
          { documentId: 1, documentNumber: 'A-100', documentUpdateDate: new Date(2026, 9, 1) },
          { documentId: 2, documentNumber: 'A-200', documentUpdateDate: new Date(2026, 10, 1) },
        ],
        total: 2,
        complete: true,
      });
    });

    const rfis = panel('RFIs');
    expect(await within(rfis).findByTestId('rfis-open-count')).toHaveTextContent('2');
    expect(within(rfis).getByTestId('rfis-overdue-count')).toHaveTextContent('1');
    expect(within(rfis).getByRole('link', { name: 'RFI-001' })).toHaveAttribute(
      'href',
      '/projects/1/rfis/4/101',
    );
    expect(within(rfis).getByText(/4 days overdue · with Ann Arch/)).toBeInTheDocument();
    expect(within(rfis).getByRole('link', { name: 'RFI log' })).toHaveAttribute('href', '/projects/1/rfis/4');
    expect(within(rfis).getByRole('link', { name: '1 overdue' })).toHaveAttribute(
      'href',
      '/projects/1/rfis/4?overdue=1',
    );

    const daily = panel('Daily reports');
    expect(within(daily).getByTestId('latest-report')).toHaveAttribute(
      'href',
      '/projects/1/daily-reports/7/2026-11-24',
    );
    expect(within(daily).getByTestId('today-report')).toHaveTextContent('Today’s report is in');

    const meetings = panel('Meetings');
    expect(await within(meetings).findByTestId('meetings-overdue-count')).toHaveTextContent('1');
    expect(within(within(meetings).getByTestId('next-meeting')).getByRole('link')).toHaveAttribute(
      'href',
      '/projects/1/meetings/3000',
    );

    expect(within(panel('Submittal packages')).getByRole('link', { name: 'Concrete' })).toHaveAttribute(
      'href',
      '/projects/1/submittals/6/1000',
    );
    expect(within(panel('Recent documents')).getAllByTestId('recent-document')[0]).toHaveTextContent('A-200');
  });

  it('say what is missing: no container of the kind, no records', async () => {
    render(
      (c) => {
        c.setQueryData(folderKeys.children(4), []);
        c.setQueryData(folderKeys.children(7), []);
      },
      containers.filter((f) => f.folderType === 4 || f.folderType === 10),
    );
    expect(await within(panel('RFIs')).findByText('No RFIs yet')).toBeInTheDocument();
    expect(within(panel('Daily reports')).getByText('No daily reports yet')).toBeInTheDocument();
    expect(within(panel('Meetings')).getByText('No Meetings folder')).toBeInTheDocument();
    expect(within(panel('Submittal packages')).getByText('No Submittals folder')).toBeInTheDocument();
    expect(within(panel('Recent documents')).getByText('No document folders')).toBeInTheDocument();
  });

  it('keep what they show when a re-read fails (the shell toasts it), and a failing first read stays in its panel', async () => {
    // Daily reports are in the cache but stale: the panel re-reads them, which fails here (no service).
    // The meetings were never read: that read fails too, and only the Meetings panel says so.
    render((c) => {
      c.setQueryData(folderKeys.children(7), [
        { folderId: 2001, folderType: 11, folderName: 'Daily Report 11/20/2026', folderReferenceId: 1 },
      ]);
    });
    const meetings = panel('Meetings');
    expect(await within(meetings).findByText('The meetings could not be loaded')).toBeInTheDocument();
    expect(within(meetings).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const daily = panel('Daily reports');
    expect(within(daily).getByTestId('latest-report')).toHaveAttribute(
      'href',
      '/projects/1/daily-reports/7/2026-11-20',
    );
    expect(within(daily).queryByText(/could not be loaded/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Riverside' })).toBeInTheDocument();
  });

  it('count what could be read and say what could not', async () => {
    render((c) => {
      c.setQueryData(folderKeys.children(4), [
        { folderId: 101, folderType: 5 },
        { folderId: 102, folderType: 5 },
      ]);
      c.setQueryData(rfiKeys.detail(101), {
        openIssue: { number: 'RFI-001', statusName: 'Open', dueDate: '11/20/2026' },
        referencedDocuments: [],
      });
    });
    const rfis = panel('RFIs');
    expect(await within(rfis).findByText(/1 of 2 RFIs could not be read/)).toBeInTheDocument();
    expect(within(rfis).getByTestId('rfis-open-count')).toHaveTextContent('1');
    expect(within(rfis).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
