// Streamed replies (docs/service.md, "Streamed replies"): the documents of a folder and the request log's rows are
// written as they are read once a reply passes the read cache's budget (256 KB). The JSON is the same value as a
// reply built whole; JSONP, the read cache, the request-log row and a failure after the first byte are checked.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, stringifyWire } from '../../src/contract/codecs';
import { operations } from '../../src/contract/operations';
import type { LogFacts } from '../../server/core/log-row';
import type { RequestLog } from '../../server/core/requestlog';
import { RowStream } from '../../server/handler';
import { responder } from '../../server/http/respond';
import { expectStatus, sleep, useHarness, useSeedIds, type Json } from './harness';

const h = useHarness({ tracking: { enableResponseTracking: true } });
const ids = useSeedIds(h);
const MANY = 2_000;
let db: Database.Database;

/** Inserts documents into a folder through a connection of the test's own (the service's cache does not see it). */
function addDocuments(folderId: number, count: number, from = 0) {
  const insert = db.prepare(
    `INSERT INTO documents (folder_id, number, status_text, issue, issue_ms, estimated_file_size,
       uploaded_file_name, created_by, created_ms, updated_by, updated_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, 1, ?)`,
  );
  db.transaction(() => {
    for (let i = from; i < from + count; i++) {
      insert.run(
        folderId,
        `ST-${String(i).padStart(5, '0')}`,
        // Text the writer must escape: quotes, backslashes, a slash pair, a line break, non-ASCII, a fake date.
        i % 3 === 0 ? `Rev "A" \\ </script> /Date(5)/ ß ✓ 🚧\nnext` : null,
        i % 2 ? `Issue ${i}` : null,
        i % 5 ? 1_700_000_000_000 + i * 60_000 : null,
        i * 1000,
        `file-${i}.pdf`,
        1_750_000_000_000 + i,
      );
    }
  })();
}

beforeAll(() => {
  db = new Database(join(h.dataDir, 'pm.sqlite'));
  addDocuments(ids.emptyFolderId, MANY);
});
afterAll(() => db.close());

const read = (query?: Record<string, string>) =>
  h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: ids.emptyFolderId }, { query });

describe('a streamed documents reply', () => {
  it('is the JSON a reply built whole would be, its list last, with the count in X-Total-Count', async () => {
    const res = await read();
    expectStatus(res, 200);
    expect(res.text.length).toBeGreaterThan(256 * 1024);
    expect(res.headers.get('x-total-count')).toBe(String(MANY));
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const docs = res.json.folderDocuments as Json[];
    expect(docs).toHaveLength(MANY);
    expect(docs.map((d) => d.documentNumber)).toEqual(
      Array.from({ length: MANY }, (_, i) => `ST-${String(i).padStart(5, '0')}`),
    );
    expect(res.json).toMatchObject({
      numberOfRecordsEffected: 0,
      errorOccured: false,
      logMessageType: 'DEBUG',
    });
    // The head comes first, the list last.
    expect(res.text.indexOf('"errorOccured"')).toBeLessThan(res.text.indexOf('"folderDocuments":['));
    expect(res.text.endsWith(']}')).toBe(true);
    expect(docs[0].documentStatusName).toBe('Rev "A" \\ </script> /Date(5)/ ß ✓ 🚧\nnext');
    expect(docs[1].documentStatusName).toBeUndefined();
    expect(res.text).toMatch(/"documentIssueDate":"\\\/Date\(1700000060000-0000\)\\\/"/);
    // The same value as the whole reply written the old way, from the same rows.
    const whole = JSON.parse(
      stringifyWire(
        encode(operations.DocumentsReadInFolderRequest.response, {
          numberOfRecordsEffected: 0,
          folderDocuments: docs.map((d) => ({ ...d })),
          errorOccured: false,
          logMessageType: 'DEBUG',
        }),
      ),
    );
    expect(res.json).toEqual(whole);
  });

  it('is wrapped in the JSONP callback', async () => {
    const res = await read({ callback: 'take.it' });
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.text.startsWith('take.it({')).toBe(true);
    expect(res.text.endsWith(']})')).toBe(true);
    expect(JSON.parse(res.text.slice('take.it('.length, -1)).folderDocuments).toHaveLength(MANY);
  });

  it('is not kept in the read cache (over its 256 KB budget): the next read sees a new row', async () => {
    await read();
    addDocuments(ids.emptyFolderId, 1, MANY);
    const res = await read();
    expect(res.json.folderDocuments).toHaveLength(MANY + 1);
    expect(res.headers.get('x-total-count')).toBe(String(MANY + 1));
  });

  it('is logged once written, its stored reply a capped preview with the whole length', async () => {
    const res = await read();
    const log = await h.logs({ pathInfo: operations.DocumentsReadInFolderRequest.path, take: 1 });
    expectStatus(log, 200);
    const [entry] = log.json.results;
    expect(entry.items.responseDtoTruncated).toBe('true');
    expect(entry.items.responseDtoLength).toBe(String(res.text.length));
    expect(entry.responseDto._length).toBe(res.text.length);
    expect(res.text.startsWith(entry.responseDto._preview)).toBe(true);
  });

  it('gives the ordinary error reply for an error before the first byte', async () => {
    const res = await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: 987_654 });
    expectStatus(res, 404);
    expect(res.json.responseStatus.errorCode).toBe('NotFound');
  });
});

describe('while a large reply streams to a slow client', () => {
  it('other requests, writes too, are answered; the reply is whole when the client reads on', async () => {
    addDocuments(ids.documentFolderId, 30_000, 10_000);
    const { sessionKey } = await h.session('pm');
    const body = JSON.stringify({ authSessionKey: sessionKey, parentFolderId: ids.documentFolderId });
    // A client that reads the head and then nothing for a while.
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${h.url}${operations.DocumentsReadInFolderRequest.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', resolve).on('error', reject).end(body);
    });
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(30_000);
    await sleep(200);
    const added = await h.as('pm', 'ExtDriveDocumentCreateRequest', {
      document: { folderParentId: ids.documentFolderId, fileName: 'Added while streaming.pdf' },
    });
    expectStatus(added, 200);
    expectStatus(await h.as('pm', 'ProjectGetRequest', { projectId: 1 }), 200);
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const docs = JSON.parse(Buffer.concat(chunks).toString('utf8')).folderDocuments as Json[];
    // The rows of one snapshot: the count said first, without the document added meanwhile.
    expect(docs).toHaveLength(total);
    expect(docs.some((d) => d.uploadedFileName === 'Added while streaming.pdf')).toBe(false);
    const after = await h.as('pm', 'DocumentsReadInFolderRequest', { parentFolderId: ids.documentFolderId });
    expect(after.json.folderDocuments).toHaveLength(total + 1);
  });
});

describe('a streamed request-log reply', () => {
  beforeAll(async () => {
    // 40 requests with 12 KB bodies: their stored rows make a reply of about 500 KB.
    for (let i = 0; i < 40; i++) {
      await h.as('pm', 'ProjectGetRequest', { projectId: 1, additionalInfo: `${i} ${'x'.repeat(12_000)}` });
    }
  });

  it('writes usage first, the rows, then responseStatus', async () => {
    const res = await h.logs({ take: 200 });
    expectStatus(res, 200);
    expect(res.text.length).toBeGreaterThan(256 * 1024);
    expect(Object.keys(res.json).sort()).toEqual(['responseStatus', 'results', 'usage']);
    expect(res.text.indexOf('"usage"')).toBeLessThan(res.text.indexOf('"results":['));
    expect(res.text.indexOf('"results":[')).toBeLessThan(res.text.indexOf('"responseStatus"'));
    expect(res.json.results.length).toBeGreaterThanOrEqual(40);
    const ids = res.json.results.map((r: Json) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.json.responseStatus.meta.enableResponseTracking).toBeDefined();
  });

  it('still says where the byte budget cut the reply, after the rows', async () => {
    const own = await import('./harness').then((m) =>
      m.Harness.start({ logLimits: { replyMaxBytes: 300_000 } }),
    );
    try {
      for (let i = 0; i < 40; i++) {
        await own.as('pm', 'ProjectGetRequest', { projectId: 1, additionalInfo: 'y'.repeat(12_000) });
      }
      const res = await own.logs({ take: 200 });
      expectStatus(res, 200);
      const { results, responseStatus } = res.json;
      expect(responseStatus.meta.truncated).toBe('true');
      expect(Number(responseStatus.meta.nextBeforeId)).toBe(results[results.length - 1].id - 1);
      expect(responseStatus.message).toContain(`The reply stopped at ${results.length} rows`);
    } finally {
      await own.close();
    }
  });
});

describe('a failure after the first byte', () => {
  it('destroys the connection (a truncated reply, never a wrong one) and logs the failure', async () => {
    const rows: LogFacts[] = [];
    const log = { add: (facts: LogFacts) => rows.push(facts) } as unknown as RequestLog;
    const respond = responder(log, false);
    const op = operations.DocumentsReadInFolderRequest;
    function* rest() {
      yield `,"folderDocuments":[${'{"documentId":1},'.repeat(20_000)}{"documentId":2}`;
      throw new Error('the disk went away');
    }
    const app = Fastify();
    app.decorateRequest('startedAt', 0n);
    app.addHook('onRequest', async (request) => {
      request.startedAt = process.hrtime.bigint();
    });
    app.get('/x', (request, reply) => {
      respond(request, reply, op, { stream: { first: '{"errorOccured":false', rest: rest(), count: 2 } });
      return reply;
    });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${address.port}/x`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('2');
      await expect(res.text()).rejects.toThrow();
      // One row, for the failure: its status and the error body the log stores.
      expect(rows.map((facts) => facts[5])).toEqual([500]);
      expect(JSON.parse(rows[0][20]!).responseStatus.errorCode).toBe('InternalServerError');
    } finally {
      console.error = quiet;
      await app.close();
    }
  });
});

it('the RowStream of a handler is read lazily, in order', () => {
  const seen: number[] = [];
  function* rows() {
    for (let i = 0; i < 3; i++) {
      seen.push(i);
      yield i;
    }
  }
  const stream = new RowStream(rows(), { count: 3 });
  expect(seen).toEqual([]);
  expect([...stream.rows]).toEqual([0, 1, 2]);
});
