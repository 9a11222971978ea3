// Replies over 1 KB are compressed as the request's Accept-Encoding asks (br, then gzip), and not at all without
// it; small replies never are. Raw HTTP (node:http), so the bytes on the wire are what is checked.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { operationPath } from '../../src/contract/operations';
import { seedIds } from '../../server/db/seed';
import { UNKNOWN_ID, useHarness } from './harness';

const h = useHarness();
const ids = () => ({ rootFolder: seedIds.rootFolders[0] });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  return new Promise<Raw>((resolve, reject) => {
    const req = httpRequest(
      h.url + path,
      { method: init.method ?? 'GET', headers: init.headers ?? {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

async function read(name: 'FolderReadIssueRequest', body: object, encoding?: string) {
  const { sessionKey } = await h.session('pm');
  return raw(operationPath(name, 'internal'), {
    method: 'POST',
    body: JSON.stringify({ authSessionKey: sessionKey, ...body }),
    headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
}

describe('reply compression', () => {
  it('compresses a large reply with br or gzip, as asked, to the same JSON', async () => {
    const root = ids().rootFolder;

    const plain = await read('FolderReadIssueRequest', { folderParentId: root });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.folderList.length).toBeGreaterThan(0);

    const br = await read('FolderReadIssueRequest', { folderParentId: root }, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gz = await read('FolderReadIssueRequest', { folderParentId: root }, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json);
  });

  it('sends small replies, and replies to clients that ask for no compression, as they are', async () => {
    // No such folder: a reply of a few hundred bytes (404).
    const small = await read('FolderReadIssueRequest', { folderParentId: UNKNOWN_ID }, 'gzip, br');
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const identity = await read('FolderReadIssueRequest', { folderParentId: ids().rootFolder }, 'identity');
    expect(identity.body.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('sends a small error reply plain, with its status', async () => {
    const res = await raw('/api/internal/no/such', {
      method: 'POST',
      body: '{}',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(405);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8')).responseStatus.errorCode).toBe('UnknownOperation');
  });
});
