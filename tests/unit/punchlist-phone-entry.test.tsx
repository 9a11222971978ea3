// @vitest-environment jsdom
// The phone form: "Save and next" checks with the grid's rules (the reason at the field, nothing handed on),
// hands a good item on under its TempItemId, and starts the next one with the location carried over; Enter
// moves to the next field and saves in the last one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { punchListStatuses } from '../../src/contract/codes';
import { PhoneEntry } from '../../src/features/punchlist/PhoneEntry';
import { storedPhoneForm, type PhoneForm } from '../../src/features/punchlist/phone';
import { renderWithProviders } from '../../src/test-utils';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderForm(onSave: (f: PhoneForm) => Promise<void> = async () => {}) {
  const saved = vi.fn(onSave);
  renderWithProviders(
    <PhoneEntry userName="pm" containerId={5} statuses={punchListStatuses} readOnly={false} onSave={saved} />,
  );
  return saved;
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('PhoneEntry', () => {
  it('refuses an item without a summary at the field and hands nothing on', async () => {
    const user = userEvent.setup();
    const saved = renderForm();
    await user.type(field('Site'), 'North');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(saved).not.toHaveBeenCalled();
    const summary = screen.getByRole('textbox', { name: /^Summary/ });
    expect(summary).toHaveAttribute('aria-invalid', 'true');
    expect(summary).toHaveAccessibleDescription('Summary is required.');
    expect(summary).toHaveFocus();
    expect(field('Site')).toHaveValue('North');
  });

  it('opens "More fields" when the problem is there', async () => {
    const user = userEvent.setup();
    const saved = renderForm();
    await user.click(screen.getByRole('button', { name: /^More fields/ }));
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'Cost check');
    await user.type(field('Cost'), 'a lot');
    await user.click(screen.getByRole('button', { name: 'Fewer fields' }));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(saved).not.toHaveBeenCalled();
    expect(field('Cost')).toHaveAccessibleDescription('Cost must be a number, such as 1250.00.');
    expect(field('Cost')).toHaveFocus();
  });

  it('saves and starts the next item with the location carried over, under a new TempItemId', async () => {
    const user = userEvent.setup();
    const saved = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'Cracked tile');
    await user.type(field('Site'), 'North');
    await user.type(field('Building'), 'A');
    await user.type(field('Floor'), '2');
    await user.type(field('Room'), '204');
    await user.type(field('Due date'), '12/15/2026');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const first = saved.mock.calls[0][0];
    expect(first.values).toMatchObject({
      summary: 'Cracked tile',
      locationRoom: '204',
      dueDate: '12/15/2026',
    });

    const summary = screen.getByRole('textbox', { name: /^Summary/ });
    await waitFor(() => expect(summary).toHaveValue(''));
    expect(summary).toHaveFocus();
    expect(field('Site')).toHaveValue('North');
    expect(field('Building')).toHaveValue('A');
    expect(field('Floor')).toHaveValue('2');
    expect(field('Room')).toHaveValue('204');
    expect(field('Due date')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Saved “Cracked tile”');

    // Enter moves field to field, and saves in the last one (Responsible parties).
    await user.type(summary, 'Paint touch-up{Enter}');
    expect(field('Description')).toHaveFocus();
    await user.click(field('Responsible parties'));
    await user.type(field('Responsible parties'), 'Painter{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    const second = saved.mock.calls[1][0];
    expect(second.values).toMatchObject({
      summary: 'Paint touch-up',
      locationSite: 'North',
      locationRoom: '204',
    });
    expect(second.tempItemId).not.toBe(first.tempItemId);
  });

  it('keeps the form when handing on fails, and says why', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new Error('This browser refused to store the item.');
    });
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser refused to store the item.');
    expect(screen.getByRole('textbox', { name: /^Summary/ })).toHaveValue('Kept');
  });

  it('gives back the form typed before a reload', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('Room'), '310');
    await waitFor(() => expect(storedPhoneForm('pm', 5).read()?.values.locationRoom).toBe('310'));
    cleanup();
    renderForm();
    expect(field('Room')).toHaveValue('310');
  });
});
