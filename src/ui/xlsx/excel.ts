// Excel workbooks (.xlsx), written and read with exceljs. The only module that imports exceljs, and only
// dynamically: its ~250 KB gzip chunk is fetched the first time someone exports or imports a workbook, never with
// a screen (docs/export.md). vite.config.ts points `exceljs` at its browser build without polyfills.
import type { Workbook } from 'exceljs';
import { downloadBlob } from '../download';
import { cellValue, columnWidths, NUM_FMT, sheetNames, XLSX_TYPE, type Sheet } from './sheet';

type ExcelModule = typeof import('exceljs');

let loading: Promise<ExcelModule> | undefined;
/** exceljs, loaded once (its module is CommonJS: the namespace is under `default` in a bundle). */
export function loadExcel(): Promise<ExcelModule> {
  loading ??= import('exceljs').then((m) => ((m as { default?: ExcelModule }).default ?? m) as ExcelModule);
  return loading;
}

/**
 * The sheets as a workbook: a bold header row, frozen, with an autofilter over the columns; typed cells (numbers,
 * dates, booleans; see CellKind) with their number formats; each column's width.
 */
export async function buildWorkbook(sheets: Sheet[]): Promise<Workbook> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  wb.creator = 'PM Console';
  wb.created = new Date();
  const names = sheetNames(sheets.map((s) => s.name));
  sheets.forEach((sheet, si) => {
    const ws = wb.addWorksheet(names[si], { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    const widths = columnWidths(sheet);
    ws.columns = sheet.columns.map((c, i) => ({
      header: c.header,
      width: widths[i],
      style: NUM_FMT[c.kind ?? 'text'] ? { numFmt: NUM_FMT[c.kind ?? 'text'] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of sheet.rows) ws.addRow(sheet.columns.map((c, i) => cellValue(r[i], c.kind)));
    if (sheet.columns.length) {
      ws.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: Math.max(1, sheet.rows.length + 1), column: sheet.columns.length },
      };
    }
  });
  return wb;
}

/** The sheets as the bytes of an .xlsx file. */
export async function workbookBytes(sheets: Sheet[]): Promise<ArrayBuffer> {
  const wb = await buildWorkbook(sheets);
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Writes the sheets to `<fileName>.xlsx` and hands it to the browser as a download. */
export async function downloadWorkbook(fileName: string, sheets: Sheet[]): Promise<void> {
  const bytes = await workbookBytes(sheets);
  downloadBlob(`${fileName}.xlsx`, new Blob([bytes], { type: XLSX_TYPE }));
}

/** A cell as read: text, a number, a boolean, a Date (a date cell: its fields in UTC), or null (empty). */
export type ReadValue = string | number | boolean | Date | null;

export interface ReadSheet {
  name: string;
  /** Row 1 first; each row as long as the sheet's widest, empty cells null. */
  rows: ReadValue[][];
}

/** A cell's value as one of ReadValue: formulas give their result, rich text and links their text. */
function readValue(v: unknown): ReadValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  const o = v as {
    richText?: Array<{ text: string }>;
    text?: unknown;
    result?: unknown;
    formula?: string;
    error?: string;
  };
  if (o.richText) return o.richText.map((t) => t.text).join('');
  if ('result' in o || o.formula !== undefined) return readValue(o.result);
  if (o.text !== undefined) return readValue(o.text);
  if (o.error !== undefined) return String(o.error);
  return String(v);
}

/** Reads an .xlsx file's sheets (every sheet, in the book's order). Throws when the bytes are not a workbook. */
export async function readWorkbook(data: ArrayBuffer): Promise<ReadSheet[]> {
  const { Workbook } = await loadExcel();
  const wb = new Workbook();
  await wb.xlsx.load(data);
  return wb.worksheets.map((ws) => {
    const width = ws.columnCount;
    const rows: ReadValue[][] = [];
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const cells: ReadValue[] = [];
      for (let c = 1; c <= width; c++) cells.push(readValue(row.getCell(c).value));
      rows.push(cells);
    }
    return { name: ws.name, rows };
  });
}
