// The import dialog's list of cells the grid would refuse, each by the file's row and column, before any row is
// added to the grid (and so before anything can be sent).
import { Alert, Text } from '@mantine/core';
import { columnByKey } from './model';
import type { CellProblem } from './sheetImport';
import { plural } from './useRowProblems';

const LISTED = 20;

export function ImportProblems({ problems }: { problems: CellProblem[] }) {
  if (problems.length === 0) return null;
  const rows = new Set(problems.map((p) => p.row)).size;
  return (
    <Alert
      color="red"
      variant="light"
      title={`${plural(problems.length, 'cell')} to fix in ${plural(rows, 'row')}`}
      aria-label="Cells to fix"
    >
      <Text size="sm" mb={4}>
        The rows can be added and fixed in the grid; nothing is sent until every cell is right.
      </Text>
      {/* A plain list: Mantine's List would add its stylesheet to the shell's (at its budget). */}
      <ul
        data-testid="import-problems"
        style={{ margin: 0, paddingInlineStart: 20, fontSize: 'var(--mantine-font-size-sm)' }}
      >
        {problems.slice(0, LISTED).map((p) => (
          <li key={`${p.row}-${p.column}`} style={{ marginTop: 2 }}>
            <Text span fw={600} size="sm">
              Row {p.row}, column {p.column} ({p.header || columnByKey.get(p.key)!.label}):
            </Text>{' '}
            {p.message}
          </li>
        ))}
      </ul>
      {problems.length > LISTED && (
        <Text size="sm" c="dimmed" mt={4}>
          …and {plural(problems.length - LISTED, 'more cell')}.
        </Text>
      )}
    </Alert>
  );
}
