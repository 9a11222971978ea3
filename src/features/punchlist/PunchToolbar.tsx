// The toolbar above the punch grid.
import { Button, Checkbox, FileButton, Group, Kbd, Popover, Stack, Switch, Table } from '@mantine/core';
import { formatDelimited } from '../../ui/delimited';
import { downloadText } from '../../ui/download';
import { XLSX_TYPE } from '../../ui/xlsx/sheet';
import { COLUMNS, type ColumnKey } from './model';
import { templateHeader } from './blocks';
import { type GridCommand, type GridHandle } from './gridTypes';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { plural } from './useRowProblems';

function Shortcuts() {
  const keys: Array<[string, string]> = [
    ['↑ ↓ ← →', 'move between cells'],
    ['Tab / Shift+Tab', 'next / previous cell'],
    ['Enter / Shift+Enter', 'cell below / above (a new row at the end)'],
    ['Shift+↑ ↓', 'select rows'],
    ['Ctrl+Enter', 'add a row at the end'],
    ['Ctrl+Shift+Enter', 'copy the row below'],
    ['Ctrl+Delete', 'delete the selected rows'],
    ['Ctrl+D', 'fill down (the cell above, or the first selected row)'],
    ['Ctrl+V', 'paste cells from a spreadsheet (asks before replacing filled rows)'],
  ];
  return (
    <Table fz="xs" verticalSpacing={2} aria-label="Keyboard shortcuts">
      <Table.Tbody>
        {keys.map(([k, what]) => (
          <Table.Tr key={k}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Kbd size="xs">{k}</Kbd>
            </Table.Td>
            <Table.Td>{what}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const COMMANDS: Array<[GridCommand, string, string]> = [
  ['addRow', 'Add row', 'Ctrl+Enter'],
  ['copyRow', 'Copy row', 'Ctrl+Shift+Enter'],
  ['deleteRows', 'Delete rows', 'Ctrl+Delete'],
  ['fillDown', 'Fill down', 'Ctrl+D'],
];

/** The grid's commands, the columns shown, import / template, and the create button. */
export function PunchToolbar({
  grid,
  readOnly,
  canModify,
  creating,
  hidden,
  setHidden,
  onFile,
  summary,
  exclude,
  setExclude,
  onClearCreated,
  onSubmit,
}: {
  grid: RefObject<GridHandle | null>;
  readOnly: boolean;
  canModify: boolean;
  creating: boolean;
  hidden: ColumnKey[];
  setHidden: Dispatch<SetStateAction<ColumnKey[]>>;
  onFile: (file: File | null) => void;
  summary: { created: number; pending: number; ready: number; withErrors: number };
  exclude: boolean;
  setExclude: (exclude: boolean) => void;
  onClearCreated: () => void;
  onSubmit: () => void;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="punch-toolbar">
      <Group gap={6} wrap="wrap">
        {COMMANDS.map(([command, label, keys]) => (
          <Button
            key={command}
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => grid.current?.run(command)}
            title={keys}
          >
            {label}
          </Button>
        ))}
        <Popover position="bottom-start" shadow="md" withArrow>
          <Popover.Target>
            <Button size="xs" variant="default">
              Columns{hidden.length ? ` (${hidden.length} hidden)` : ''}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6} aria-label="Shown columns" role="group">
              {COLUMNS.map((c) => (
                <Checkbox
                  key={c.key}
                  size="xs"
                  label={c.label}
                  checked={!hidden.includes(c.key)}
                  disabled={c.key === 'summary'}
                  onChange={(e) => {
                    const show = e.currentTarget.checked;
                    setHidden((h) => (show ? h.filter((k) => k !== c.key) : [...h, c.key]));
                  }}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <FileButton
          onChange={onFile}
          accept={`.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,${XLSX_TYPE}`}
        >
          {(props) => (
            <Button size="xs" variant="default" disabled={readOnly} {...props}>
              Import CSV / Excel…
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => downloadText('punch-list-template.csv', formatDelimited([templateHeader()]))}
        >
          Download template CSV
        </Button>
        <Popover position="bottom-start" shadow="md" withArrow width={380}>
          <Popover.Target>
            <Button size="xs" variant="subtle">
              Keyboard
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Shortcuts />
          </Popover.Dropdown>
        </Popover>
      </Group>
      <Group gap="sm">
        {summary.created > 0 && (
          <Button size="xs" variant="subtle" onClick={onClearCreated} disabled={creating}>
            Clear created rows
          </Button>
        )}
        <Switch
          size="sm"
          label="Exclude rows with problems"
          checked={exclude}
          onChange={(e) => setExclude(e.currentTarget.checked)}
          disabled={creating}
        />
        <Button
          onClick={onSubmit}
          loading={creating}
          disabled={!canModify || summary.pending === 0 || (exclude && summary.ready === 0)}
        >
          {exclude && summary.withErrors
            ? `Create ${plural(summary.ready, 'item')}`
            : `Create ${plural(summary.pending, 'item')}`}
        </Button>
      </Group>
    </Group>
  );
}
