// `npm run serve` (and, after the build check, `npm start`): the reference service on PORT (8080), HOST
// (127.0.0.1), data in DATA_DIR (./data), serving the built console from STATIC_DIR (./dist) when it is there.
//
// Start-up: every setting is checked first (server/settings.ts), then the data folder and the port; anything
// wrong is one line on stderr per problem and exit code 2, before the database is opened. A StartupError from
// startService (e.g. demo passwords on a public address) is one line and exit code 2 too.
// Stopping: SIGTERM, SIGINT (Ctrl-C) and SIGHUP close the service (requests in flight finish, the request log
// is written, the database closed) and exit 0; further signals while stopping are ignored. The service also
// stops when its parent process goes away, so `npm start` never leaves it running without npm.
import type { RunningService } from './service';
import { StartupError } from './core/startup-error';
import {
  checkDataDir,
  checkPort,
  listenErrorLine,
  parseSettings,
  type Env,
  type SettingsResult,
} from './settings';
import { versionText } from './version';

/** Exit codes: 0 stopped on request, 1 failed unexpectedly (a stack trace is printed), 2 refused to start. */
export const EXIT = { stopped: 0, failed: 1, refused: 2 } as const;

/** How long a stop may take before the process exits anyway (code 1). */
const STOP_TIMEOUT_MS = 15_000;
/** How often the parent process is looked for. */
const PARENT_POLL_MS = 500;

export interface MainOptions {
  env?: Env;
  /** Stop when the parent process exits (default true). */
  exitWithParent?: boolean;
}

/** The one line for an error that stops start-up, or undefined when it is a bug (printed with its stack). */
function refusal(e: unknown, host: string, port: number): string | undefined {
  if (e instanceof StartupError || (e instanceof Error && e.name === 'StartupError')) return e.message;
  const listen = listenErrorLine(e, host, port);
  if (listen) return listen;
  const code = (e as { code?: unknown } | undefined)?.code;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return `DATA_DIR holds a pm.sqlite that is not a readable database (${code}): move it away, or set DATA_DIR to another folder`;
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY')
    return `DATA_DIR: pm.sqlite cannot be opened for writing (${code}): give this user write access to it, or set DATA_DIR to another folder`;
  return undefined;
}

/** Prints the lines on stderr and sets exit code 2. */
export function refuse(lines: string[]): void {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exitCode = EXIT.refused;
}

/** The settings (server/settings.ts), then the data folder and the port: every problem as one line. */
export async function checkSettings(env: Env): Promise<SettingsResult> {
  const parsed = parseSettings(env);
  if (!parsed.ok) return parsed;
  const { dataDir, host, port } = parsed.settings;
  const folderProblem = checkDataDir(dataDir);
  if (folderProblem) return { ok: false, errors: [folderProblem] };
  const portProblem = await checkPort(host, port);
  if (portProblem) return { ok: false, errors: [portProblem] };
  return parsed;
}

/**
 * Checks the settings, starts the service and stops it on SIGTERM / SIGINT / SIGHUP. Resolves with the running
 * service, or undefined when start-up was refused (the lines are printed and `process.exitCode` is 2).
 */
export async function main(options: MainOptions = {}): Promise<RunningService | undefined> {
  const checked = await checkSettings(options.env ?? process.env);
  if (!checked.ok) return void refuse(checked.errors);
  const settings = checked.settings;

  // Imported only now, so a refused start does not pay for loading the service.
  const { startService } = await import('./service');
  let service: RunningService;
  try {
    service = await startService(settings);
  } catch (e) {
    const line = refusal(e, settings.host, settings.port);
    if (line) return void refuse([line]);
    throw e;
  }

  console.log(`PM Console service ${versionText} listening on ${service.url}/`);
  console.log('Demo users: admin / admin (Admin), pm / pm (project staff)');
  if (service.adminKeyFile) console.log(`Admin API key: see ${service.adminKeyFile}`);
  console.log(
    `Demo data dated around ${service.seedToday} (its "today"; SEED_TODAY pins it for a new data folder)`,
  );
  if (settings.seedToday && settings.seedToday !== service.seedToday)
    console.log(
      `SEED_TODAY=${settings.seedToday} is not used: ${settings.dataDir} was seeded for ${service.seedToday} (a new, empty DATA_DIR takes it)`,
    );

  let stopping: Promise<void> | undefined;
  const stop = (why: string) => {
    if (stopping) return; // a second signal (Ctrl-C reaches both npm and the service, and npm passes it on)
    console.log(`${why}: stopping (finishing requests, writing the request log, closing the database)…`);
    // Not unref'd: it also keeps the process alive while the request-log writer (an unref'd worker thread)
    // finishes, which would otherwise let Node exit with the last rows unwritten and the database open.
    setTimeout(() => {
      console.error(`The service did not stop within ${STOP_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(EXIT.failed);
    }, STOP_TIMEOUT_MS);
    stopping = service.close().then(
      () => {
        console.log('Stopped.');
        process.exit(EXIT.stopped);
      },
      (e: unknown) => {
        console.error('Stopping failed:', e);
        process.exit(EXIT.failed);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));

  if (options.exitWithParent ?? true) {
    // npm forwards SIGTERM and SIGINT, but a parent that dies without passing a signal on (SIGKILL, a shell
    // that does not exec) would leave the service running and holding the port.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop(`The parent process (${parent}) exited`);
    }, PARENT_POLL_MS).unref();
  }
  return service;
}

/** Runs `main` as a command: an unexpected failure is printed with its stack and exits 1. */
export function runMain(options?: MainOptions): void {
  main(options).catch((e: unknown) => {
    console.error(e);
    process.exit(EXIT.failed);
  });
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts')) {
  runMain();
}
