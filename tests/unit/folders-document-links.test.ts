import { describe, expect, it } from 'vitest';
import {
  MAX_STORED_LINKS,
  cannotOpenText,
  NO_LINK,
  documentOpen,
  parseStoredLinks,
  withLink,
} from '../../src/features/folders/model/documentLinks';
import { columns } from '../../src/features/folders/model/documents';

describe('what opens a document', () => {
  it('opens the download address, else the viewer address, when it is an absolute http(s) URL', () => {
    expect(documentOpen({ downloadUrl: 'https://drive.example.com/f/1', savedAt: 1 })).toEqual({
      href: 'https://drive.example.com/f/1',
    });
    expect(documentOpen({ viewerUrl: 'http://viewer.example.com/1', savedAt: 1 })).toEqual({
      href: 'http://viewer.example.com/1',
    });
    expect(
      documentOpen({ downloadUrl: 'javascript:alert(1)', viewerUrl: 'https://v.example.com/1', savedAt: 1 }),
    ).toEqual({ href: 'https://v.example.com/1' });
    // A file path that is itself a web address is a link too.
    expect(documentOpen({ filePath: 'https://files.example.com/a.pdf', savedAt: 1 })).toEqual({
      href: 'https://files.example.com/a.pdf',
    });
  });

  it('says why when there is nothing to open', () => {
    expect(documentOpen(undefined)).toBe(NO_LINK);
    expect(NO_LINK.reason).toBe('No link stored for this document');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '//evil.example',
      '/a',
    ]) {
      expect(documentOpen({ downloadUrl: bad, savedAt: 1 })).toEqual({
        reason: 'This link is not http(s) and is not opened',
        text: bad,
      });
    }
    expect(documentOpen({ filePath: '/Riverside/Documents/a.pdf', savedAt: 1 })).toEqual({
      reason: 'Stored at /Riverside/Documents/a.pdf; not a web address, so it is not opened',
      text: '/Riverside/Documents/a.pdf',
    });
  });
});

describe('stored links', () => {
  it('accepts only well-formed entries', () => {
    expect(parseStoredLinks(null)).toBeUndefined();
    expect(parseStoredLinks([])).toBeUndefined();
    expect(
      parseStoredLinks({
        '12': { downloadUrl: 'https://a.example/1', savedAt: 5 },
        '13': { downloadUrl: 7, savedAt: 5 },
        x: { downloadUrl: 'https://a.example/2', savedAt: 5 },
        '14': { filePath: '/p', savedAt: 'then' },
        '15': 'https://a.example/3',
      }),
    ).toEqual({ '12': { downloadUrl: 'https://a.example/1', savedAt: 5 } });
  });

  it(`keeps the newest ${MAX_STORED_LINKS}`, () => {
    let links = {};
    for (let i = 1; i <= MAX_STORED_LINKS + 3; i++) {
      links = withLink(links, i, { downloadUrl: `https://a.example/${i}` }, i);
    }
    const ids = Object.keys(links).map(Number);
    expect(ids).toHaveLength(MAX_STORED_LINKS);
    expect(Math.min(...ids)).toBe(4);
    expect(withLink({}, 9, {}, 1)).toEqual({});
  });
});

describe('documents table columns', () => {
  it('puts file name, size and updated first after the number, so they fit a laptop screen', () => {
    const ids = columns.map((c) => c.id);
    expect(ids.slice(0, 4)).toEqual(['number', 'fileName', 'size', 'updated']);
    const width = columns.slice(0, 4).reduce((sum, c) => sum + c.width, 0);
    expect(width).toBeLessThanOrEqual(600);
  });
});

describe('the notice for a row that cannot be opened', () => {
  it('names the document and says why', () => {
    expect(cannotOpenText({ uploadedFileName: 'A.pdf' }, NO_LINK)).toMatch(
      /^“A\.pdf” cannot be opened: No link stored for this document\. The service lists documents without/,
    );
    expect(
      cannotOpenText({ documentNumber: 'S-1' }, documentOpen({ filePath: '/p/a.pdf', savedAt: 1 })),
    ).toBe('“S-1” cannot be opened: Stored at /p/a.pdf; not a web address, so it is not opened.');
    expect(cannotOpenText({ documentId: 4 }, NO_LINK)).toMatch(/^“Document 4”/);
  });
});
