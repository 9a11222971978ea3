// The incremental reply parser of the decode worker (src/api/jsonStream.ts): any chunk boundary gives the same
// value as JSON.parse of the whole text, and text JSON.parse refuses is refused.
import { describe, expect, it } from 'vitest';
import { ObjectStreamParser } from '../../src/api/jsonStream';

interface Parsed {
  value: Record<string, unknown>;
  /** The order of events: `field:k`, `list:k`, `items:k:n`. */
  events: string[];
}

function parseIn(pieces: string[]): Parsed {
  const value: Record<string, unknown> = {};
  const events: string[] = [];
  const parser = new ObjectStreamParser({
    field: (key, v) => {
      value[key] = v;
      events.push(`field:${key}`);
    },
    listStart: (key) => {
      value[key] = [];
      events.push(`list:${key}`);
    },
    items: (key, items) => {
      (value[key] as unknown[]).push(...items);
      events.push(`items:${key}:${items.length}`);
    },
  });
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return { value, events };
}

/** The text cut at the given indexes. */
const cut = (text: string, at: number[]) =>
  [0, ...at, text.length].slice(1).map((end, i, ends) => text.slice(i ? ends[i - 1] : 0, end));

// Wire text as the service writes it: escaped dates, quotes, backslashes, unicode (and a surrogate pair), nested
// values in the rows, numbers of every form, the list between head and trailer fields.
const WIRE =
  ' {"numberOfRecordsEffected":0,"errorOccured":false,"responseStatus":{"meta":{"a":"[{,}]"},"errors":[]},' +
  '"folderDocuments":[{"documentId":1,"documentNumber":"A-\\"1\\"","documentIssueDate":"\\/Date(1700000000000-0000)\\/"},' +
  '{"documentId":2,"documentNumber":"B\\\\","tags":[1,[2,{"x":"]"}]],"n":-1.5e+3},' +
  '{"documentId":3,"documentNumber":"ß ✓ 🚧 \\u00e9\\n","empty":{},"list":[]} ,\n' +
  ' {"documentId":4,"documentNumber":"\\\\\\"","flag":true,"none":null}],' +
  '"after":[],"usage":{"k":"v"},"last":"\\/Date(-5)\\/" }\n';

describe('ObjectStreamParser', () => {
  const whole = JSON.parse(WIRE);

  it('gives JSON.parse’s value in one piece, fields before, the list element by element, fields after', () => {
    const { value, events } = parseIn([WIRE]);
    expect(value).toEqual(whole);
    expect(events).toEqual([
      'field:numberOfRecordsEffected',
      'field:errorOccured',
      'field:responseStatus',
      'list:folderDocuments',
      'items:folderDocuments:4',
      'list:after',
      'field:usage',
      'field:last',
    ]);
  });

  it('gives the same value for a cut at every position (inside strings, escapes, \\/Date(…)\\/, numbers)', () => {
    for (let i = 0; i <= WIRE.length; i++) {
      expect(parseIn(cut(WIRE, [i])).value, `cut at ${i}`).toEqual(whole);
    }
  });

  it('gives the same value for one character at a time and for random cuts', () => {
    expect(parseIn(WIRE.split('')).value).toEqual(whole);
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let run = 0; run < 300; run++) {
      const at = Array.from({ length: 1 + (next() % 12) }, () => next() % WIRE.length).sort((a, b) => a - b);
      expect(parseIn(cut(WIRE, at)).value, `cuts ${at.join(',')}`).toEqual(whole);
    }
  });

  it('hands over the elements complete so far, in order, as the text arrives', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, text: `row "${i}" \\ /` }));
    const text = JSON.stringify({ head: 1, rows });
    const seen: number[] = [];
    const parser = new ObjectStreamParser({
      field: () => undefined,
      listStart: () => undefined,
      items: (_key, items) => seen.push(...items.map((r) => (r as { id: number }).id)),
    });
    const half = text.indexOf('{"id":25');
    parser.push(text.slice(0, half + 5));
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
    parser.push(text.slice(half + 5));
    parser.end();
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('reads empty objects and lists', () => {
    expect(parseIn(['{}']).value).toEqual({});
    expect(parseIn(['{ "a" : [ ] }']).value).toEqual({ a: [] });
    expect(parseIn(['{"a":[', ']', '}']).value).toEqual({ a: [] });
  });

  it.each([
    ['not an object', '[1,2]'],
    ['HTML', '<html>proxy error</html>'],
    ['a trailing comma in the list', '{"a":[1,2,]}'],
    ['an empty element', '{"a":[1,,2]}'],
    ['a bad element', '{"a":[{"b":}]}'],
    ['a bad member value', '{"a":tru}'],
    ['a missing colon', '{"a" 1}'],
    ['a trailing comma in the object', '{"a":1,}'],
    ['text after the object', '{"a":1} x'],
    ['a second object', '{"a":1}{}'],
    ['a mismatched bracket', '{"a":[1}'],
    ['an unquoted name', '{a:1}'],
    ['a cut-off text', '{"a":[1,2'],
    ['a cut-off string', '{"a":"abc'],
    ['an empty text', ''],
  ])('refuses %s, wherever the text is cut', (_what, text) => {
    for (let i = 0; i <= text.length; i++) {
      expect(() => parseIn(cut(text, [i])), `cut at ${i}`).toThrow(SyntaxError);
    }
  });

  it('refuses a trailing comma cut just before the ]', () => {
    expect(() => parseIn(['{"a":[1,', ']}'])).toThrow(SyntaxError);
  });
});
