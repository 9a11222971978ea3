// The import dialog's list of cells the grid would refuse, each by the file's row and column, before any row is
// added to the grid (and so before anything can be sent).
import { Alert, List, Text } from '@mantine/core';
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
      <List size="sm" spacing={2} data-testid="import-problems">
        {problems.slice(0, LISTED).map((p) => (
          <List.Item key={`${p.row}-${p.column}`}>
            <Text span fw={600} size="sm">
              Row {p.row}, column {p.column} ({p.header || columnByKey.get(p.key)!.label}):
            </Text>{' '}
            {p.message}
          </List.Item>
        ))}
      </List>
      {problems.length > LISTED && (
        <Text size="sm" c="dimmed" mt={4}>
          …and {plural(problems.length - LISTED, 'more cell')}.
        </Text>
      )}
    </Alert>
  );
}
