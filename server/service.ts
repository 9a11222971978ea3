// Starting and stopping the reference service: used by main.ts, the service tests and the benchmarks.
import { join } from 'node:path';
import { buildApp } from './app';
import { isSeeded, openDatabase } from './db/db';
import { seed } from './db/seed';
import { domainHandlers } from './handlers/registry';
import type { Tracking } from './core/requestlog';

export interface ServiceOptions {
  dataDir: string;
  port?: number;
  host?: string;
  sessionTtlSeconds?: number;
  logRetention?: number;
  corsOrigins?: string[];
  staticDir?: string;
  tracking?: Partial<Tracking>;
  development?: boolean;
  /** Seeds an empty database with this variant (`xss`: script-injection strings in every text field). */
  seedVariant?: 'xss';
  /** Extra `connect-src` sources for the console's Content-Security-Policy. */
  cspConnectSrc?: string[];
}

export interface RunningService {
  url: string;
  port: number;
  close(): Promise<void>;
  app: ReturnType<typeof buildApp>;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const db = openDatabase(join(options.dataDir, 'pm.sqlite'));
  if (!isSeeded(db)) seed(db, { variant: options.seedVariant });
  const built = buildApp({
    db,
    handlers: domainHandlers,
    sessionTtlMs: (options.sessionTtlSeconds ?? 8 * 3600) * 1000,
    logRetention: options.logRetention,
    corsOrigins: options.corsOrigins,
    staticDir: options.staticDir,
    tracking: options.tracking,
    development: options.development,
    cspConnectSrc: options.cspConnectSrc,
  });
  const host = options.host ?? '127.0.0.1';
  await built.app.listen({ port: options.port ?? 0, host });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app: built,
    async close() {
      await built.app.close();
      db.close();
    },
  };
}
