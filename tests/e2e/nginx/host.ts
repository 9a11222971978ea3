// A real static host for the browser tests: the built console (STATIC_DIR, else dist/) copied into a temporary
// folder and served by Debian's nginx under sub-paths, and the reference service on another origin (CORS), with
// config.json rewritten for that host. nginx runs in the foreground as our child, on a free port, with its pid,
// logs and temporary files in the same folder; stop() ends both and removes the folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService, type RunningService } from '../service';
import { consoleCsp, testNginxConf } from './nginx-conf';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export interface StaticHost {
  /** nginx's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  /** The service's origin (config.json's baseUrl). */
  service: string;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

async function until(what: string, ok: () => Promise<boolean>, child: ChildProcess, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await ok().catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** nginx could not listen: the free port it was given was taken before it started. */
class PortTaken extends Error {}

/**
 * nginx's port is chosen before the service starts (the service's CORS origin names it), so on a busy machine
 * another process may take it meanwhile: then the host starts again on another port.
 */
export async function startStaticHost(prefixes: string[]): Promise<StaticHost> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(prefixes);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

async function startOnce(prefixes: string[]): Promise<StaticHost> {
  if (!NGINX) throw new Error('nginx is missing: apt-get install -y nginx (.ci/run installs it)');
  const build = resolve(process.env.STATIC_DIR ?? 'dist');
  if (!existsSync(join(build, 'index.html'))) throw new Error(`${build}/index.html is missing: build first`);

  const dir = mkdtempSync(join(tmpdir(), 'pm-console-nginx-'));
  // nginx's workers run as an unprivileged user when the tests run as root: they must be able to read the site.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'tmp'));
  const site = join(dir, 'site');
  cpSync(build, site, { recursive: true });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let service: RunningService | undefined;
  let nginx: ChildProcess | undefined;
  let stderr = '';
  const stop = async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT'); // graceful stop
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    service = await startService(await freePort(), { CORS_ORIGINS: origin });
    // config.json for this host: the service on its own origin, reached by the JSON reply routes.
    const config = JSON.parse(readFileSync(join(site, 'config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(site, 'config.json'),
      `${JSON.stringify({ ...config, baseUrl: service.url, routeStyle: 'reply' }, null, 2)}\n`,
    );

    const conf = join(dir, 'nginx.conf');
    const csp = consoleCsp(service.url);
    writeFileSync(
      conf,
      testNginxConf({ dir, port, sites: prefixes.map((prefix) => ({ prefix, root: site, csp })) }),
    );
    const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    await until('nginx', async () => (await fetch(`${origin}${prefixes[0]}config.json`)).ok, nginx);
  } catch (e) {
    const said = stderr + readLog(join(dir, 'error.log'));
    const taken = nginx !== undefined && nginx.exitCode !== null && /Address already in use/.test(said);
    await stop();
    throw taken ? new PortTaken(`port ${port} was taken before nginx started`) : e;
  }

  return {
    origin,
    service: service.url,
    errorLog: () => readLog(join(dir, 'error.log')),
    stop,
  };
}
