import { describe, expect, it } from 'vitest';
import { detectDelimiter, formatDelimited, formatField, parseDelimited } from '../../src/ui/delimited';

describe('parseDelimited', () => {
  it('reads plain CSV with LF, CRLF and CR line ends and no trailing empty row', () => {
    expect(parseDelimited('a,b\n1,2\n', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseDelimited('a,b\r\n1,2\r\n', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseDelimited('a,b\r1,2', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, including trailing ones', () => {
    expect(parseDelimited('a,,c,\n,,,', ',')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks inside', () => {
    const text = 'Summary,Description\r\n"Door, frame","He said ""no""\r\nsecond line"\r\nx,"y"\r\n';
    expect(parseDelimited(text, ',')).toEqual([
      ['Summary', 'Description'],
      ['Door, frame', 'He said "no"\r\nsecond line'],
      ['x', 'y'],
    ]);
  });

  it('keeps an empty quoted field and an unclosed quote to the end', () => {
    expect(parseDelimited('"",a', ',')).toEqual([['', 'a']]);
    expect(parseDelimited('a,"open\nrest', ',')).toEqual([['a', 'open\nrest']]);
  });

  it('treats quotes inside an unquoted field as text', () => {
    expect(parseDelimited('5" pipe,b', ',')).toEqual([['5" pipe', 'b']]);
  });

  it('reads tab-separated blocks as spreadsheets copy them', () => {
    expect(parseDelimited('a\tb\tc\n1\t\t3\n', '\t')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('drops a byte-order mark and detects the delimiter from the first line', () => {
    expect(parseDelimited('\ufeffa;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(detectDelimiter('a\tb,c\n')).toBe('\t');
    expect(detectDelimiter('a,b;c')).toBe(',');
    expect(detectDelimiter('a;b;c,d')).toBe(';');
    expect(parseDelimited('')).toEqual([]);
  });

  it('round-trips what it writes', () => {
    const rows = [
      ['Summary', 'Cost'],
      ['Door, "A"', '1,250.00'],
      ['two\nlines', ' padded '],
      ['', 'x'],
    ];
    const text = formatDelimited(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseDelimited(text, ',')).toEqual(rows);
    expect(parseDelimited(formatDelimited(rows, '\t'), '\t')).toEqual(rows);
    expect(formatField('plain')).toBe('plain');
    expect(formatField('a\tb', '\t')).toBe('"a\tb"');
  });
});
