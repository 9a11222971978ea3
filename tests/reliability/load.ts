// Issue 11, suite 6 — load. CLIENTS concurrent clients for SECONDS seconds against the service as a child
// process, each in a loop mixing reads (project, folders, documents, RFI, meeting, daily report), updates (RFI
// subject, folder description), punch-list bulk creates (10 rows) and request-log queries (admin API key).
// Held: 0 errors (every reply HTTP 200 with errorOccured false); recorded: requests, throughput, p50 / p90 / p99 /
// max latency overall and per kind. Bounded by time; only 127.0.0.1.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations, type OperationName } from '../../src/contract/operations';
import { seedIds } from '../../server/db/seed';
import { postJson, random, startServiceProcess } from './service-process';

export interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  perSecond: number;
  errors: number;
  errorSamples: string[];
  latencyMs: Record<string, { n: number; p50: number; p90: number; p99: number; max: number }>;
}

type Kind = 'read' | 'update' | 'bulkCreate' | 'requestLog';

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(at(1)),
  };
}

export async function load(port: number, clients = 50, seconds = 60, seed = 20261122): Promise<LoadFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'relsvc-load-'));
  const service = await startServiceProcess(dataDir, port);
  try {
    const url = service.url;
    const signIn = async (userName: string) => {
      const res = await postJson(url + operations.InternalUserAuthenticationRequest.path, {
        userName,
        password: userName,
      });
      if (res.status !== 200) throw new Error(`sign-in of ${userName} failed: ${res.status}`);
      return res.json as { authSessionKey: string; apiKey: string };
    };
    // A few sessions shared by the clients, as browser tabs of a few people would.
    const sessions = await Promise.all(['pm', 'pm', 'pm', 'admin', 'admin'].map(signIn));
    const adminApiKey = sessions[3].apiKey;

    const probe = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
    const pmId = seedIds.users.pm;
    const locked = new Set(
      (
        probe
          .prepare('SELECT folder_id AS id FROM folder_permissions WHERE user_id = ? AND can_modify = 0')
          .all(pmId) as {
          id: number;
        }[]
      ).map((r) => r.id),
    );
    const rfis = (
      probe.prepare('SELECT folder_id AS id FROM open_issues ORDER BY id').all() as { id: number }[]
    )
      .map((r) => r.id)
      .filter((id) => !locked.has(id));
    const subFolders = (
      probe
        .prepare('SELECT id FROM folders WHERE parent_id IN (?, ?, ?) ORDER BY id')
        .all(...seedIds.containers.map((c) => c.documents)) as { id: number }[]
    )
      .map((r) => r.id)
      .filter((id) => !locked.has(id));
    probe.close();

    const c0 = seedIds.containers[0];
    const reads: [OperationName, Record<string, unknown>][] = [
      ['ProjectGetRequest', { projectId: 1 }],
      ['FolderReadIssueRequest', { folderParentId: seedIds.rootFolders[0] }],
      ['FolderReadIssueRequest', { folderParentId: c0.rfis }],
      ['DocumentsReadInFolderRequest', { parentFolderId: c0.documents }],
      ['FolderGetRequest', { folderId: c0.documents }],
      ['OpenIssueReadRequest', { folderId: seedIds.rfiFolder }],
      ['MeetingReadRequest', { folderId: seedIds.meetingFolder }],
      ['DailyReportGetRequest', { dailyReportId: seedIds.dailyReport }],
      ['FoldersDocumentsGetByParentFolderRequest', { folderParentId: seedIds.rootFolders[0] }],
    ];

    const latencies: Record<Kind, number[]> = { read: [], update: [], bulkCreate: [], requestLog: [] };
    let errors = 0;
    const errorSamples: string[] = [];
    const until = Date.now() + seconds * 1000;

    const client = async (c: number) => {
      const rng = random(seed + c);
      const session = sessions[c % 3].authSessionKey;
      let n = 0;
      while (Date.now() < until) {
        n++;
        const r = rng();
        let kind: Kind;
        let path: string;
        let body: Record<string, unknown> = { authSessionKey: session };
        let headers: Record<string, string> = {};
        let method = 'POST';
        if (r < 0.6) {
          kind = 'read';
          const [op, req] = reads[Math.floor(rng() * reads.length)];
          path = operations[op].path;
          body = { ...body, ...req };
        } else if (r < 0.8) {
          kind = 'update';
          if (rng() < 0.5) {
            path = operations.OpenIssueUpdateRequest.path;
            body.openIssue = { folderId: rfis[(c * 7 + n) % rfis.length], subject: `Load client ${c} #${n}` };
          } else {
            path = operations.FolderUpdateRequest.path;
            body.folder = {
              folderId: subFolders[c % subFolders.length],
              folderDescription: `Load client ${c} #${n}`,
            };
          }
        } else if (r < 0.9) {
          kind = 'bulkCreate';
          path = operations.PunchListCreateManyRequest.path;
          body.punchlistList = Array.from({ length: 10 }, (_, i) => ({
            folderId: seedIds.containers[c % 3].punchList,
            tempItemId: `load-${c}-${n}-${i}`,
            summary: `Load client ${c} item ${n}.${i}`,
          }));
        } else {
          kind = 'requestLog';
          method = 'GET';
          headers = { authorization: `Bearer ${adminApiKey}` };
          const filters = [
            'take=50',
            'take=20&withErrors=false',
            `take=20&pathInfo=${operations.ProjectGetRequest.path}`,
            'take=100&skip=100',
          ];
          path = `${operations.RequestLogs.path}?${filters[Math.floor(rng() * filters.length)]}`;
        }
        const t0 = performance.now();
        const res = await postJson(url + path, body, headers, method);
        latencies[kind].push(performance.now() - t0);
        const ok =
          res.status === 200 &&
          (kind === 'requestLog' ? Array.isArray(res.json?.results) : res.json?.errorOccured === false);
        if (!ok) {
          errors++;
          if (errorSamples.length < 10)
            errorSamples.push(
              `${kind} ${path}: ${res.status} ${res.error ?? JSON.stringify(res.json).slice(0, 200)}`,
            );
        }
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
    const elapsed = (performance.now() - t0) / 1000;
    const all = Object.values(latencies).flat();
    return {
      clients,
      seconds,
      requests: all.length,
      perSecond: Math.round(all.length / elapsed),
      errors,
      errorSamples,
      latencyMs: {
        all: percentiles(all),
        ...Object.fromEntries(Object.entries(latencies).map(([k, v]) => [k, percentiles(v)])),
      },
    };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
