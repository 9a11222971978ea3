// No acknowledged write without its log row, across a crash (issue 33): the service runs as a child process, pm
// saves an RFI again and again while anonymous requests stream in, the process is killed with SIGKILL right after
// a save was acknowledged, and once it is started again on the same data folder every acknowledged save has its
// row in the request log.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';
import { readAdminKeyFile } from '../../server/db/db';
import { postJson, startServiceProcess } from '../reliability/service-process';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a crash', () => {
  it(
    'loses no acknowledged write: each has its log row after SIGKILL and a restart',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pm-crash-'));
      try {
        let service = await startServiceProcess(dataDir, await freePort());
        const signIn = await postJson(service.url + operations.InternalUserAuthenticationRequest.path, {
          userName: 'pm',
          password: 'pm',
        });
        const key = signIn.json!.authSessionKey as string;
        const probe = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
        const { id: folderId } = probe
          .prepare(
            `SELECT folder_id AS id FROM open_issues WHERE folder_id NOT IN
            (SELECT folder_id FROM folder_permissions WHERE can_modify = 0) ORDER BY id LIMIT 1`,
          )
          .get() as { id: number };
        probe.close();
        // Anonymous traffic beside the saves, so batches are on their way to the writer when the process dies.
        let flooding = true;
        const flood = (async () => {
          while (flooding) {
            await Promise.all(
              Array.from({ length: 50 }, (_, i) =>
                fetch(`${service.url}/api/internal/project/get?i=${i}`, { method: 'POST' }).catch(
                  () => undefined,
                ),
              ),
            );
          }
        })();
        const acked: string[] = [];
        for (let i = 0; i < 40; i++) {
          const subject = `crash-${Date.now()}-${i}`;
          const res = await postJson(service.url + operations.OpenIssueUpdateRequest.path, {
            authSessionKey: key,
            openIssue: { folderId, subject },
          });
          if (res.status === 200) acked.push(subject);
        }
        await service.kill();
        flooding = false;
        await flood;
        expect(acked.length).toBeGreaterThan(0);

        service = await startServiceProcess(dataDir, await freePort());
        try {
          const apiKey = readAdminKeyFile(join(dataDir, 'admin-api-key.txt'))!;
          const res = await fetch(
            `${service.url}${operations.RequestLogs.path}?PathInfo=${operations.OpenIssueUpdateRequest.path}&Take=1000`,
            { headers: { authorization: `Bearer ${apiKey}` } },
          );
          const logged = JSON.stringify((await res.json()).results);
          const lost = acked.filter((s) => !logged.includes(s));
          expect(lost).toEqual([]);
        } finally {
          await service.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
