// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvCell, csvLines, delimitedCell } from '../../src/ui/csv';
import { downloadText } from '../../src/ui/download';
import { formatBytes } from '../../src/ui/format';
import { STORAGE_PREFIX, storedValue } from '../../src/ui/storedValue';
import { clearDraft, loadDraft } from '../../src/features/rfis/draft';
import { loadDraft as loadPunchDraft } from '../../src/features/punchlist/draft';
import { loadLastReply } from '../../src/features/submittals/lastReply';
import { readRecentProjects } from '../../src/features/projects/recentProjects';
import { formValuesFrom } from '../../src/features/rfis/model/editor';

describe('csv', () => {
  it('quotes when it must and guards texts that start like a formula', () => {
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(f)).toBe(`'${f}`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // Numbers and booleans are values, not formulas.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
    expect(delimitedCell('a\tb', '\t')).toBe('"a\tb"');
    expect(delimitedCell('a,b', '\t')).toBe('a,b');
    expect(
      csvLines([
        ['A', 'B'],
        ['=x', 1],
      ]),
    ).toBe(`A,B\r\n'=x,1\r\n`);
  });
});

describe('formatBytes', () => {
  it('prints one text per size', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2_621_440)).toBe('2.5 MB');
    expect(formatBytes(15_000_000)).toBe('14 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a byte-order mark before CSV, not before other text', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadText('a.csv', 'A,B\r\n');
    downloadText('a.txt', 'plain', 'text/plain');
    expect(click).toHaveBeenCalledTimes(2);
    const bytes = (b: Blob) =>
      new Promise<Uint8Array>((resolve) => {
        const r = new FileReader();
        r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
        r.readAsArrayBuffer(b);
      });
    expect([...(await bytes(blobs[0])).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(new TextDecoder().decode(await bytes(blobs[1]))).toBe('plain');
  });
});

describe('storedValue', () => {
  beforeEach(() => localStorage.clear());
  const asNumber = (v: unknown) => (typeof v === 'number' ? v : undefined);

  it('keeps a typed value under one prefix', () => {
    const v = storedValue('n', asNumber);
    expect(v.key).toBe(`${STORAGE_PREFIX}n`);
    expect(v.read()).toBeUndefined();
    expect(v.write(3)).toBe(true);
    expect(localStorage.getItem('pm-console:n')).toBe('3');
    expect(v.read()).toBe(3);
    localStorage.setItem('pm-console:n', '"text"');
    expect(v.read()).toBeUndefined();
    localStorage.setItem('pm-console:n', '{not json');
    expect(v.read()).toBeUndefined();
    v.remove();
    expect(localStorage.getItem('pm-console:n')).toBeNull();
  });

  it('moves a value from its old key on first read', () => {
    localStorage.setItem('old.n', '7');
    const v = storedValue('n', asNumber, 'old.n');
    expect(v.read()).toBe(7);
    expect(localStorage.getItem('old.n')).toBeNull();
    expect(localStorage.getItem('pm-console:n')).toBe('7');
    expect(v.read()).toBe(7);
  });

  it('says when the browser refuses to store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(storedValue('n', asNumber).write(1)).toBe(false);
    vi.restoreAllMocks();
  });

  it("keeps users' drafts, replies and recent projects stored under the old keys", () => {
    const base = formValuesFrom({ subject: 'Before', dueDate: '11/12/2026', ccUserList: [3] });
    const draft = { base, values: { ...base, subject: 'After' }, savedAt: 1 };
    localStorage.setItem('pmc.rfiDraft.pm.101', JSON.stringify(draft));
    expect(loadDraft('pm', 101)).toEqual(draft);
    expect(localStorage.getItem('pmc.rfiDraft.pm.101')).toBeNull();
    expect(JSON.parse(localStorage.getItem('pm-console:rfi-draft:pm:101')!)).toEqual(draft);
    clearDraft('pm', 101);
    expect(localStorage.length).toBe(0);

    localStorage.setItem('pmc.punchDraft.pm.7', JSON.stringify({ rows: [], hidden: [], savedAt: 2 }));
    expect(loadPunchDraft('pm', 7)).toEqual({ rows: [], hidden: [], savedAt: 2 });
    expect(localStorage.getItem('pm-console:punch-draft:pm:7')).not.toBeNull();

    const reply = { submittal: { folderId: 1000 }, savedAt: 5 };
    localStorage.setItem('pmc.submittalReply.pm.1000', JSON.stringify(reply));
    expect(loadLastReply('pm', 1000)).toEqual(reply);
    expect(localStorage.getItem('pm-console:submittal-reply:pm:1000')).not.toBeNull();

    const recent = [{ projectId: 1, name: 'Tower', openedAt: 3 }];
    localStorage.setItem('pm-console.recentProjects.pm', JSON.stringify(recent));
    expect(readRecentProjects('PM')).toEqual(recent);
    expect(localStorage.getItem('pm-console.recentProjects.pm')).toBeNull();
    expect(localStorage.getItem('pm-console:recent-projects:pm')).not.toBeNull();

    expect(Object.keys({ ...localStorage }).every((k) => k.startsWith(STORAGE_PREFIX))).toBe(true);
  });
});
