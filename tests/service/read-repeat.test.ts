// A read repeated exactly (same operation, same JSON body, same session) answers from the read cache without
// being parsed and decoded again (server/core/read-cache.ts, `bound`): its session is still checked on every
// request, a write still empties the cache, and its log row is the one a first read gets.
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { expectStatus, sleep, useHarness, useSeedIds } from './harness';

const h = useHarness({ sessionTtlSeconds: 2 });
const ids = useSeedIds(h);

describe('a repeated read', () => {
  it('answers the same, and is logged as the first read is', async () => {
    const { sessionKey } = await h.signIn('pm');
    const mark = `repeat-${Date.now()}`;
    const body = { authSessionKey: sessionKey, folderId: ids.rfiFolderIds[0] };
    const headers = { 'user-agent': mark };
    const first = await h.call('OpenIssueReadRequest', body, { headers });
    const again = await h.call('OpenIssueReadRequest', body, { headers });
    expectStatus(first, 200);
    expect(again.text).toBe(first.text);

    const log = await h.logs({ pathInfo: operations.OpenIssueReadRequest.path, take: 50 });
    const rows = log.json.results.filter((e: { headers?: Record<string, string> }) =>
      JSON.stringify(e.headers ?? {}).includes(mark),
    );
    expect(rows).toHaveLength(2);
    const [newer, older] = rows;
    expect(newer.userAuthId).toBe('pm');
    expect(newer.requestDto).toEqual(older.requestDto);
    expect(newer.requestDto).toEqual({ authSessionKey: '***', folderId: ids.rfiFolderIds[0] });
    expect(newer.sessionId).toBe(older.sessionId);
  });

  it('sees a write made since', async () => {
    const { sessionKey } = await h.signIn('pm');
    const folderId = ids.rfiFolderIds[1];
    const read = () => h.call('OpenIssueReadRequest', { authSessionKey: sessionKey, folderId });
    expectStatus(await read(), 200);
    expectStatus(await read(), 200);
    const subject = `Repeat check ${Date.now()}`;
    const saved = await h.call('OpenIssueUpdateRequest', {
      authSessionKey: sessionKey,
      openIssue: { folderId, subject },
    });
    expectStatus(saved, 200);
    const after = await read();
    expectStatus(after, 200);
    expect(after.json.openIssue.subject).toBe(subject);
  });

  it('is refused once its session has expired', async () => {
    const { sessionKey } = await h.signIn('pm');
    const body = { authSessionKey: sessionKey, folderId: ids.rfiFolderIds[0] };
    expectStatus(await h.call('OpenIssueReadRequest', body), 200);
    expectStatus(await h.call('OpenIssueReadRequest', body), 200);
    await sleep(2_500);
    const late = await h.call('OpenIssueReadRequest', body);
    expectStatus(late, 401);
    expect(late.json.responseStatus.errorCode).toBe('Unauthorized');
  });
});
