import { describe, expect, it } from 'vitest';
import { operationList, wrapPieces } from '../../src/features/explorer/model/operations';

describe('where an operation name or route may wrap', () => {
  it('breaks a camel-case name before each word and a route after each slash', () => {
    expect(wrapPieces('FoldersDocumentsGetByParentFolderRequest')).toEqual([
      'Folders',
      'Documents',
      'Get',
      'By',
      'Parent',
      'Folder',
      'Request',
    ]);
    expect(wrapPieces('POST /api/internal/project/get')).toEqual([
      'POST /',
      'api/',
      'internal/',
      'project/',
      'get',
    ]);
    expect(wrapPieces('GET /requestlogs')).toEqual(['GET /', 'requestlogs']);
    expect(wrapPieces('')).toEqual(['']);
  });

  it('gives back every operation name and route unchanged when joined', () => {
    for (const o of operationList) {
      expect(wrapPieces(o.name).join('')).toBe(o.name);
      expect(wrapPieces(`${o.method} ${o.path}`).join('')).toBe(`${o.method} ${o.path}`);
    }
  });
});
