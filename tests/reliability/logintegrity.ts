// Issue 33 — a request log that cannot be made to lie, measured against the service as a child process:
// - crash: pm saves an RFI every 50 ms while anonymous clients pipeline requests as fast as they can for 8 s; the
//   process is killed with SIGKILL right after; started again on the same data folder, every acknowledged save has
//   its row (lost: 0), at least one save in four was acknowledged during the burst, and the service's peak resident
//   memory stayed ≤ 512 MiB;
// - flood: with REQUEST_LOG_MAX_BYTES=1048576, an RFI save, then 10 s of anonymous 16 KB requests: the save's row is
//   still there, anonymous rows keep to their share, resident memory ≤ 512 MiB, and `take=1` right after answers
//   within 3 s;
// - bytes: 1,000 of the worst anonymous requests (2,700 `\` in the path, Referer and X-Forwarded-For of 6,600
//   bytes 0xFF, a malformed body of 16,400 CJK characters): the data folder grows by ≤ 4 KB a request.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '../../src/contract/operations';
import { readAdminKeyFile } from '../../server/db/db';
import { postJson, startServiceProcess, type ServiceProcess } from './service-process';

const MiB = 1024 * 1024;

/** The process's peak resident memory (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const s = statSync(join(dir, name));
    if (s.isFile()) total += s.size;
  }
  return total;
}

function flood(
  url: string,
  options: { seconds: number; body?: string; headers?: Record<string, string>; pipelining?: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${url}/api/internal/project/get`,
        method: 'POST',
        body: options.body ?? '{"projectId":1}',
        headers: { 'content-type': 'application/json', ...options.headers },
        connections: 20,
        pipelining: options.pipelining ?? 10,
        duration: options.seconds,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

async function signIn(url: string, user: string): Promise<string> {
  const res = await postJson(url + operations.InternalUserAuthenticationRequest.path, {
    userName: user,
    password: user,
  });
  if (res.status !== 200) throw new Error(`sign-in of ${user} failed: ${res.status}`);
  return res.json!.authSessionKey as string;
}

function rfiFolder(dataDir: string): number {
  const probe = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
  try {
    return (
      probe
        .prepare(
          `SELECT folder_id AS id FROM open_issues WHERE folder_id NOT IN
            (SELECT folder_id FROM folder_permissions WHERE can_modify = 0) ORDER BY id LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
  } finally {
    probe.close();
  }
}

async function logged(
  service: ServiceProcess,
  dataDir: string,
  query: string,
): Promise<{ text: string; ms: number }> {
  const apiKey = readAdminKeyFile(join(dataDir, 'admin-api-key.txt'))!;
  const started = performance.now();
  const res = await fetch(`${service.url}${operations.RequestLogs.path}?${query}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const text = await res.text();
  return { text, ms: Math.round(performance.now() - started) };
}

/** pm saves the RFI every 50 ms until `stop()`; the subjects tried and acknowledged. */
function saver(url: string, key: string, folderId: number, mark: string) {
  const tried: string[] = [];
  const acked: string[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const subject = `${mark}-${i}`;
      tried.push(subject);
      const started = Date.now();
      void postJson(url + operations.OpenIssueUpdateRequest.path, {
        authSessionKey: key,
        openIssue: { folderId, subject },
      }).then((res) => {
        if (res.status === 200) acked.push(subject);
      });
      await new Promise((r) => setTimeout(r, Math.max(0, 50 - (Date.now() - started))));
    }
  })();
  return {
    tried,
    acked,
    async stop() {
      running = false;
      await done;
    },
  };
}

export interface CrashFigures {
  savesTried: number;
  savesAcked: number;
  savesLost: number;
  anonymousAnswered: number;
  anonymousPerSecond: number;
  peakRssMiB: number;
  problems: string[];
}

export async function crashDuringBurst(port: number, seconds = 8): Promise<CrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-stress-logcrash-'));
  const problems: string[] = [];
  try {
    let service = await startServiceProcess(dataDir, port);
    const key = await signIn(service.url, 'pm');
    const folderId = rfiFolder(dataDir);
    const mark = `crash${Date.now()}`;
    const saves = saver(service.url, key, folderId, mark);
    const anon = await flood(service.url, { seconds });
    const peak = peakRssMiB(service.child.pid!);
    await service.kill();
    await saves.stop();
    service = await startServiceProcess(dataDir, port);
    try {
      const { text } = await logged(
        service,
        dataDir,
        `PathInfo=${operations.OpenIssueUpdateRequest.path}&Take=10000`,
      );
      const lost = saves.acked.filter((s) => !text.includes(`"${s}"`));
      const figures: CrashFigures = {
        savesTried: saves.tried.length,
        savesAcked: saves.acked.length,
        savesLost: lost.length,
        anonymousAnswered: anon.requests.total,
        anonymousPerSecond: Math.round(anon.requests.total / seconds),
        peakRssMiB: peak,
        problems,
      };
      if (lost.length)
        problems.push(`${lost.length} acknowledged RFI saves have no log row: ${lost.slice(0, 3)}`);
      if (saves.acked.length * 4 < saves.tried.length)
        problems.push(
          `only ${saves.acked.length} of ${saves.tried.length} saves acknowledged during the burst`,
        );
      if (peak > 512) problems.push(`peak resident memory ${peak} MiB > 512 MiB`);
      return figures;
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface FloodFigures {
  anonymousAnswered: number;
  rfiRowKept: boolean;
  anonymousBytes: number;
  authenticatedBytes: number;
  peakRssMiB: number;
  take1AfterMs: number;
  problems: string[];
}

export async function floodEviction(port: number, seconds = 10): Promise<FloodFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-stress-logflood-'));
  const problems: string[] = [];
  try {
    const service = await startServiceProcess(dataDir, port, { REQUEST_LOG_MAX_BYTES: String(MiB) });
    try {
      const key = await signIn(service.url, 'pm');
      const folderId = rfiFolder(dataDir);
      const mark = `kept${Date.now()}`;
      const saved = await postJson(service.url + operations.OpenIssueUpdateRequest.path, {
        authSessionKey: key,
        openIssue: { folderId, subject: mark },
      });
      if (saved.status !== 200) problems.push(`the RFI save answered ${saved.status}`);
      const big = 'x'.repeat(16 * 1024);
      const anon = await flood(service.url, {
        seconds,
        pipelining: 1,
        body: JSON.stringify({ projectId: 1, note: big }),
        headers: {
          referer: `https://example.com/${big.slice(0, 4000)}`,
          'x-forwarded-for': big.slice(0, 4000),
        },
      });
      const { text: last, ms } = await logged(service, dataDir, 'Take=1');
      if (!last.includes('"results":[{')) problems.push('take=1 after the flood returned no row');
      const peak = peakRssMiB(service.child.pid!);
      const { text } = await logged(
        service,
        dataDir,
        `PathInfo=${operations.OpenIssueUpdateRequest.path}&Take=100`,
      );
      const kept = text.includes(`"${mark}"`);
      const totals = readTotals(dataDir);
      if (!kept) problems.push('the RFI save’s row was deleted by the anonymous flood');
      if (peak > 512) problems.push(`peak resident memory ${peak} MiB > 512 MiB`);
      if (ms > 3000) problems.push(`take=1 right after the flood took ${ms} ms > 3 s`);
      if (totals.bytes[1] > 0.1 * MiB)
        problems.push(`anonymous rows hold ${totals.bytes[1]} bytes > 10 % of 1 MiB`);
      return {
        anonymousAnswered: anon.requests.total,
        rfiRowKept: kept,
        anonymousBytes: totals.bytes[1],
        authenticatedBytes: totals.bytes[0],
        peakRssMiB: peak,
        take1AfterMs: ms,
        problems,
      };
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function readTotals(dataDir: string): { rows: number[]; bytes: number[] } {
  const db = new Database(join(dataDir, 'pm.sqlite'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM settings WHERE name = 'request_log_totals'").get() as
      { value: string } | undefined;
    return row ? JSON.parse(row.value) : { rows: [0, 0], bytes: [0, 0] };
  } finally {
    db.close();
  }
}

/**
 * The worst anonymous requests of the attack, as raw bytes: Referer and X-Forwarded-For of 6,600 bytes 0xFF each,
 * a malformed JSON body of 16,400 CJK characters, and (every other one) a path of 2,700 `\` (no operation: 405)
 * or the operation's own path (the malformed body: 400).
 */
export function worstRequest(host: string, i: number): Buffer {
  const ff = Buffer.alloc(6600, 0xff);
  const body = Buffer.from('{"projectId": "' + '漢'.repeat(16_400));
  const path =
    i % 2 ? `/api/internal/project/get/${i}/${'\\'.repeat(2700)}` : `/api/internal/project/get?i=${i}`;
  return Buffer.concat([
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\n`),
    Buffer.from('Referer: '),
    ff,
    Buffer.from('\r\nX-Forwarded-For: '),
    ff,
    Buffer.from(
      `\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ]);
}

/** Sends raw bytes as one HTTP request; resolves with the reply's status (0: no reply). */
export function sendRaw(url: string, request: Buffer): Promise<number> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
    socket.on('error', () => resolve(0));
  });
}

export interface BytesFigures {
  requests: number;
  statuses: Record<string, number>;
  grownBytes: number;
  bytesPerRequest: number;
  problems: string[];
}

/** Data folder growth per worst anonymous request, measured between two clean stops (WAL written back). */
export async function anonymousBytes(port: number, requests = 1000): Promise<BytesFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-stress-logbytes-'));
  const problems: string[] = [];
  try {
    let service = await startServiceProcess(dataDir, port);
    await service.stop();
    const before = folderBytes(dataDir);
    service = await startServiceProcess(dataDir, port);
    const statuses: Record<string, number> = {};
    const host = new URL(service.url).host;
    for (let i = 0; i < requests; i += 20) {
      const codes = await Promise.all(
        Array.from({ length: Math.min(20, requests - i) }, (_, k) =>
          sendRaw(service.url, worstRequest(host, i + k)),
        ),
      );
      for (const c of codes) statuses[c] = (statuses[c] ?? 0) + 1;
    }
    await service.stop();
    const grownBytes = folderBytes(dataDir) - before;
    const bytesPerRequest = Math.round(grownBytes / requests);
    if (bytesPerRequest > 4096) problems.push(`${bytesPerRequest} bytes of data folder a request > 4 KB`);
    if (statuses['0'] || Object.keys(statuses).some((s) => Number(s) >= 500))
      problems.push(`statuses ${JSON.stringify(statuses)}`);
    return { requests, statuses, grownBytes, bytesPerRequest, problems };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
