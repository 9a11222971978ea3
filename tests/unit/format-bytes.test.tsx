// @vitest-environment jsdom
// Issue 22: a size printed two ways ("10.0 MB" on one screen, "13 MB" and "10 MB" on others). Every screen prints
// sizes through formatBytes, and formatBytes gives one text per size, also where rounding reaches the next step.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cellText, columns } from '../../src/features/folders/model/documents';
import { ItemAttachments } from '../../src/features/submittals/ItemAttachments';
import { submittalKeys } from '../../src/features/submittals/queries';
import { renderWithProviders, testQueryClient } from '../../src/test-utils';
import { formatBytes } from '../../src/ui/format';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('formatBytes where rounding reaches the next step', () => {
  it('prints whole numbers from 10 up, also for a size that only rounds to 10', () => {
    expect(formatBytes(9.96 * MB)).toBe('10 MB'); // not "10.0 MB"
    expect(formatBytes(9.94 * MB)).toBe('9.9 MB');
    expect(formatBytes(10 * MB)).toBe('10 MB');
    expect(formatBytes(13 * MB)).toBe('13 MB');
    expect(formatBytes(9.99 * KB)).toBe('10 KB');
  });

  it('moves to the next unit when the number rounds to 1,024', () => {
    expect(formatBytes(MB - 100)).toBe('1.0 MB'); // not "1024 KB"
    expect(formatBytes(GB - 1)).toBe('1.0 GB');
    expect(formatBytes(1023.4 * KB)).toBe('1023 KB');
    expect(formatBytes(1023)).toBe('1023 B');
  });
});

describe('one size, one text on every screen', () => {
  afterEach(cleanup);

  const sizes = [1536, 2_621_440, 9.96 * MB, 10 * MB, 13 * MB, MB - 100].map(Math.round);

  it('the documents table and the submittal attachments print a size the same way', () => {
    const sizeColumn = columns.find((c) => c.id === 'size')!;
    const queryClient = testQueryClient();
    queryClient.setQueryData(
      submittalKeys.attachments(1001),
      sizes.map((s, i) => ({ attachmentFileId: i + 1, uploadedFileName: `f${i}.pdf`, uploadedFileSize: s })),
    );
    renderWithProviders(<ItemAttachments item={{ folderId: 1001, folderName: 'Item' }} />, { queryClient });
    const rows = within(screen.getByRole('table', { name: /Item/ }))
      .getAllByRole('row')
      .slice(1);
    sizes.forEach((size, i) => {
      const inDocuments = cellText(sizeColumn, { uploadedFileSize: size });
      expect(inDocuments).toBe(formatBytes(size));
      expect(rows[i]).toHaveTextContent(inDocuments);
    });
  });

  it('no screen formats a size by itself: units are written only in src/ui/format.ts', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk('src');
    const offenders = files.filter((file) => {
      if (file.endsWith(join('ui', 'format.ts'))) return false;
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      // A unit in a string or template literal ("MB", `${n} KB`), or a division by 1024 / 1,048,576.
      return /['"`][^'"`\n]*\b[KMGT]i?B\b[^'"`\n]*['"`]|\/\s*(1024|1_?048_?576)\b/.test(code);
    });
    expect(offenders).toEqual([]);
  });
});
