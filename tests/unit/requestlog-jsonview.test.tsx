// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../src/test-utils';
import { JsonView } from '../../src/ui/JsonView';

const value = {
  __type: 'Pm.ProjectGetResponse, Pm',
  project: { projectName: 'Riverside <b>Medical</b>', address: { city: 'Sacramento' } },
  list: [1, 2],
};

describe('JsonView', () => {
  afterEach(cleanup);

  it('shows the first levels, renders text as text and shows __type quietly', () => {
    renderWithProviders(<JsonView value={value} label="Reply" />);
    const tree = screen.getByRole('tree', { name: 'Reply' });
    expect(tree.textContent).toContain('"Riverside <b>Medical</b>"');
    expect(tree.querySelector('b')).toBeNull();
    expect(tree.textContent).toContain('__type');
    // Depth 2 is closed at first.
    expect(tree.textContent).not.toContain('Sacramento');
  });

  it('opens the branches that hold a search match and marks it', () => {
    renderWithProviders(<JsonView value={value} label="Reply" />);
    fireEvent.change(screen.getByLabelText('Search Reply'), { target: { value: 'sacra' } });
    const tree = screen.getByRole('tree', { name: 'Reply' });
    expect(tree.textContent).toContain('Sacramento');
    expect(tree.querySelector('mark')?.textContent).toBe('Sacra');
  });

  it('collapses and expands a branch', () => {
    renderWithProviders(<JsonView value={value} label="Reply" />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse project' }));
    expect(screen.getByRole('tree').textContent).not.toContain('Riverside');
    fireEvent.click(screen.getByRole('button', { name: 'Expand project' }));
    expect(screen.getByRole('tree').textContent).toContain('Riverside');
  });

  it('shows a bare value', () => {
    renderWithProviders(<JsonView value={null} label="Nothing" />);
    expect(screen.getByRole('tree', { name: 'Nothing' }).textContent).toBe('null');
  });
});
