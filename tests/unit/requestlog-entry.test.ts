import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/contract/dtos';
import { replayRefusal, SIGN_IN, truncatedOf } from '../../src/features/requestlog/model/entry';

describe('a logged request the service cut to a preview', () => {
  it('is recognised by its _truncated flag, with its length and preview', () => {
    expect(truncatedOf({ _truncated: true, _length: 5000, _preview: 'abc' })).toEqual({
      length: 5000,
      preview: 'abc',
    });
    expect(truncatedOf({ _truncated: true, _preview: 'abcd' })).toEqual({ length: 4, preview: 'abcd' });
    expect(truncatedOf({ _truncated: 'true' })).toBeUndefined();
    expect(truncatedOf({ projectId: 1 })).toBeUndefined();
    expect(truncatedOf(null)).toBeUndefined();
  });
});

describe('which logged requests can be replayed', () => {
  const entry = (requestDto: RequestLogEntry['requestDto']): RequestLogEntry => ({ id: 1, requestDto });
  it('replays a known operation with a whole request DTO', () => {
    expect(replayRefusal(entry({ projectId: 1 }), 'ProjectGetRequest', 'ProjectGetRequest')).toBeUndefined();
  });
  it('says why the others are not replayed', () => {
    expect(replayRefusal(entry({}), SIGN_IN, SIGN_IN)).toBe('A sign-in is never replayed.');
    expect(replayRefusal(entry({}), 'Nope', undefined)).toMatch(/not known/);
    expect(replayRefusal(entry({}), 'RequestLogs', 'RequestLogs')).toMatch(/request log are not replayed/);
    expect(replayRefusal(entry(undefined), 'ProjectGetRequest', 'ProjectGetRequest')).toBe(
      'No request DTO was logged.',
    );
    expect(
      replayRefusal(entry({ _truncated: true, _length: 9 }), 'ProjectGetRequest', 'ProjectGetRequest'),
    ).toMatch(/too large/);
  });
});
