// `npm start` as a user runs it (issue 17): stopping by SIGTERM / Ctrl-C leaves no process and no busy port and
// loses no request-log row; a bad setting is one line on stderr and a non-zero exit, before anything starts.
// Each start is the real command (npm → node --import tsx server/start.ts), in a process group of its own so a
// terminal's Ctrl-C can be imitated and nothing is left behind if a test fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/operations';

const root = join(import.meta.dirname, '..', '..');
const START_LINE = /^PM Console service (\S+\+\S+) listening on (http:\/\/127\.0\.0\.1:\d+)\/$/m;

let work: string;
let staticDir: string;
const started: Started[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pm-startup-test-'));
  staticDir = join(work, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>PM Console</title>');
});

afterAll(() => {
  for (const s of started) s.killGroup('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something may listen on the port (127.0.0.1) now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

interface ProcInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
}

/** Every process of this machine (Linux /proc), zombies left out: they have exited. */
function processes(): ProcInfo[] {
  const found: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') found.push({ pid: Number(name), ppid: Number(ppid), pgrp: Number(pgrp), state });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** The live descendants of a process. */
function descendants(pid: number): number[] {
  const all = processes();
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const p of all)
      if (p.ppid === parent) {
        out.push(p.pid);
        walk(p.pid);
      }
  };
  walk(pid);
  return out;
}

const alive = (pids: number[]) => {
  const live = new Set(processes().map((p) => p.pid));
  return pids.filter((pid) => live.has(pid));
};

interface Started {
  child: ChildProcess;
  /** npm's pid, which also leads the process group. */
  pid: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  killGroup(signal: NodeJS.Signals): void;
}

/** `npm start` with the given env on top of a clean one (no inherited PORT, HOST, …). */
function npmStart(env: Record<string, string>): Started {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(PORT|HOST|DATA_DIR|STATIC_DIR|SESSION_TTL_SECONDS|REQUEST_LOG_RETENTION|TRACK_\w+|SEED_VARIANT|ALLOW_DEMO_PASSWORDS|NODE_ENV|VITEST\w*)$/.test(
          k,
        ),
    ),
  );
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...base, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const s: Started = {
    child,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    exited,
    killGroup(signal) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // the group is gone
      }
    },
  };
  started.push(s);
  return s;
}

/** Waits for the start line; returns the service's URL. */
async function listening(s: Started): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const m = START_LINE.exec(s.stdout());
    if (m) return m[2];
    if (s.child.exitCode !== null || s.child.signalCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not start:\n${s.stdout()}\n${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Signs in as admin and sends five project reads, each marked in its query string; returns the markers. */
async function fiveRequests(url: string): Promise<{ apiKey: string; markers: string[] }> {
  const signIn = await post(`${url}${operations.InternalUserAuthenticationRequest.path}`, {
    userName: 'admin',
    password: 'admin',
  });
  expect(signIn.status).toBe(200);
  const markers = Array.from({ length: 5 }, () => `probe-${randomUUID()}`);
  for (const marker of markers) {
    const res = await post(`${url}${operations.ProjectGetRequest.path}?marker=${marker}`, {
      authSessionKey: signIn.json.authSessionKey,
      projectId: 1,
    });
    expect(res.status).toBe(200);
  }
  return { apiKey: String(signIn.json.apiKey), markers };
}

/** The absolute URIs of the newest request-log rows. */
async function loggedUris(url: string, apiKey: string): Promise<string[]> {
  const res = await fetch(`${url}${operations.RequestLogs.path}?take=1000`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { absoluteUri: string }[] };
  return body.results.map((r) => r.absoluteUri);
}

/** Waits until the port can be listened on again (false after the time is up). */
async function portFreed(port: number, withinMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await canListen(port)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return canListen(port);
}

describe.skipIf(process.platform !== 'linux')('npm start: stopping (issue 17)', () => {
  let dataDir: string;
  let port: number;
  /** The requests of the previous start, to be found in the log by the next one. */
  let previous: { markers: string[] } | undefined;

  beforeAll(async () => {
    dataDir = join(work, 'data');
    port = await freePort();
  });

  /**
   * Starts on the shared data folder, checks the previous start's requests are all in the log, sends five more,
   * stops the service with `stop`, and checks npm, the service and the port are all gone.
   */
  async function cycle(stop: (s: Started, servicePids: number[]) => void) {
    const s = npmStart({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir });
    const url = await listening(s);
    expect(s.stdout()).toMatch(START_LINE);
    const servicePids = descendants(s.pid);
    expect(servicePids.length).toBeGreaterThan(0);

    const { apiKey, markers } = await fiveRequests(url);
    if (previous) {
      const uris = await loggedUris(url, apiKey);
      for (const marker of previous.markers)
        expect(
          uris.some((u) => u.includes(marker)),
          marker,
        ).toBe(true);
    }
    previous = { markers };

    stop(s, servicePids);
    const { code, signal } = await s.exited;
    expect(await portFreed(port), `port ${port} is still taken`).toBe(true);
    expect(alive([s.pid, ...servicePids]), 'processes left after stopping').toEqual([]);
    expect(processes().filter((p) => p.pgrp === s.pid)).toEqual([]);
    expect(s.stdout()).toMatch(/stopping/);
    expect(s.stdout()).toMatch(/^Stopped\.$/m);
    expect(s.stderr()).not.toMatch(/Error|EADDRINUSE/);
    return { code, signal };
  }

  it('SIGTERM to npm stops the service, frees the port and keeps every logged request', async () => {
    const { code } = await cycle((s) => process.kill(s.pid, 'SIGTERM'));
    expect(code).toBe(0);
  });

  it("SIGINT to the whole process group (a terminal's Ctrl-C: npm and the service each get it) does too", async () => {
    const { code } = await cycle((s) => s.killGroup('SIGINT'));
    expect(code).toBe(0);
  });

  it('a second and third signal while stopping are harmless', async () => {
    const { code } = await cycle((s, servicePids) => {
      process.kill(s.pid, 'SIGTERM');
      for (const pid of servicePids) process.kill(pid, 'SIGTERM'); // the service itself, too
      s.killGroup('SIGINT');
    });
    expect(code).toBe(0);
  });

  it('if npm dies without passing a signal on (SIGKILL), the service stops by itself', async () => {
    const s = npmStart({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir });
    const url = await listening(s);
    const servicePids = descendants(s.pid);
    const { apiKey, markers } = await fiveRequests(url);
    const uris = await loggedUris(url, apiKey);
    for (const marker of previous!.markers)
      expect(
        uris.some((u) => u.includes(marker)),
        marker,
      ).toBe(true);
    process.kill(s.pid, 'SIGKILL');
    await s.exited;
    expect(await portFreed(port), `port ${port} is still taken`).toBe(true);
    const deadline = Date.now() + 5_000;
    while (alive(servicePids).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(servicePids)).toEqual([]);

    // …and what it logged is there on the next start.
    const next = npmStart({ PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir });
    const nextUrl = await listening(next);
    const logged = await loggedUris(nextUrl, apiKey);
    for (const marker of markers)
      expect(
        logged.some((u) => u.includes(marker)),
        marker,
      ).toBe(true);
    process.kill(next.pid, 'SIGTERM');
    expect((await next.exited).code).toBe(0);
  });
});

describe.skipIf(process.platform !== 'linux')(
  'npm start: bad settings are one line (issue 17)',
  { concurrent: true },
  () => {
    /** The service's own stderr lines (npm's warnings about its own config left out). */
    const lines = (text: string) =>
      text
        .split('\n')
        .map((l) => l.trimEnd())
        .filter((l) => l && !/^npm (warn|notice)\b/.test(l));

    async function refused(env: Record<string, string>) {
      const s = npmStart({ STATIC_DIR: staticDir, DATA_DIR: join(work, `unused-${randomUUID()}`), ...env });
      const { code } = await s.exited;
      return { code, stderr: lines(s.stderr()), stdout: s.stdout() };
    }

    it('PORT=abc', async ({ expect }) => {
      const r = await refused({ PORT: 'abc' });
      expect(r.code).toBe(2);
      expect(r.stderr).toEqual([
        'PORT=abc is not valid: use a whole number from 0 to 65535 (0 takes any free port)',
      ]);
      expect(r.stdout).not.toMatch(/listening/);
    });

    it('a port another process listens on', async ({ expect }) => {
      const busy: Server = createServer();
      const port = await new Promise<number>((resolve) =>
        busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
      );
      try {
        const dataDir = join(work, 'busy-port-data');
        const r = await refused({ PORT: String(port), DATA_DIR: dataDir });
        expect(r.code).toBe(2);
        expect(r.stderr).toEqual([`PORT ${port} is in use: stop the other process or set PORT`]);
        // Refused before anything started: the data folder was not seeded.
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        busy.close();
      }
    });

    it('a DATA_DIR that cannot be created (a file is in the way)', async ({ expect }) => {
      const file = join(work, 'a-file');
      writeFileSync(file, 'not a folder');
      const r = await refused({ PORT: '0', DATA_DIR: join(file, 'data') });
      expect(r.code).toBe(2);
      expect(r.stderr).toEqual([
        `DATA_DIR ${join(file, 'data')} cannot be created: ${file} is a file, not a folder; set DATA_DIR to a folder this user can write to`,
      ]);
    });

    it('HOST empty', async ({ expect }) => {
      const r = await refused({ PORT: '0', HOST: '' });
      expect(r.code).toBe(2);
      expect(r.stderr).toHaveLength(1);
      expect(r.stderr[0]).toMatch(/^HOST="" is empty: /);
    });
  },
);
