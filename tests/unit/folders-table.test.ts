import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/ui/format';
import type { FolderDocument } from '../../src/contract/dtos';
import {
  csvFileName,
  distinctNames,
  filterDocuments,
  readState,
  shownColumns,
  sortDocuments,
  toCsv,
  writeState,
  defaultState,
} from '../../src/features/folders/model/documents';

const noon = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 12));

const docs: FolderDocument[] = [
  {
    documentId: 1,
    documentNumber: 'A-10',
    documentDisciplineName: 'Architectural',
    documentTypeName: 'Drawing',
    documentStatus: 3,
    documentStatusName: 'Approved',
    documentIssueDate: noon(2026, 3, 5),
    uploadedFileName: 'A-10 Plan.pdf',
    uploadedFileSize: 2048,
    allFilesSize: 4096,
  },
  {
    documentId: 2,
    documentNumber: 'A-9',
    documentDisciplineName: 'Architectural',
    documentTypeName: 'Specification',
    documentStatus: 1,
    documentStatusName: 'Issued for Construction',
    documentIssueDate: noon(2025, 12, 1),
    uploadedFileName: '=HYPERLINK("x"), "quoted"',
  },
  {
    documentId: 3,
    documentNumber: 'S-1',
    documentDisciplineName: 'Structural',
    documentCSI: '03 30 00',
    documentStatus: 3,
    documentStatusName: 'Approved',
  },
  // Every field missing: nothing may crash.
  {},
];

describe('table state in the URL', () => {
  it('reads defaults from an empty query and ignores unknown sort columns', () => {
    expect(readState(new URLSearchParams(''))).toEqual(defaultState);
    expect(readState(new URLSearchParams('sort=evil&dir=sideways')).sort).toBe('number');
  });

  it('writes only what differs from the defaults and keeps other params', () => {
    const next = writeState(new URLSearchParams('add=document'), {
      status: '3',
      sort: 'issueDate',
      dir: 'desc',
    });
    expect(next.toString()).toBe('add=document&status=3&sort=issueDate&dir=desc');
    expect(readState(next)).toMatchObject({ status: '3', sort: 'issueDate', dir: 'desc', q: '' });
    expect(writeState(next, { status: '', sort: 'number', dir: 'asc' }).toString()).toBe('add=document');
  });

  it('keeps the columns chosen (cols=, widths=), dropping unknown ones, and leaves out every column in order', () => {
    const state = readState(
      new URLSearchParams('cols=fileName,evil,number,fileName&widths=fileName:320,size:9,x:99'),
    );
    expect(state.cols).toEqual(['fileName', 'number']);
    expect(state.widths).toEqual({ fileName: 320 });
    expect(shownColumns(state).map((c) => [c.id, c.width])).toEqual([
      ['fileName', 320],
      ['number', 120],
    ]);
    const written = writeState(new URLSearchParams(), {
      cols: ['number', 'updated'],
      widths: { updated: 200 },
    });
    expect(written.toString()).toBe('cols=number%2Cupdated&widths=updated%3A200');
    expect(shownColumns(readState(written)).map((c) => c.id)).toEqual(['number', 'updated']);
    const all = shownColumns({}).map((c) => c.id);
    expect(all).toHaveLength(11);
    expect(writeState(written, { cols: all, widths: {} }).toString()).toBe('');
  });
});

describe('filter and sort', () => {
  it('filters by status code, discipline, type and text (case-insensitive, any text column)', () => {
    const state = { ...defaultState };
    expect(filterDocuments(docs, { ...state, status: '3' }).map((d) => d.documentId)).toEqual([1, 3]);
    expect(filterDocuments(docs, { ...state, discipline: 'Architectural', type: 'Drawing' })).toHaveLength(1);
    expect(filterDocuments(docs, { ...state, q: '03 30' }).map((d) => d.documentId)).toEqual([3]);
    expect(filterDocuments(docs, { ...state, q: 'plan.PDF' }).map((d) => d.documentId)).toEqual([1]);
    expect(filterDocuments(docs, state)).toBe(docs);
  });

  it('sorts numbers in text naturally, dates as dates, blanks last either way, stable', () => {
    expect(sortDocuments(docs, 'number', 'asc').map((d) => d.documentId)).toEqual([2, 1, 3, undefined]);
    expect(sortDocuments(docs, 'number', 'desc').map((d) => d.documentId)).toEqual([3, 1, 2, undefined]);
    expect(sortDocuments(docs, 'issueDate', 'asc').map((d) => d.documentId)).toEqual([2, 1, 3, undefined]);
    expect(sortDocuments(docs, 'size', 'desc').map((d) => d.documentId)).toEqual([1, 2, 3, undefined]);
    expect(sortDocuments(docs, 'status', 'asc').map((d) => d.documentId)).toEqual([1, 3, 2, undefined]);
  });

  // How fast: `npm run bench:documents` (first row of 100,000 ≤ 1 s); no wall clock in unit tests.
  it('sorts and filters 100,000 rows', () => {
    const many: FolderDocument[] = Array.from({ length: 100_000 }, (_, i) => ({
      documentId: i,
      documentNumber: `D-${(i * 7919) % 100_000}`,
      documentStatus: (i % 5) + 1,
      documentIssueDate: new Date(1_700_000_000_000 + ((i * 104729) % 1_000_000) * 60_000),
    }));
    const sorted = sortDocuments(
      filterDocuments(many, { ...defaultState, status: '2' }),
      'issueDate',
      'desc',
    );
    expect(sorted).toHaveLength(20_000);
    const dates = sorted.map((d) => d.documentIssueDate!.getTime());
    expect(dates.every((t, i) => i === 0 || dates[i - 1] >= t)).toBe(true);
  });

  it('lists distinct names for the filters', () => {
    expect(distinctNames(docs, (d) => d.documentDisciplineName)).toEqual(['Architectural', 'Structural']);
  });
});

describe('CSV', () => {
  it('quotes, neutralises formulas, writes ISO dates and bytes', () => {
    const csv = toCsv(docs.slice(0, 2));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Number,Discipline,CSI,Type,Status,Issue,Issue date,File name,Size (bytes),All files (bytes),Updated',
    );
    expect(lines[1]).toBe('A-10,Architectural,,Drawing,Approved,,2026-03-05,A-10 Plan.pdf,2048,4096,');
    expect(lines[2]).toBe(
      `A-9,Architectural,,Specification,Issued for Construction,,2025-12-01,"'=HYPERLINK(""x""), ""quoted""",,,`,
    );
    expect(lines[3]).toBe('');
  });

  it('names the file after the folder, without path characters', () => {
    expect(csvFileName('Docs/../x', 2)).toBe('Docs x (2) documents.csv');
    expect(csvFileName(undefined, 5)).toBe('Folder (5) documents.csv');
  });
});

describe('formatBytes', () => {
  it('uses binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2_621_440)).toBe('2.5 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});
