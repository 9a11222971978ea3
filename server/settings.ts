// The service's settings from the environment, checked before anything starts. `parseSettings` is pure (env →
// settings, or one line per bad setting naming it and its value); `checkDataDir` and `checkPort` look at the
// machine (is the folder writable, is the port free) and also answer with one line.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Tracking } from '../src/contract/requestLog';
import { seedDayMs } from './db/seed/base';

export interface Settings {
  dataDir: string;
  port: number;
  host: string;
  sessionTtlSeconds?: number;
  logRetention?: number;
  /**
   * REQUEST_LOG_MAX_BYTES / REQUEST_LOG_REPLY_MAX_BYTES: byte budgets of the request log and of one reply;
   * REQUEST_LOG_HOLD_ROWS: rows of a burst the journal holds before anonymous rows are shed (0: no journal);
   * REQUEST_LOG_QUEUE_MAX_BYTES: bytes waiting for the writer in memory before anonymous rows are shed;
   * REQUEST_LOG_ANON_PERCENT: anonymous rows' share of the log's budgets, in percent (anonShare 0.01–0.9).
   */
  logLimits: {
    maxBytes?: number;
    replyMaxBytes?: number;
    holdRows?: number;
    queueMaxBytes?: number;
    anonShare?: number;
  };
  /** REQUEST_TIMEOUT_SECONDS, in ms. */
  requestTimeoutMs?: number;
  corsOrigins: string[];
  staticDir: string;
  development: boolean;
  seedVariant?: 'xss';
  /**
   * SEED_TODAY: the seed's "today" (`YYYY-MM-DD`) for a data folder seeded by this start; unset, the UTC day
   * of seeding. A seeded folder keeps the day it was seeded for.
   */
  seedToday?: string;
  cspConnectSrc: string[];
  tracking: Partial<Tracking>;
  /** ALLOW_DEMO_PASSWORDS: keep the demo passwords (admin/admin, pm/pm) even on a public address. */
  allowDemoPasswords: boolean;
}

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; errors: string[] };

export type Env = Record<string, string | undefined>;

export const DEFAULTS = { port: 8080, host: '127.0.0.1', dataDir: 'data', staticDir: 'dist' } as const;

/** The longest session lifetime accepted: 10 years (the expiry is kept in milliseconds). */
export const MAX_SESSION_TTL_SECONDS = 10 * 365 * 24 * 3600;
/** The most request-log rows that may be kept. */
export const MAX_LOG_RETENTION = 1_000_000_000;

/** `NAME=value` for a message: the value as typed, quoted when it is empty or holds spaces or odd characters. */
export function shown(name: string, value: string): string {
  const text = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `${name}=${/^[\x21-\x7e]+$/.test(text) ? text : JSON.stringify(text)}`;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** An IPv4 or IPv6 address, or a host name (RFC 1123), as `listen` takes it. */
export function isHost(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (value.includes(':')) return isIPv6(value);
  // All-numeric dotted names (`127.1`, `300.1.1.1`) are mistyped addresses, not host names.
  if (/^[\d.]+$/.test(value)) return false;
  return HOST_NAME.test(value);
}

function isIPv6(value: string): boolean {
  // Zone ids (`fe80::1%eth0`) are allowed; the address itself is checked by URL, which knows IPv6.
  const [address, zone] = value.split('%', 2);
  if (zone !== undefined && !/^[\w.-]+$/.test(zone)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname !== '';
  } catch {
    return false;
  }
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** Reads the settings from the environment; every bad setting gives one line naming it and its value. */
export function parseSettings(env: Env, cwd: string = process.cwd()): SettingsResult {
  const errors: string[] = [];

  const integer = (name: string, min: number, max: number, what: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined) return undefined;
    const text = raw.trim();
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      errors.push(`${shown(name, raw)} is not valid: ${what}`);
      return undefined;
    }
    return Number(text);
  };

  const boolean = (name: string, fallback?: boolean): boolean | undefined => {
    const raw = env[name];
    if (raw === undefined) return fallback;
    const text = raw.trim();
    if (TRUE.test(text)) return true;
    if (FALSE.test(text)) return false;
    errors.push(`${shown(name, raw)} is not valid: use true or false (also 1/0, yes/no, on/off)`);
    return fallback;
  };

  const folder = (name: string, fallback: string): string => {
    const raw = env[name];
    if (raw === undefined) return resolve(cwd, fallback);
    if (raw.trim() === '') {
      errors.push(`${shown(name, raw)} is empty: set it to a folder, or leave it unset for ./${fallback}`);
      return resolve(cwd, fallback);
    }
    return isAbsolute(raw) ? raw : resolve(cwd, raw);
  };

  const list = (name: string): string[] =>
    (env[name] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);

  const port = integer('PORT', 0, 65535, 'use a whole number from 0 to 65535 (0 takes any free port)');

  let host: string = DEFAULTS.host;
  if (env.HOST !== undefined) {
    const text = env.HOST.trim();
    if (text === '') {
      errors.push(
        `${shown('HOST', env.HOST)} is empty: set it to the address to listen on (127.0.0.1, 0.0.0.0, ::1, a host name) or leave it unset for ${DEFAULTS.host}`,
      );
    } else if (!isHost(text)) {
      errors.push(
        `${shown('HOST', env.HOST)} is not an IP address or host name: use e.g. 127.0.0.1, 0.0.0.0, ::1 or localhost`,
      );
    } else host = text;
  }

  const sessionTtlSeconds = integer(
    'SESSION_TTL_SECONDS',
    1,
    MAX_SESSION_TTL_SECONDS,
    `use a whole number of seconds from 1 to ${MAX_SESSION_TTL_SECONDS} (default 28800, 8 hours)`,
  );
  const logRetention = integer(
    'REQUEST_LOG_RETENTION',
    1,
    MAX_LOG_RETENTION,
    `use a whole number of rows from 1 to ${MAX_LOG_RETENTION} (default 1000000)`,
  );

  const logMaxBytes = integer(
    'REQUEST_LOG_MAX_BYTES',
    1024 * 1024,
    Number.MAX_SAFE_INTEGER,
    'use a whole number of bytes, at least 1048576 (default 1073741824, 1 GiB)',
  );
  const replyMaxBytes = integer(
    'REQUEST_LOG_REPLY_MAX_BYTES',
    64 * 1024,
    1024 * 1024 * 1024,
    'use a whole number of bytes from 65536 to 1073741824 (default 33554432, 32 MiB)',
  );
  const holdRows = integer(
    'REQUEST_LOG_HOLD_ROWS',
    0,
    1_000_000,
    'use a whole number of rows from 0 (no journal: write every batch as it comes) to 1000000 (default 50000)',
  );
  const queueMaxBytes = integer(
    'REQUEST_LOG_QUEUE_MAX_BYTES',
    1024 * 1024,
    4 * 1024 * 1024 * 1024,
    'use a whole number of bytes from 1048576 to 4294967296 (default 67108864, 64 MiB)',
  );
  const anonPercent = integer(
    'REQUEST_LOG_ANON_PERCENT',
    1,
    90,
    'use a whole number of percent from 1 to 90 (default 10)',
  );
  const requestTimeoutSeconds = integer(
    'REQUEST_TIMEOUT_SECONDS',
    1,
    3600,
    'use a whole number of seconds from 1 to 3600 (default 30)',
  );

  let seedVariant: 'xss' | undefined;
  const variant = env.SEED_VARIANT?.trim();
  if (variant === 'xss') seedVariant = 'xss';
  else if (variant)
    errors.push(`${shown('SEED_VARIANT', env.SEED_VARIANT!)} is not valid: use xss, or leave it unset`);

  let seedToday: string | undefined;
  if (env.SEED_TODAY !== undefined) {
    const day = env.SEED_TODAY.trim();
    if (seedDayMs(day) !== undefined) seedToday = day;
    else
      errors.push(
        `${shown('SEED_TODAY', env.SEED_TODAY)} is not valid: use a day as YYYY-MM-DD (e.g. 2026-11-01), or leave it unset for the day the data folder is seeded`,
      );
  }

  const settings: Settings = {
    dataDir: folder('DATA_DIR', DEFAULTS.dataDir),
    port: port ?? DEFAULTS.port,
    host,
    sessionTtlSeconds,
    logRetention,
    logLimits: {
      maxBytes: logMaxBytes,
      replyMaxBytes,
      holdRows,
      queueMaxBytes,
      anonShare: anonPercent === undefined ? undefined : anonPercent / 100,
    },
    requestTimeoutMs: requestTimeoutSeconds === undefined ? undefined : requestTimeoutSeconds * 1000,
    corsOrigins: list('CORS_ORIGINS'),
    staticDir: folder('STATIC_DIR', DEFAULTS.staticDir),
    development: env.NODE_ENV === 'development',
    seedVariant,
    seedToday,
    cspConnectSrc: list('CSP_CONNECT_SRC'),
    tracking: {
      enableSessionTracking: boolean('TRACK_SESSIONS'),
      enableResponseTracking: boolean('TRACK_RESPONSES'),
      enableErrorTracking: boolean('TRACK_ERRORS'),
    },
    allowDemoPasswords: boolean('ALLOW_DEMO_PASSWORDS', false)!,
  };
  return errors.length ? { ok: false, errors } : { ok: true, settings };
}

/**
 * Makes sure the data folder exists and can be written (by writing and removing a file in it: file modes do not
 * stop root, a read-only mount does). Returns one line saying what is wrong and what to do, or undefined.
 */
export function checkDataDir(dir: string): string | undefined {
  const instead = 'set DATA_DIR to a folder this user can write to';
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) return `DATA_DIR ${dir} is a file, not a folder: ${instead}`;
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      const file = fileOnTheWay(dir);
      return file === dir
        ? `DATA_DIR ${dir} is a file, not a folder: ${instead}`
        : `DATA_DIR ${dir} cannot be created: ${file} is a file, not a folder; ${instead}`;
    }
    if (code === 'EACCES' || code === 'EPERM')
      return `DATA_DIR ${dir} is not writable (permission denied): give this user write access to it, or ${instead}`;
    if (code === 'EROFS') return `DATA_DIR ${dir} is on a read-only file system: ${instead}`;
    if (code === 'ENOSPC') return `DATA_DIR ${dir} is on a full disk: free some space, or ${instead}`;
    return `DATA_DIR ${dir} is not writable (${code ?? (e as Error).message}): ${instead}`;
  }
}

/** The nearest path at or above `path` that exists and is not a folder. */
function fileOnTheWay(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      if (!statSync(p).isDirectory()) return p;
    } catch {
      // does not exist: look further up
    }
    if (dirname(p) === p) return path;
  }
}

/** The one line for an error of `listen` on host:port (port in use, no permission, not an address here). */
export function listenErrorLine(e: unknown, host: string, port: number): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `PORT ${port} is in use: stop the other process or set PORT`;
    case 'EACCES':
      return `PORT ${port} needs more privileges on this machine: use a port from 1024 up, or set PORT=0 for any free port`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine: use 127.0.0.1, 0.0.0.0 or one of its addresses`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve to an address: use an IP address or a host name this machine knows`;
    case 'EAFNOSUPPORT':
      return `HOST ${host} is an IPv6 address but IPv6 is off on this machine: use 127.0.0.1 or 0.0.0.0`;
    default:
      return undefined;
  }
}

/**
 * Tries to listen on host:port and lets go at once, so a busy port is reported before the data folder is
 * opened or seeded. Returns one line (as `listenErrorLine`) or undefined; port 0 always succeeds.
 */
export function checkPort(host: string, port: number): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((done) => {
    const server = createServer();
    server.unref();
    server.once('error', (e) =>
      done(listenErrorLine(e, host, port) ?? `PORT ${port} on HOST ${host}: ${e.message}`),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(undefined)));
  });
}
