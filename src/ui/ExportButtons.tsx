// The two export buttons of every list: Export CSV (as before) and Export Excel (.xlsx: typed cells, a frozen
// header, an autofilter, column widths; src/ui/xlsx). The rows are built only when a button is pressed, and
// exceljs is fetched with the first Excel export (docs/export.md).
import { useState } from 'react';
import { Button, Group, type MantineSize } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadText } from './download';
import { csvOfSheets, type Sheet } from './xlsx/sheet';

export interface ExportButtonsProps {
  /** The file's name without its extension (exportFileName: the list, the project, the date). */
  fileName: string;
  /** What is exported, the rows in the screen's order: built on a press, not on every render. */
  sheets: () => Sheet[];
  /** The CSV's own name and text, where a list's CSV predates this (default: `fileName`.csv of the sheets). */
  csv?: { fileName: string; text: () => string };
  disabled?: boolean;
  /** Why they are disabled, as the buttons' tooltip. */
  title?: string;
  size?: MantineSize;
  ml?: string;
}

export function ExportButtons({
  fileName,
  sheets,
  csv,
  disabled,
  title,
  size = 'sm',
  ml,
}: ExportButtonsProps) {
  const [busy, setBusy] = useState(false);
  const exportCsv = () =>
    csv ? downloadText(csv.fileName, csv.text()) : downloadText(`${fileName}.csv`, csvOfSheets(sheets()));
  const exportExcel = async () => {
    setBusy(true);
    try {
      const { downloadWorkbook } = await import('./xlsx/excel');
      await downloadWorkbook(fileName, sheets());
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'The Excel file could not be made',
        message: e instanceof Error ? e.message : String(e),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" ml={ml} wrap="nowrap">
      <Button size={size} variant="default" disabled={disabled} title={title} onClick={exportCsv}>
        Export CSV
      </Button>
      <Button
        size={size}
        variant="default"
        disabled={disabled}
        title={title}
        loading={busy}
        onClick={() => void exportExcel()}
      >
        Export Excel
      </Button>
    </Group>
  );
}
