// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { folderKeys } from '../../src/api/queries/folders';
import { projectKeys } from '../../src/api/queries/projects';
import type { Folder, Project } from '../../src/contract/dtos';
import { DashboardPage } from '../../src/features/projects/DashboardPage';
import { formatAddress, resolveLogoUrl } from '../../src/features/projects/projectFormat';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';

afterEach(cleanup);

const project: Project = {
  projectId: 1,
  projectName: 'Riverside Medical Office Building',
  projectNumber: '2025-014',
  projectStatus: 1,
  description: 'Three-story <b>medical</b> office building.',
  address: { line1: '2400 Riverside Blvd', city: 'Sacramento', state: 'CA', zip: '95818', country: 'USA' },
  phone: '(916) 555-0120',
  rootFolderId: 10,
  startDate: new Date(Date.UTC(2025, 8, 15, 12)),
  budget: 48_750_000,
  numberOwner: 'LHP-MOB-22',
};

const containers: Folder[] = [
  { folderId: 11, folderName: 'RFIs', folderType: 4, folderTypeName: 'RFIs', folderParentId: 10 },
  { folderId: 12, folderName: 'Daily Reports', folderType: 10, folderParentId: 10 },
  { folderId: 13, folderName: 'Submittals', folderType: 7, folderParentId: 10 },
  { folderId: 14, folderName: 'Punch List', folderType: 6, folderParentId: 10 },
];

function renderDashboard(children: Folder[] = containers) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(projectKeys.detail(1), project);
  queryClient.setQueryData(folderKeys.children(10), children);
  return renderWithProviders(
    <Routes>
      <Route path="/projects/:projectId" element={<DashboardPage />} />
    </Routes>,
    { route: '/projects/1', queryClient },
  );
}

describe('DashboardPage', () => {
  it('shows the project: name, number, status, address, money, dates', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: project.projectName })).toBeInTheDocument();
    expect(screen.getByText(/Project number 2025-014/)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/2400 Riverside Blvd/)).toBeInTheDocument();
    expect(screen.getByText(/\$48,750,000\.00/)).toBeInTheDocument();
    expect(screen.getByText('LHP-MOB-22')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(916) 555-0120' })).toHaveAttribute('href', 'tel:9165550120');
    expect(document.querySelector('time')).toHaveAttribute('dateTime', project.startDate!.toISOString());
  });

  it('renders service text as text, never as HTML', () => {
    renderDashboard();
    expect(screen.getByText('Three-story <b>medical</b> office building.')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('links each container folder to its route, named by the service or by config', () => {
    renderDashboard();
    const section = screen.getByRole('region', { name: 'Folders' });
    expect(within(section).getByRole('link', { name: /RFIs/ })).toHaveAttribute(
      'href',
      '/projects/1/rfis/11',
    );
    const daily = within(section).getByRole('link', { name: /Daily Reports/ });
    expect(daily).toHaveAttribute('href', '/projects/1/daily-reports/12');
    expect(within(section).getByRole('link', { name: /Submittals/ })).toHaveAttribute(
      'href',
      '/projects/1/submittals/13',
    );
    expect(within(section).getByRole('link', { name: /Punch List/ })).toHaveAttribute(
      'href',
      '/projects/1/punch-list/14',
    );
  });

  it('says when the project has no folders', () => {
    renderDashboard([]);
    expect(screen.getByText('This project has no folders yet.')).toBeInTheDocument();
  });
});

describe('dashboard formatting', () => {
  it('formats an address on lines, skipping what is missing', () => {
    expect(formatAddress({ line1: '1 Main St', city: 'Reno', state: 'NV', zip: '89501' })).toBe(
      '1 Main St\nReno, NV 89501',
    );
    expect(formatAddress({})).toBeUndefined();
  });

  it('loads logos only from http(s) or the service', () => {
    expect(resolveLogoUrl('https://cdn.example.com/l.png', '')).toBe('https://cdn.example.com/l.png');
    expect(resolveLogoUrl('/logos/1.png', 'https://svc.example.com')).toBe(
      'https://svc.example.com/logos/1.png',
    );
    expect(resolveLogoUrl('javascript:alert(1)', '')).toBeUndefined();
    expect(resolveLogoUrl('//evil.example/x.png', '')).toBeUndefined();
  });
});
