// "Dates are picked, not typed" (issue 34): a calendar button for a date field that keeps its text entry for
// keyboards. The button opens the month of the field's date (or this month); tapping a day writes it into the
// field and closes the month. The calendar itself (@mantine/dates, dates.tsx) loads on the first opening.
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { escapeCloses } from './escapeCloses';
import { CalendarIcon } from './icons';

const DateCalendar = lazy(() => import('./dates'));

export function DatePickButton({
  value,
  onPick,
  label,
  disabled,
}: {
  /** The field's text (a text date, or anything typed so far). */
  value: string;
  onPick: (text: string) => void;
  /** The button's accessible name ("Open the calendar": not the field's label, which names the field alone). */
  label: string;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
          onKeyDown={escapeCloses(opened, () => setOpened(false))}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label}>
        {opened && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the calendar" />}>
            <DateCalendar
              value={value}
              onPick={(text) => {
                onPick(text);
                setOpened(false);
              }}
            />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
