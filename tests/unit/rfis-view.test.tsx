// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { rfiStatuses } from '../../src/contract/codes';
import { RfiEditor } from '../../src/features/rfis/RfiEditor';
import { formValuesFrom } from '../../src/features/rfis/model/editor';
import { RfiView } from '../../src/features/rfis/RfiView';
import { renderWithProviders } from '../../src/test-utils';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

describe('RFI screen parts', () => {
  it('shows an RFI with no fields at all without failing', () => {
    renderWithProviders(
      <RfiView
        issue={{}}
        documents={[]}
        members={undefined}
        projectId={1}
        currency="USD"
        status={undefined}
      />,
    );
    expect(screen.getByText('No question written.')).toBeInTheDocument();
    expect(screen.getByText('No replies yet.')).toBeInTheDocument();
    expect(screen.getByText('No referenced documents')).toBeInTheDocument();
  });

  it('renders service text as text and links referenced documents into the folder view', () => {
    renderWithProviders(
      <RfiView
        issue={{
          question: 'Is <b>this</b> bold?',
          discussionReplies: '<img src=x onerror=alert(1)>',
          ccUserList: [3],
          ccUserName: 'Fallback Name',
          dueDate: '11/12/2026',
        }}
        documents={[{ documentId: 9, folderId: 44, documentNumber: 'A-101' }]}
        members={[{ userId: 3, fullName: 'Angela Brooks', company: 'Bluewater' }]}
        projectId={1}
        currency="USD"
        status="Open"
      />,
    );
    expect(screen.getByText('Is <b>this</b> bold?')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('b, img')).toBeNull();
    expect(screen.getByText('Angela Brooks (Bluewater)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'A-101' })).toHaveAttribute('href', '/projects/1/folders/44');
  });

  it('shows field errors at their fields in the editor', () => {
    renderWithProviders(
      <RfiEditor
        values={formValuesFrom({ subject: 'S', dueDate: '01/01/1800' })}
        onChange={vi.fn()}
        errors={{ dueDate: 'Due date must be a date as MM/DD/YYYY.', _form: 'Something else.' }}
        members={[]}
        statuses={rfiStatuses}
        saving={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const due = screen.getByLabelText('Due date');
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(due).toHaveAccessibleDescription(/Due date must be a date as MM\/DD\/YYYY\./);
    expect(screen.getByText('Something else.')).toBeInTheDocument();
  });
});
