// The request log's reply writes each stored row straight to JSON (entryJson, server/core/requestlog.ts) instead of
// decoding its JSON columns and encoding them again: the text must be exactly what the contract's encode and
// stringifyWire write for the decoded entry, for every shape a stored row can have.
import { describe, expect, it } from 'vitest';
import { entryJson, toEntry, type StoredEntry } from '../../server/core/requestlog';
import { encode, stringifyWire } from '../../src/contract/codecs';
import { RequestLogEntry } from '../../src/contract/dtos';

const base: StoredEntry = {
  id: 42,
  date_ms: Date.UTC(2026, 10, 24, 12, 30, 5, 123),
  http_method: 'POST',
  absolute_uri: 'http://localhost:8080/api/internal/project/get',
  path_info: '/api/internal/project/get',
  request_body: '{"projectId":1}',
  request_dto: '{"projectId":1}',
  user_auth_id: 'pm',
  session_id: 'sess-1234',
  ip_address: '127.0.0.1',
  forwarded_for: null,
  referer: null,
  headers: '{"host":"localhost","content-type":"application/json"}',
  form_data: null,
  items: '{"operation":"ProjectGetRequest","statusCode":"200"}',
  session: null,
  response_dto: '{"project":{"projectId":1,"projectName":"Harbour \\"Tower\\" – ünïcode ☃"}}',
  error_response: null,
  duration_ms: 12.3456,
};

const cases: [string, Partial<StoredEntry>][] = [
  ['an ordinary read', {}],
  [
    'every column empty',
    Object.fromEntries(
      Object.keys(base)
        .filter((k) => !['id', 'date_ms', 'http_method', 'duration_ms'].includes(k))
        .map((k) => [k, null]),
    ),
  ],
  ['empty strings', { absolute_uri: '', referer: '', user_auth_id: '' }],
  [
    'nulls inside the DTO (left out on the wire)',
    { request_dto: '{"a":null,"b":[1,null,{"c":null}],"d":"null"}' },
  ],
  ['a DTO that is null', { request_dto: 'null', response_dto: 'null' }],
  [
    'a date string in the DTO and a text field',
    { request_dto: '{"due":"/Date(1795560000000-0000)/"}', referer: '/Date(5)/' },
  ],
  ['scalars as JSON columns', { request_dto: '"text"', session: '17', response_dto: 'true' }],
  [
    'an error reply',
    {
      error_response: '{"responseStatus":{"errorCode":"NotFound","message":"No project 9.","errors":[]}}',
      items: '{"operation":"ProjectGetRequest","statusCode":"404"}',
    },
  ],
  [
    'form data and forwarded-for',
    { form_data: '{"userName":"pm","password":"********"}', forwarded_for: '10.0.0.1, 10.0.0.2' },
  ],
  ['escapes and line separators', { path_info: '/a"b\\c\u2028d', request_body: '<script>\n\t</script>' }],
  ['a long duration and an old date', { duration_ms: 3_723_004.5, date_ms: -86_400_000 }],
  [
    'a time stored with a fraction of a ms (whole ms on the wire, as Date keeps it)',
    { date_ms: 1_795_560_000_123.7 },
  ],
  ['a fractional time before 1970', { date_ms: -1_500.5 }],
];

describe('a stored request-log row written straight to JSON', () => {
  it.each(cases)('%s: the same text as encode + stringifyWire of the decoded entry', (_name, over) => {
    const row = { ...base, ...over } as StoredEntry;
    expect(entryJson(row)).toBe(stringifyWire(encode(RequestLogEntry, toEntry(row))));
  });
});
