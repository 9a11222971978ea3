// The console's one door to @mantine/dates and its styles (one import of them: tests/unit/config-styles.test.ts),
// reached only from lazy chunks: DateCalendar, the month shown by DatePickButton (loaded on its first opening, so
// the package stays out of the screens' first load: the field's date selected, today marked, a tapped day written
// back as a text date), and the API explorer's DateTimePicker.
import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';

export { DateTimePicker } from '@mantine/dates';
import { formatTextDate, parseTextDate } from '../contract/textDates';

const iso = (d: { year: number; month: number; day: number }) => formatTextDate(d, 'iso');

export default function DateCalendar({ value, onPick }: { value: string; onPick: (text: string) => void }) {
  const current = parseTextDate(value);
  const selected = current ? iso(current) : null;
  return (
    <DatePicker
      value={selected}
      defaultDate={selected ?? undefined}
      onChange={(picked) => {
        const day = parseTextDate(picked);
        // The text keeps the format it was in (MM/DD/YYYY for a new value), as a typed date does.
        if (day) onPick(formatTextDate(day, current?.format ?? 'us'));
      }}
      highlightToday
      // Sunday first, as the dates are written (MM/DD/YYYY, US).
      firstDayOfWeek={0}
      size="md"
      aria-label="Calendar"
    />
  );
}
