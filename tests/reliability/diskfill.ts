// Issue 16, finding 1: anonymous disk fill through the request log. 100 anonymous requests with a 1 MiB body each
// against a service process; the data folder (database, WAL and all) must grow by less than 5 MiB, and a
// request-log query of 100 rows afterwards must stay small. Before the fix the folder grew by ~240 MiB and the
// query returned ~200 MB.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postJson, startServiceProcess } from './service-process';

export interface DiskFillFigures {
  requests: number;
  statuses: Record<string, number>;
  grownBytes: number;
  queryReplyBytes: number;
  queryMs: number;
  problems: string[];
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) {
    const s = await stat(join(dir, name));
    if (s.isFile()) total += s.size;
  }
  return total;
}

export async function diskFill(port: number, requests = 100): Promise<DiskFillFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pm-stress-diskfill-'));
  const service = await startServiceProcess(dataDir, port);
  const problems: string[] = [];
  try {
    const signIn = await postJson(`${service.url}/api/internal/authenticateuser`, {
      userName: 'admin',
      password: 'admin',
    });
    const apiKey = String(signIn.json?.apiKey ?? '');
    // Let the writer settle the sign-in row, then measure.
    await new Promise((r) => setTimeout(r, 300));
    const before = await folderBytes(dataDir);
    const body = JSON.stringify({
      folder: { folderId: 1, folderDescription: 'x'.repeat(1024 * 1024 - 100) },
    });
    const statuses: Record<string, number> = {};
    for (let i = 0; i < requests; i += 10) {
      const batch = Array.from({ length: Math.min(10, requests - i) }, () =>
        fetch(`${service.url}/api/internal/folder/update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then(async (r) => {
          await r.arrayBuffer();
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }),
      );
      await Promise.all(batch);
    }
    await new Promise((r) => setTimeout(r, 500));
    const grownBytes = (await folderBytes(dataDir)) - before;
    const started = performance.now();
    const res = await fetch(`${service.url}/requestlogs?take=100`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const text = await res.text();
    const queryMs = Math.round(performance.now() - started);
    if (res.status !== 200) problems.push(`request-log query answered ${res.status}`);
    if (grownBytes >= 5 * 1024 * 1024)
      problems.push(`the data folder grew by ${grownBytes} bytes (budget < 5 MiB)`);
    if (text.length > 5 * 1024 * 1024) problems.push(`a 100-row query returned ${text.length} bytes`);
    if (statuses['401'] !== requests)
      problems.push(`expected ${requests} × 401, got ${JSON.stringify(statuses)}`);
    return { requests, statuses, grownBytes, queryReplyBytes: text.length, queryMs, problems };
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
