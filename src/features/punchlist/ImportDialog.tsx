// Import of a CSV or tab-separated file or of an Excel workbook's sheet: its header row is mapped to the grid's
// columns by name (any case); names that do not match are chosen by hand here, with a preview of the first rows as
// they will land in the grid and the cells the grid would refuse, by row and column (sheetImport.ts).
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useConfig } from '../../config/config';
import type { ReadSheet } from '../../ui/xlsx/excel';
import gridClasses from './PunchGrid.module.css';
import { COLUMNS, columnByKey, type ColumnKey, type GridRow } from './model';
import { mapHeaders, rowsFromRecords } from './blocks';
import { ImportProblems } from './ImportProblems';
import { importProblems, tableOfSheet, tableOfText, type ImportTable } from './sheetImport';

/** A file to import: a CSV / TSV text, or an Excel workbook's sheets (read with src/ui/xlsx/excel.ts). */
export type ImportFile = { name: string; text: string } | { name: string; sheets: ReadSheet[] };

const PREVIEW_ROWS = 5;

export function ImportDialog({
  file,
  onImport,
  onClose,
}: {
  file: ImportFile | null;
  onImport: (rows: GridRow[]) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={file !== null} onClose={onClose} title={`Import ${file?.name ?? ''}`} size="xl">
      {file && <ImportSource key={fileKey(file)} file={file} onImport={onImport} onClose={onClose} />}
    </Modal>
  );
}

const fileKey = (f: ImportFile) =>
  'text' in f ? `${f.name}|${f.text.length}` : `${f.name}|${f.sheets.map((s) => s.name).join('|')}`;

/** The file's table: the text's, or the chosen sheet's (the first; a choice when the workbook has several). */
function ImportSource({
  file,
  onImport,
  onClose,
}: {
  file: ImportFile;
  onImport: (rows: GridRow[]) => void;
  onClose: () => void;
}) {
  const [sheet, setSheet] = useState(0);
  const table = useMemo(
    () => ('text' in file ? tableOfText(file.text) : tableOfSheet(file.sheets[sheet]?.rows ?? [])),
    [file, sheet],
  );
  // A spreadsheet's own format (.xlsx is a zip) or any other binary file is not text.
  const binary = 'text' in file && (file.text.startsWith('PK') || file.text.includes('\u0000'));
  return (
    <Stack gap="md">
      {'sheets' in file && file.sheets.length > 1 && (
        <NativeSelect
          label="Sheet"
          description={`The workbook has ${file.sheets.length} sheets: choose the one with the items.`}
          value={String(sheet)}
          onChange={(e) => setSheet(Number(e.currentTarget.value))}
          data={file.sheets.map((s, i) => ({ value: String(i), label: s.name }))}
          maw={320}
        />
      )}
      <ImportBody key={sheet} table={table} binary={binary} onImport={onImport} onClose={onClose} />
    </Stack>
  );
}

function ImportBody({
  table,
  binary,
  onImport,
  onClose,
}: {
  table: ImportTable;
  binary: boolean;
  onImport: (rows: GridRow[]) => void;
  onClose: () => void;
}) {
  const statuses = useConfig().statuses.punchList;
  const { header, records } = table;
  const [mapping, setMapping] = useState<Array<ColumnKey | null>>(() => mapHeaders(header));
  const rows = useMemo(() => rowsFromRecords(records, mapping), [records, mapping]);
  const problems = useMemo(() => importProblems(table, mapping, statuses), [table, mapping, statuses]);
  const unmatched = header.filter((h, i) => mapping[i] === null && h.trim() !== '').length;
  const mapped = mapping.filter((k): k is ColumnKey => k !== null);
  const noSummary = !mapped.includes('summary');

  if (header.length === 0 || binary) {
    return (
      <Stack>
        <Alert color="red" title={binary ? 'Not a CSV, text or Excel file' : 'Nothing to import'}>
          {binary
            ? 'This file is not text or an Excel workbook (.xlsx). Save the sheet as .xlsx, as CSV (comma-separated) or as tab-separated text, then import that.'
            : 'The file is empty. Use the template: a header row, then one line per item.'}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const choose = (i: number, value: string) => {
    const key = value === '' ? null : (value as ColumnKey);
    setMapping((m) => m.map((k, j) => (j === i ? key : key !== null && k === key ? null : k)));
  };
  const example = (i: number) => records.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? '';

  return (
    <Stack gap="md">
      <Text size="sm">
        {records.length} line{records.length === 1 ? '' : 's'} after the header. Columns are matched by name;
        choose where the others go, or leave them out.
      </Text>
      {unmatched > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title={`${unmatched} column${unmatched === 1 ? '' : 's'} not matched`}
        >
          Pick a grid column for each name the console did not recognise, or leave it as “Don’t import”.
        </Alert>
      )}
      <Table withTableBorder verticalSpacing={4} aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column in the file</Table.Th>
            <Table.Th>Example</Table.Th>
            <Table.Th>Goes to</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {header.map((h, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {h || `(column ${i + 1})`}
                  </Text>
                  {mapping[i] === null && h.trim() !== '' && (
                    <Badge color="yellow" variant="light" size="sm">
                      not matched
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={1} maw={220}>
                  {example(i)}
                </Text>
              </Table.Td>
              <Table.Td>
                <NativeSelect
                  aria-label={`Grid column for “${h || `column ${i + 1}`}”`}
                  size="xs"
                  value={mapping[i] ?? ''}
                  onChange={(e) => choose(i, e.currentTarget.value)}
                  data={[
                    { value: '', label: 'Don’t import' },
                    ...COLUMNS.map((c) => ({ value: c.key, label: c.label })),
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Stack gap={4}>
        <Text fw={600} size="sm">
          Preview ({Math.min(PREVIEW_ROWS, rows.length)} of {rows.length} rows)
        </Text>
        {mapped.length === 0 ? (
          <Text size="sm" c="dimmed">
            No column is imported yet.
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table withTableBorder verticalSpacing={2} fz="xs" aria-label="Import preview">
              <Table.Thead>
                <Table.Tr>
                  {mapped.map((k) => (
                    <Table.Th key={k} style={{ whiteSpace: 'nowrap' }}>
                      {columnByKey.get(k)!.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, PREVIEW_ROWS).map((r) => (
                  <Table.Tr key={r.tempItemId}>
                    {mapped.map((k) => (
                      <Table.Td key={k} style={{ whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden' }}>
                        {r.values[k]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      <ImportProblems problems={problems} />
      {noSummary && (
        <Text size="sm" className={gridClasses.problemText}>
          No column goes to Summary, which every item needs: choose the file’s column for it.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={rows.length === 0} onClick={() => onImport(rows)}>
          Add {rows.length} row{rows.length === 1 ? '' : 's'}
        </Button>
      </Group>
    </Stack>
  );
}
