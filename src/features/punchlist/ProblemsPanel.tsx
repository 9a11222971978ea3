// The list of problems under the punch grid.
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { columnByKey } from './model';
import gridClasses from './PunchGrid.module.css';
import { plural, type Problem } from './useRowProblems';

const MAX_PROBLEMS_LISTED = 30;

/** The rows with problems, each a button to its cell; the first 30 listed. */
export function ProblemsPanel({
  problems,
  withErrors,
  exclude,
  onGoTo,
  showProblems,
  onToggle,
}: {
  problems: Problem[];
  withErrors: number;
  exclude: boolean;
  onGoTo: (p: Problem) => void;
  showProblems: boolean;
  onToggle: () => void;
}) {
  if (problems.length === 0) return null;
  return (
    <Paper withBorder p="sm" aria-label="Problems" role="region">
      <Group justify="space-between">
        <Text size="sm" fw={600} className={gridClasses.problemText}>
          {plural(withErrors, 'row')} with problems
          {exclude ? ' — left out when creating' : ' — fix them, or switch on “Exclude rows with problems”'}
        </Text>
        <UnstyledButton fz="sm" c="blue" onClick={onToggle} aria-expanded={showProblems}>
          {showProblems ? 'Hide list' : 'Show list'}
        </UnstyledButton>
      </Group>
      {showProblems && (
        <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {problems.slice(0, MAX_PROBLEMS_LISTED).map((p) => (
            <li key={`${p.row}-${p.key}`}>
              <UnstyledButton fz="sm" onClick={() => onGoTo(p)}>
                <Text span fw={600} size="sm">
                  Row {p.row + 1}
                  {p.key !== '_row' ? ` · ${columnByKey.get(p.key)!.label}` : ''}:
                </Text>{' '}
                <Text span size="sm">
                  {p.message}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          {problems.length > MAX_PROBLEMS_LISTED && (
            <Text size="sm" c="dimmed">
              …and {plural(problems.length - MAX_PROBLEMS_LISTED, 'more problem')}.
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
