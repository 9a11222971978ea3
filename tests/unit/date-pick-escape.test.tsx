// @vitest-environment jsdom
// The calendar button's popover closes on Escape also while the focus is still on the button: the calendar's
// code is loading or the focus trap has not moved in yet, and the dropdown hears only keys pressed inside it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DatePickButton } from '../../src/ui/DatePickButton';
import { renderWithProviders } from '../../src/test-utils';

afterEach(cleanup);

describe('DatePickButton', () => {
  it('closes on Escape pressed on its button right after opening', async () => {
    renderWithProviders(<DatePickButton value="" onPick={() => undefined} label="Open the calendar" />);
    const button = screen.getByRole('button', { name: 'Open the calendar' });
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Open the calendar' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Open the calendar' })).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
